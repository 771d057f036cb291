// The one check every chosen resume file goes through (resume.ts): step 3's drop zone and
// picker and step 1's autofill. Row by row, then over generated hostile names and types.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RESUME_TYPES } from '../shared/constants.ts';
import { claimedResumeType } from '../shared/resume-type.ts';
import { chooseResume, isHeld } from './resume.ts';

const MAX = 10;
const file = (name: string, bytes = 1, type = '') =>
  new File([new Uint8Array(bytes)], name, { type });

describe('chooseResume', () => {
  it.each<[string, File[], string | { filename: string; filetype: string }]>([
    ['no file', [], 'resumeFileType'],
    ['two files', [file('a.pdf'), file('b.pdf')], 'resumeFileType'],
    ['a file over the limit', [file('cv.pdf', MAX + 1)], 'resumeTooLarge'],
    [
      'a file over the limit of a type we refuse (the size is said first)',
      [file('cv.exe', MAX + 1)],
      'resumeTooLarge',
    ],
    ['a file at the limit', [file('cv.pdf', MAX)], { filename: 'cv.pdf', filetype: 'pdf' }],
    [
      'an empty file (the reader says so, not this check)',
      [file('cv.txt', 0)],
      { filename: 'cv.txt', filetype: 'txt' },
    ],
    ['a type we refuse', [file('cv.exe')], 'resumeFileType'],
    ['no extension and no type', [file('resume')], 'resumeFileType'],
    ['an upper-case extension', [file('CV.DOCX')], { filename: 'CV.DOCX', filetype: 'docx' }],
    [
      'no extension, a PDF by its type',
      [file('resume', 1, 'application/pdf')],
      { filename: 'resume', filetype: 'pdf' },
    ],
  ])('%s', (_case, files, expected) => {
    const chosen = chooseResume(files, MAX);
    if (typeof expected === 'string') expect(chosen).toBe(expected);
    else expect(chosen).toEqual({ ...expected, pending: files[0] });
  });

  it.each(RESUME_TYPES)('holds a .%s file', (type) => {
    expect(chooseResume([file(`cv.${type}`)], MAX)).toMatchObject({ filetype: type });
  });

  it('holds the very file, by its own name, for any name and type it is given, or says which message', () => {
    const name = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 300 }),
      fc.string({ maxLength: 5_000 }),
      fc.constantFrom(
        '',
        '.',
        '..',
        '../../etc/passwd.pdf',
        'cv.pdf\u0000.exe',
        'cv.\u202efdp',
        'CON.pdf',
      ),
      fc
        .tuple(fc.string({ maxLength: 200 }), fc.constantFrom(...RESUME_TYPES))
        .map(([stem, type]) => `${stem}.${type}`),
    );
    const type = fc.oneof(
      fc.constant(''),
      fc.string({ maxLength: 100 }),
      fc.constantFrom('application/pdf', 'text/plain; charset=utf-8', 'application/x-msdownload'),
    );
    fc.assert(
      fc.property(name, type, fc.integer({ min: 0, max: MAX + 2 }), (fileName, mimeType, bytes) => {
        const chosen = file(fileName, bytes, mimeType);
        const result = chooseResume([chosen], MAX);
        if (bytes > MAX) return result === 'resumeTooLarge';
        const claimed = claimedResumeType(chosen.name, chosen.type);
        if (claimed === null) return result === 'resumeFileType';
        return (
          typeof result !== 'string' &&
          result.pending === chosen &&
          result.filename === chosen.name &&
          result.filetype === claimed &&
          (RESUME_TYPES as readonly string[]).includes(result.filetype)
        );
      }),
    );
  });
});

describe('isHeld', () => {
  it.each<[string, Parameters<typeof isHeld>[0], boolean]>([
    ['no resume', null, false],
    ['a link', { url: 'https://example.com/cv.pdf' }, false],
    [
      'an uploaded file',
      { filename: 'cv.pdf', filetype: 'pdf', uploadedUrl: '/candidate/resumes/x-cv.pdf' },
      false,
    ],
    ['a held file', { filename: 'cv.pdf', filetype: 'pdf', pending: file('cv.pdf') }, true],
  ])('%s: %s', (_case, resume, held) => {
    expect(isHeld(resume)).toBe(held);
  });
});
