// GET /candidate/resumes/{filename}: stored bytes as an attachment, and 404 for anything that
// is not a stored resume, however it is spelled (docs/api.md).
import { randomUUID } from 'node:crypto';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StartedApp, startApp } from './helpers/app.ts';
import { fixture, RESUME_FIXTURES } from './helpers/fixtures.ts';
import { browserUpload } from './helpers/upload.ts';

let started: StartedApp;
const stored = new Map<string, string>();

beforeAll(async () => {
  started = await startApp();
  for (const { type, file, mime } of RESUME_FIXTURES) {
    const answer = await browserUpload(started.base, fixture(file), file, mime);
    if (answer.status !== 200) throw new Error(`upload of ${file} failed: ${answer.status}`);
    stored.set(type, (answer.body as { filename: string }).filename);
  }
});

afterAll(async () => {
  await started?.close();
});

/** GET with the path exactly as written: no URL normalisation on the way. */
function rawGet(rawPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(started.base);
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: rawPath,
        method: 'GET',
        agent: false,
        timeout: 5_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('no answer in time')));
    req.on('error', reject);
    req.end();
  });
}

describe('a stored resume', () => {
  for (const { type, file, mime } of RESUME_FIXTURES) {
    it(`is served as ${mime}, nosniff, as an attachment, byte for byte (${type})`, async () => {
      const name = stored.get(type) ?? '';
      const response = await fetch(`${started.base}/candidate/resumes/${name}`, {
        signal: AbortSignal.timeout(5_000),
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(mime);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${name}"`);
      expect(Buffer.from(await response.arrayBuffer()).equals(fixture(file))).toBe(true);
    });
  }
});

describe('a resume stored under an earlier name', () => {
  it('is served still: the links given out before names lost their stem keep working', async () => {
    // `<random>-<stem>.<ext>`, as uploads were named before; the provider may fetch it later.
    const name = '00112233445566778899aabbccddeeff-Jane_Doe_Resume.pdf';
    await writeFile(path.join(started.uploadDir, name), fixture('resume.pdf'));
    const response = await fetch(`${started.base}/candidate/resumes/${name}`, {
      signal: AbortSignal.timeout(5_000),
    });
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(fixture('resume.pdf'))).toBe(true);
  });
});

describe('anything else', () => {
  it('answers 404 for a well-formed name that was never stored', async () => {
    const response = await fetch(
      `${started.base}/candidate/resumes/0123456789abcdef0123456789abcdef-cv.pdf`,
    );
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Not Found', message: 'No such resume' });
  });

  it.each([
    '..%2F..%2Fpackage.json',
    '%2e%2e%2fpackage.json',
    '%2E%2E%2F%2E%2E%2Fpackage.json',
    '..%5C..%5Cpackage.json',
    '....//x',
    '..%2F..%2F..%2Fweb%2Findex.html',
    '%2e%2e',
  ])('answers 404 for the traversal %s', async (name) => {
    const response = await rawGet(`/candidate/resumes/${name}`);
    expect(response.status).toBe(404);
    expect(response.body).not.toContain('Resume Library Registration');
    expect(response.body).not.toContain('"name"');
  });

  it('answers 404 for a resume that exists only outside the upload directory, by name and by traversal', async () => {
    // srv/data/outside.pdf sits beside the upload directory srv/data/resumes.
    const outside = path.join(path.dirname(started.uploadDir), 'outside.pdf');
    await writeFile(outside, fixture('resume.pdf'));
    for (const rawPath of [
      '/candidate/resumes/outside.pdf',
      '/candidate/resumes/..%2Foutside.pdf',
      '/candidate/resumes/%2e%2e%2foutside.pdf',
      '/candidate/resumes/../outside.pdf',
      '/candidate/resumes/..\\outside.pdf',
    ]) {
      const response = await rawGet(rawPath);
      expect({ rawPath, status: response.status }).toEqual({ rawPath, status: 404 });
      expect(response.body).not.toContain('%PDF');
    }
  });

  it('answers 404 for a link in the upload directory that points outside it', async () => {
    const outside = path.join(started.root, 'secret.pdf');
    await writeFile(outside, fixture('resume.pdf'));
    const name = `${'f'.repeat(32)}-link.pdf`;
    await symlink(outside, path.join(started.uploadDir, name));
    const response = await rawGet(`/candidate/resumes/${name}`);
    expect(response.status).toBe(404);
    expect(response.body).not.toContain('%PDF');
  });

  it('answers 404 for a directory that looks like a resume', async () => {
    const name = `${'e'.repeat(32)}-folder.pdf`;
    await mkdir(path.join(started.uploadDir, name));
    const response = await rawGet(`/candidate/resumes/${name}`);
    expect(response.status).toBe(404);
  });

  it('answers 404 for a temporary upload file, with or without an extension', async () => {
    const temporary = `.upload-${randomUUID()}`;
    await writeFile(path.join(started.uploadDir, temporary), fixture('resume.pdf'));
    await writeFile(path.join(started.uploadDir, `${temporary}.pdf`), fixture('resume.pdf'));
    for (const name of [temporary, `${temporary}.pdf`, encodeURIComponent(`${temporary}.pdf`)]) {
      const response = await rawGet(`/candidate/resumes/${name}`);
      expect({ name, status: response.status }).toEqual({ name, status: 404 });
      expect(response.body).not.toContain('%PDF');
    }
  });

  it.each([
    '/candidate/resumes/%zz.pdf',
    '/candidate/resumes/%',
    '/candidate/resumes/%E0%A4%A.pdf',
    '/candidate/resumes/0123456789abcdef0123456789abcdef-%ZZcv.pdf',
  ])('answers 404 for the malformed percent-encoding %s, echoing nothing', async (rawPath) => {
    const response = await rawGet(rawPath);
    expect(response).toEqual({
      status: 404,
      body: JSON.stringify({ error: 'Not Found', message: 'No such resume' }),
    });
  });

  it.each([
    ['/api/%zz', JSON.stringify({ error: 'Not Found', message: 'No such route' })],
    ['/%zz', 'Not found'],
  ])(
    'answers 404 for the malformed percent-encoding %s elsewhere, echoing nothing',
    async (rawPath, body) => {
      expect(await rawGet(rawPath)).toEqual({ status: 404, body });
    },
  );

  it('answers 404 for a file in the upload directory under a name the upload route never gives', async () => {
    for (const name of ['cv.pdf', `${'a'.repeat(32)}-cv_.pdf`, `${'a'.repeat(32)}-cv.PDF`]) {
      await writeFile(path.join(started.uploadDir, name), fixture('resume.pdf'));
      const response = await rawGet(`/candidate/resumes/${name}`);
      expect({ name, status: response.status }).toEqual({ name, status: 404 });
      expect(response.body).not.toContain('%PDF');
    }
  });

  it('answers 404 for a name longer than any stored one, without echoing it', async () => {
    const name = `${'a'.repeat(32)}-${'b'.repeat(200)}.pdf`;
    const response = await rawGet(`/candidate/resumes/${name}`);
    expect(response).toEqual({
      status: 404,
      body: JSON.stringify({ error: 'Not Found', message: 'No such resume' }),
    });
  });

  it('answers 404 for a stored name with a different extension or letter case', async () => {
    const name = stored.get('pdf') ?? '';
    for (const variant of [name.replace(/\.pdf$/, '.txt'), name.toUpperCase()]) {
      const response = await rawGet(`/candidate/resumes/${variant}`);
      expect({ variant, status: response.status }).toEqual({ variant, status: 404 });
    }
  });
});
