// Every successful upload's URL serves its bytes, whatever name the client sent: long names,
// names that clean up to nothing, unicode, emoji, dots and path tricks (issue 12: about 15% of
// fuzzed uploads once answered a URL that gave 404).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isStoredResumeName } from '../src/shared/upload-name.ts';
import { type StartedApp, startApp } from './helpers/app.ts';
import { fixture, RESUME_FIXTURES } from './helpers/fixtures.ts';
import { hostileNames } from './helpers/hostile-names.ts';
import { type FormPart, upload } from './helpers/upload.ts';

const PUBLIC_BASE_URL = 'https://jobs.example.com';

let started: StartedApp;

beforeAll(async () => {
  // A public address; no registration here, so the sandbox is chosen by name.
  started = await startApp({ PUBLIC_BASE_URL, PROVIDER: 'sandbox' });
});

// A thousand uploads leave sockets open; closing waited on them for over a minute once in CI.
// The suite is about names, not shutdown (test/ops/shutdown.test.ts), so they are cut first.
afterAll(async () => {
  started?.app.server.closeAllConnections();
  await started?.close();
});

const FILES = RESUME_FIXTURES.map((entry) => ({ ...entry, bytes: fixture(entry.file) }));

/** The URL's path on this server: PUBLIC_BASE_URL is where the provider would reach it. */
function localUrl(url: string): string {
  expect(url.startsWith(`${PUBLIC_BASE_URL}/candidate/resumes/`)).toBe(true);
  return `${started.base}${url.slice(PUBLIC_BASE_URL.length)}`;
}

async function uploadAndFetch(parts: FormPart[], bytes: Buffer) {
  const answer = await upload(started.base, parts);
  expect(answer.status).toBe(200);
  const { filename, url } = answer.body as { filename: string; url: string };
  expect(isStoredResumeName(filename)).toBe(true);
  expect(url).toBe(`${PUBLIC_BASE_URL}/candidate/resumes/${filename}`);
  const served = await fetch(localUrl(url), { signal: AbortSignal.timeout(5_000) });
  expect(served.status).toBe(200);
  expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
  return filename;
}

describe('the URL of an upload', () => {
  it.each([
    [
      'the reported long name',
      '1700000000000-abc123xyz-Jane_Doe_Senior_Software_Engineer_Resume_2024.pdf',
    ],
    ['a name of 300 characters', `1700000000000-abc123xyz-${'A'.repeat(300)}.pdf`],
    ['a dot', '.'],
    ['two dots', '..'],
    ['a dash', '-'],
    ['emoji only', '😀🎉.pdf'],
  ])('serves the file for %s, under a name that carries nothing of it', async (_what, hint) => {
    const pdf = FILES[0];
    if (!pdf) throw new Error('no PDF fixture');
    const filename = await uploadAndFetch(
      [
        { field: 'filename', value: hint },
        { file: pdf.bytes, name: 'cv.pdf', type: pdf.mime },
      ],
      pdf.bytes,
    );
    expect(filename).toMatch(/^[0-9a-f]{32}\.pdf$/);
  });

  // 1,000 uploads over real HTTP (10,000 more hints in src/shared/upload-name.test.ts): about
  // 7 s alone, more than the default 20 s while other suites share the two cores.
  it('serves its bytes for any hint and any resume type (property, over real HTTP)', {
    timeout: 120_000,
  }, async () => {
    const hint = fc.option(hostileNames(200), { nil: undefined });
    const partName = fc.oneof(fc.constant('cv'), fc.string({ unit: 'grapheme', maxLength: 80 }));
    await fc.assert(
      fc.asyncProperty(hint, partName, fc.constantFrom(...FILES), async (value, name, file) => {
        const parts: FormPart[] = value === undefined ? [] : [{ field: 'filename', value }];
        // The part's own name carries the type, as a browser's does; the hint may not.
        parts.push({ file: file.bytes, name: `${name}.${file.type}`, type: file.mime });
        const filename = await uploadAndFetch(parts, file.bytes);
        expect(filename.endsWith(`.${file.type}`)).toBe(true);
      }),
      { numRuns: 1_000 },
    );
  });
});
