// The corpus of test/fixtures/resumes (scripts/make-resume-corpus.mjs writes it) read through
// the readers and the extraction: per field, precision (a filled value is right) and recall (a
// known value is filled) over the whole corpus, printed as a table (console.log: the setup fails
// a test on console.error only); the files that cannot be read give their failure, fill nothing.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Extracted, extractFields } from '../src/web/autofill/extract.ts';
import { RESUME_FIELDS } from '../src/web/autofill/fill.ts';
import { readResume } from '../src/web/autofill/read.ts';
import type { ReadFailure } from '../src/web/autofill/read-result.ts';
import { loadNodePdfjs } from './helpers/node-pdfjs.ts';

const DIR = path.resolve(import.meta.dirname, 'fixtures/resumes');
const MIN_PRECISION = 0.98;
const MIN_RECALL = 0.9;
/** Every field the autofill may fill: the corpus measures each. */
const FIELDS = RESUME_FIELDS;

interface Answer {
  about: string;
  fields?: Extracted;
  failure?: ReadFailure;
}
const answers: Record<string, Answer> = JSON.parse(
  readFileSync(path.join(DIR, 'answers.json'), 'utf8'),
);

async function extract(file: string) {
  const bytes = new Uint8Array(readFileSync(path.join(DIR, file)));
  const read = await readResume(bytes, { loadPdfjs: loadNodePdfjs });
  return { read, fields: read.ok ? extractFields(read.lines) : {} };
}

const results = await Promise.all(
  Object.entries(answers).map(async ([file, answer]) => ({
    file,
    answer,
    ...(await extract(file)),
  })),
);

interface Score {
  filled: number;
  right: number;
  known: number;
  found: number;
}

function scores() {
  const table = Object.fromEntries(
    FIELDS.map((field) => [field, { filled: 0, right: 0, known: 0, found: 0 }]),
  ) as Record<(typeof FIELDS)[number], Score>;
  const misses: string[] = [];
  for (const { file, answer, fields } of results) {
    for (const field of FIELDS) {
      const expected = answer.fields?.[field];
      const got = fields[field];
      const score = table[field];
      if (got !== undefined) score.filled++;
      if (expected !== undefined) score.known++;
      if (got !== undefined && got === expected) score.right++;
      if (expected !== undefined && got !== undefined) score.found++;
      if (got !== expected)
        misses.push(
          `${file} ${field}: got ${JSON.stringify(got)}, expected ${JSON.stringify(expected)}`,
        );
    }
  }
  return { table, misses };
}

const percent = (part: number, whole: number) => (whole === 0 ? 1 : part / whole);
const { table, misses } = scores();

describe('the resume corpus', () => {
  it('holds at least 30 readable resumes and the five kinds of failure', () => {
    const readable = results.filter((result) => result.answer.fields);
    expect(readable.length).toBeGreaterThanOrEqual(30);
    expect(new Set(results.map((result) => result.answer.failure).filter(Boolean))).toEqual(
      new Set(['no-text', 'encrypted', 'unsupported', 'unreadable']),
    );
  });

  it.each(
    results
      .filter((result) => result.answer.failure)
      .map((result) => [result.file, result] as const),
  )('%s gives its failure and fills nothing', (_file, result) => {
    expect(result.read).toEqual({ ok: false, reason: result.answer.failure });
    expect(result.fields).toEqual({});
  });

  it(`fills each field with precision ≥ ${MIN_PRECISION * 100}% and recall ≥ ${MIN_RECALL * 100}%`, () => {
    const rows = FIELDS.map((field) => {
      const { filled, right, known, found } = table[field];
      return `${field.padEnd(18)} ${`${right}/${filled}`.padStart(7)} ${(percent(right, filled) * 100).toFixed(1).padStart(6)}%   ${`${found}/${known}`.padStart(7)} ${(percent(found, known) * 100).toFixed(1).padStart(6)}%`;
    });
    console.log(
      `\nResume corpus: ${results.length} files\n${'field'.padEnd(18)} ${'precision'.padStart(15)}   ${'recall'.padStart(15)}\n${rows.join('\n')}\n` +
        (misses.length ? `\nDifferences:\n${misses.join('\n')}\n` : ''),
    );
    for (const field of FIELDS) {
      const { filled, right, known, found } = table[field];
      expect(percent(right, filled), `${field} precision`).toBeGreaterThanOrEqual(MIN_PRECISION);
      expect(percent(found, known), `${field} recall`).toBeGreaterThanOrEqual(MIN_RECALL);
    }
  });
});
