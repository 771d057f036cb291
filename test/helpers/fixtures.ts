// The real resume files in test/fixtures (made by test/fixtures/make-fixtures.mjs).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ResumeType } from '../../src/shared/constants.ts';

const FIXTURES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures');

export function fixture(name: string): Buffer {
  return readFileSync(path.join(FIXTURES_DIR, name));
}

/** One real file of each allowed type, with the MIME type a browser reports for it. */
export const RESUME_FIXTURES: { type: ResumeType; file: string; mime: string }[] = [
  { type: 'pdf', file: 'resume.pdf', mime: 'application/pdf' },
  { type: 'doc', file: 'resume.doc', mime: 'application/msword' },
  {
    type: 'docx',
    file: 'resume.docx',
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
  { type: 'txt', file: 'resume.txt', mime: 'text/plain' },
  { type: 'rtf', file: 'resume.rtf', mime: 'application/rtf' },
];

/** What a stored name looks like: 128 random bits in hex and the type, nothing of the file's name. */
export const STORED_NAME = /^[0-9a-f]{32}\.(pdf|doc|docx|txt|rtf)$/;
