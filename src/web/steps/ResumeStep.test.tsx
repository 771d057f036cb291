import { describe, expect, it } from 'vitest';
import { RESUME_HINT } from './ResumeStep.tsx';

describe('the resume hint', () => {
  it('is written from the accepted types and the size limit', () => {
    expect(RESUME_HINT).toBe('PDF, DOC, DOCX, TXT or RTF, up to 5 MB — or a link to your resume.');
  });
});
