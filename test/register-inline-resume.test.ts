// POST /api/register with the resume inline (uploaded_resume): the same checks as POST /api/upload
// (docs/api.md), over real HTTP against a provider stand-in.
import { describe, expect, it } from 'vitest';
import { UPLOAD_ERRORS } from '../src/shared/messages.ts';
import { startAppOnStandIn } from './helpers/app-on-stand-in.ts';
import { candidate, register } from './helpers/candidate.ts';
import { respond } from './helpers/provider-stand-in.mjs';

const { standIn, started } = await startAppOnStandIn({}, respond(201, { id: 'cand-1' }));

const withResume = (uploaded_resume: unknown) => candidate({ uploaded_resume });

describe('an inline resume (uploaded_resume)', () => {
  it('issue 43: content that is not base64, a path for a name and an exe type get 400, and the provider is not called', async () => {
    const answer = await register(
      started.base,
      withResume({
        resume_content_base64: '%%% not base64 %%%',
        resume_filename: '../../x.exe',
        resume_filetype: 'exe',
      }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      ok: false,
      status: 400,
      errors: { uploaded_resume: [expect.any(String)] },
    });
    expect(standIn.requests).toHaveLength(0);
  });

  it('a real PDF reaches the provider as resume.pdf / pdf, whatever name and type it came with', async () => {
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj<<>>endobj\n%%EOF\n').toString('base64');
    const answer = await register(
      started.base,
      withResume({
        resume_content_base64: `\n ${pdf} \n`,
        resume_filename: '../../Ada Lovelace.exe',
        resume_filetype: 'exe',
      }),
    );
    expect(answer.status).toBe(201);
    expect(standIn.requests).toHaveLength(1);
    expect(standIn.requests[0]?.body).toHaveProperty('uploaded_resume', {
      resume_content_base64: pdf,
      resume_filename: 'resume.pdf',
      resume_filetype: 'pdf',
    });
  });

  it.each([
    [
      'an executable',
      Buffer.from('MZ\x90\x00\x03\x00\x00\x00').toString('base64'),
      UPLOAD_ERRORS.type,
    ],
    [
      'one byte over 5 MB',
      Buffer.alloc(5 * 1024 * 1024 + 1, 0x41).toString('base64'),
      UPLOAD_ERRORS.tooLarge,
    ],
  ])(
    '%s gets 400 with the upload route’s message on uploaded_resume, and the provider is not called',
    async (_name, content, message) => {
      const answer = await register(started.base, withResume({ resume_content_base64: content }));
      expect(answer).toMatchObject({
        status: 400,
        body: { ok: false, status: 400, message, errors: { uploaded_resume: [message] } },
      });
      expect(standIn.requests).toHaveLength(0);
    },
  );

  it('answers in the request’s language', async () => {
    const answer = await register(
      started.base,
      withResume({
        resume_content_base64: Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0]).toString('base64'),
      }),
      { 'accept-language': 'es-US' },
    );
    expect(answer.status).toBe(400);
    const { message } = answer.body as { message: string };
    expect(message).not.toBe(UPLOAD_ERRORS.type);
    expect(message).toMatch(/PDF, DOC, DOCX, TXT/);
    expect(standIn.requests).toHaveLength(0);
  });
});
