// The form's own check on the values a resume gave (valid.ts): the page fills what passes it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_LENGTHS } from '../../shared/constants.ts';
import { validFields } from './valid.ts';

describe('validFields', () => {
  it('keeps every value the form takes', () => {
    const fields = {
      first_name: 'Mara',
      last_name: 'Quill',
      email: 'mara@example.com',
      phone: '+15055550142',
      zip_code: '87571',
      home_town: 'Taos, NM',
      latest_job_title: 'Harbour Surveyor',
      key_skills: 'Sextant, Tide tables',
    };
    expect(validFields(fields)).toEqual(fields);
  });

  it.each([
    ['first_name', 'https://spam.example'],
    ['email', 'mara@'],
    ['zip_code', '8757'],
    ['latest_job_title', 'S'.repeat(MAX_LENGTHS.latest_job_title + 1)],
    ['key_skills', 'S'.repeat(MAX_LENGTHS.key_skills + 1)],
  ] as const)('drops a %s the form refuses', (field, value) => {
    expect(validFields({ first_name: 'Mara', [field]: value })).toEqual(
      field === 'first_name' ? {} : { first_name: 'Mara' },
    );
  });
});

/** The project's files a module imports for its code (type-only imports are erased), and theirs. */
function importedFrom(file: string, seen = new Set<string>()): Set<string> {
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  for (const [, what, from] of source.matchAll(
    /^(?:import|export) (type )?[^;]*? from '(\.{1,2}\/[^']+)';$/gms,
  )) {
    const target = path.resolve(path.dirname(file), from ?? '');
    if (what === undefined && !seen.has(target)) importedFrom(target, seen);
  }
  return seen;
}

describe("the reader's worker", () => {
  it('holds no form schema: what it runs imports no shared/schema.ts, directly or not', () => {
    const worker = importedFrom(path.join(import.meta.dirname, 'read-fields.ts'));
    const schema = path.resolve(import.meta.dirname, '../../shared/schema.ts');
    expect(worker.has(path.join(import.meta.dirname, 'found.ts'))).toBe(true);
    expect(worker.has(schema)).toBe(false);
    // The page's path does: what the worker found passes the form's check there.
    expect(importedFrom(path.join(import.meta.dirname, 'autofill.ts')).has(schema)).toBe(true);
  });
});
