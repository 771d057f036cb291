// DELETE /api/upload/<name> over real HTTP (docs/api.md): the uploader alone, who holds the upload's
// delete token, takes a file back ("Clear this form"); idempotent, limited as uploads are, and
// nothing else of the store is reachable, whatever the name or the token.
import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DELETE_REFUSED } from '../src/server/routes/upload.ts';
import { DELETE_TOKEN_HEADER } from '../src/shared/contract.ts';
import { listFiles, type StartedApp, startApp } from './helpers/app.ts';
import { browserUpload } from './helpers/upload.ts';

const PDF = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

interface Uploaded {
  filename: string;
  url: string;
  delete_token: string;
}

let started: StartedApp;

async function uploadOne(): Promise<Uploaded> {
  const { status, body } = await browserUpload(started.base, PDF, 'cv.pdf', 'application/pdf');
  expect(status).toBe(200);
  return body as Uploaded;
}

/** DELETE /api/upload/<path> with `token` (none when undefined); the status and body. */
async function remove(path: string, token?: string) {
  const response = await fetch(`${started.base}/api/upload/${path}`, {
    method: 'DELETE',
    headers: token === undefined ? {} : { [DELETE_TOKEN_HEADER]: token },
    signal: AbortSignal.timeout(5_000),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
}

const NO_SUCH_ROUTE = { error: 'Not Found', message: 'No such route' };

const markers = async () => readdir(`${started.uploadDir}/.pending`).catch(() => []);

describe('with the default limits off', () => {
  beforeEach(async () => {
    started = await startApp({ PROVIDER: 'sandbox' });
  });
  afterEach(async () => {
    await started?.close();
  });

  it('deletes the file and its pending marker with its delete token, and says so again and again', async () => {
    const uploaded = await uploadOne();
    expect(await listFiles(started.uploadDir)).toEqual([uploaded.filename]);
    expect(await markers()).toEqual([uploaded.filename]);

    expect(await remove(uploaded.filename, uploaded.delete_token)).toEqual({
      status: 204,
      body: null,
    });
    expect(await listFiles(started.uploadDir)).toEqual([]);
    expect(await markers()).toEqual([]);
    expect((await fetch(uploaded.url.replace(/^https?:\/\/[^/]+/, started.base))).status).toBe(404);
    // Idempotent: gone is gone.
    expect(await remove(uploaded.filename, uploaded.delete_token)).toEqual({
      status: 204,
      body: null,
    });
  });

  it('refuses without the token, with another upload’s, or with one written otherwise, and keeps the file', async () => {
    const [mine, theirs] = [await uploadOne(), await uploadOne()];
    for (const token of [
      undefined,
      '',
      theirs.delete_token,
      mine.delete_token.toUpperCase(),
      `${mine.delete_token}=`,
      mine.delete_token.slice(0, -1),
    ]) {
      expect(await remove(mine.filename, token), String(token)).toEqual({
        status: 403,
        body: DELETE_REFUSED.forbidden,
      });
    }
    expect(await listFiles(started.uploadDir)).toEqual([mine.filename, theirs.filename].sort());
  });

  it('answers 404 for any name the upload route does not give out, and touches nothing', async () => {
    const uploaded = await uploadOne();
    for (const path of [
      '..%2F..%2Fetc%2Fpasswd',
      '%2E%2E',
      '.pending',
      `.pending%2F${uploaded.filename}`,
      `${uploaded.filename}%00`,
      uploaded.filename.toUpperCase(),
      'a'.repeat(90),
    ]) {
      // Or the router's own 404, for a path it does not take as one name (`..`).
      expect([DELETE_REFUSED.notFound, NO_SUCH_ROUTE], path).toContainEqual(
        await remove(path, uploaded.delete_token).then(({ status, body }) => {
          expect(status, path).toBe(404);
          return body;
        }),
      );
    }
    expect(await listFiles(started.uploadDir)).toEqual([uploaded.filename]);
  });

  it('deletes nothing for any hostile name and token but the one upload they prove', async () => {
    const uploaded = await uploadOne();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 300 }),
          fc.constantFrom('..', '.', '%2e%2e%2f', uploaded.filename.replace('.pdf', '.txt')),
          fc.stringMatching(/^[0-9a-f]{32}\.(pdf|doc|docx|txt|rtf)$/),
        ),
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 100 }),
          fc.stringMatching(/^[A-Za-z0-9_-]{22}$/),
          fc.constant(uploaded.delete_token),
        ),
        async (name, token) => {
          fc.pre(name !== uploaded.filename);
          const { status } = await remove(
            encodeURIComponent(name),
            token.replace(/[^\t\x20-\x7e]/g, ''),
          );
          expect([403, 404]).toContain(status);
          expect(await listFiles(started.uploadDir)).toEqual([uploaded.filename]);
        },
      ),
      { numRuns: 60 },
    );
  });
});

it('is documented with the answers it gives (docs/api.md)', () => {
  const api = readFileSync(path.join(import.meta.dirname, '../docs/api.md'), 'utf8');
  expect(api).toContain('`DELETE /api/upload/{filename}`');
  expect(api).toContain(
    `header \`${DELETE_TOKEN_HEADER.replace(/(^|-)\w/g, (c) => c.toUpperCase())}\``,
  );
  for (const refusal of [DELETE_REFUSED.forbidden, DELETE_REFUSED.notFound]) {
    expect(api).toContain(JSON.stringify(refusal));
  }
});

describe('with RATE_LIMIT_UPLOAD=2/1m', () => {
  beforeEach(async () => {
    started = await startApp({ PROVIDER: 'sandbox', RATE_LIMIT_UPLOAD: '2/1m' });
  });
  afterEach(async () => {
    await started?.close();
  });

  it('is limited as uploads are: the third in the window gets 429', async () => {
    const name = `${'0'.repeat(32)}.pdf`;
    expect((await remove(name, 'x')).status).toBe(403);
    expect((await remove(name, 'x')).status).toBe(403);
    expect(await remove(name, 'x')).toEqual({
      status: 429,
      body: { success: false, error: 'Too many requests. Please try again later.' },
    });
  });
});
