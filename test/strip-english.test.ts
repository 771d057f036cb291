// The browser's production build drops the English of the hand-written message descriptors
// (vite.config.ts withoutEnglish): the page's catalogue holds the text, in its language.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { withoutEnglish } from '../vite.config.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

describe('withoutEnglish', () => {
  it.each([
    [
      "a: /*i18n*/ { id: 'field.email', message: 'Please enter a valid email address' },",
      "a: /*i18n*/ { id: 'field.email', },",
    ],
    [
      "a: /*i18n*/ {\n    id: 'x.y',\n    message:\n      'It\\'s long, {n}',\n    values: { n },\n  },",
      "a: /*i18n*/ {\n    id: 'x.y',\n    values: { n },\n  },",
    ],
    [
      'f = () => /*i18n*/ ({ id: \'a.b\', message: "Say \\"hi\\"", values: { x } })',
      "f = () => /*i18n*/ ({ id: 'a.b', values: { x } })",
    ],
    // Not a descriptor: left alone.
    ["const x = { id: 'a', message: 'kept' };", "const x = { id: 'a', message: 'kept' };"],
  ])('%j → %j', (code, expected) => {
    expect(withoutEnglish(code)).toBe(expected);
  });

  it.each(['src/shared/messages.ts', 'src/web/autofill/texts.ts'])(
    'leaves no English message in %s, and every id',
    async (file) => {
      const code = await readFile(path.join(ROOT, file), 'utf8');
      const ids = [...code.matchAll(/\/\*i18n\*\/\s*\(?\{\s*id:\s*'([^']+)'/g)].map((m) => m[1]);
      expect(ids.length).toBeGreaterThan(2);
      const stripped = withoutEnglish(code);
      expect(
        [...stripped.matchAll(/\/\*i18n\*\/\s*\(?\{\s*id:\s*'([^']+)'/g)].map((m) => m[1]),
      ).toEqual(ids);
      expect(stripped).not.toMatch(/\/\*i18n\*\/\s*\(?\{\s*id:\s*'[^']+',\s*message:/);
    },
  );
});
