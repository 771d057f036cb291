// An unexpected error in a route of the BUILT server (the bundle, as operators run it) is logged
// with a stack that names our source files at the right lines, and the client's 500 says nothing
// of it (docs/decisions/011); so is an error of Node's own file system, which comes with no
// frames at all. No browser: the built server, a failing bucket or directory, and its log.
//
// Here, rather than in Vitest: it needs dist/server as `npm run build` makes it (the bundle, the
// maps beside it, boot.ts turning them on), which exists only in the browser phase of `npm test`.
import { readFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { startBuiltServer } from './built-server.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * An S3 endpoint whose downloads all fail (403 AccessDenied), as a bucket does whose policy lets
 * this server write but not read: no outage to wait out (a 5xx is one, answered 503), an error
 * nobody expected. The start-up check's write and delete succeed and listings are empty, so the
 * server starts.
 */
async function failingBucket(): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      if (request.method === 'PUT') return response.writeHead(200, { etag: '"probe"' }).end();
      if (request.method === 'DELETE') return response.writeHead(204).end();
      const xml = { 'content-type': 'application/xml' };
      if (request.url?.includes('list-type=2')) {
        return response
          .writeHead(200, xml)
          .end(
            '<ListBucketResult><Name>resumes</Name><IsTruncated>false</IsTruncated></ListBucketResult>',
          );
      }
      response
        .writeHead(403, xml)
        .end('<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

interface Frame {
  file: string;
  line: number;
  column: number;
}

/** The frames of a stack that point into a .ts file under src/server. */
function sourceFrames(stack: string): Frame[] {
  return [
    ...stack.matchAll(/\(([^()\s]*[\\/]src[\\/]server[\\/][^()\s]+\.ts):(\d+):(\d+)\)$/gm),
  ].map(([, file, line, column]) => ({
    file: file as string,
    line: Number(line),
    column: Number(column),
  }));
}

/** The source text a frame points at: its line, from its column on. */
function codeAt({ file, line, column }: Frame): string {
  return (readFileSync(file, 'utf8').split('\n')[line - 1] ?? '').slice(column - 1);
}

/** The first JSON line of `output` whose msg is `message`. */
function loggedLine(output: string, message: string) {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: number; msg: string; err: { stack: string } })
    .find((entry) => entry.msg === message);
}

test('a failing download logs a stack naming src/server files at the right lines, and the 500 stays generic', async () => {
  const bucket = await failingBucket();
  const { server, stop } = await startBuiltServer(null, {
    STORAGE: 's3',
    S3_BUCKET: 'resumes',
    S3_ENDPOINT: bucket.url,
    S3_REGION: 'us-east-1',
    S3_FORCE_PATH_STYLE: 'on',
    AWS_ACCESS_KEY_ID: 'e2e',
    AWS_SECRET_ACCESS_KEY: 'e2e-secret',
  });
  try {
    const response = await fetch(`${server.url}/candidate/resumes/${'a'.repeat(32)}-resume.pdf`);
    expect(response.status).toBe(500);
    const body = await response.text();
    expect(JSON.parse(body)).toEqual({
      error: 'Internal Server Error',
      message: 'Something went wrong',
    });
    expect(body).not.toMatch(/AccessDenied|Access Denied|\.ts|\bat /);

    // Pino writes its buffer within a second.
    let logged: ReturnType<typeof loggedLine>;
    await expect
      .poll(() => (logged = loggedLine(server.output(), 'request failed')), { timeout: 5_000 })
      .toBeDefined();
    if (!logged) throw new Error(server.output());
    expect(logged.level).toBe(50);
    const { stack } = logged.err;
    expect(stack).toMatch(/^AccessDenied: Access Denied/);

    // The frames of ours below the AWS SDK's, each at the line and column of the call it names:
    // right maps, not merely maps.
    const frames = sourceFrames(stack);
    const route = frames.find((frame) => frame.file.endsWith('routes/resumes.ts'));
    const storage = frames.find((frame) => frame.file.endsWith('storage/s3.ts'));
    expect(route, stack).toBeDefined();
    expect(storage, stack).toBeDefined();
    expect(route?.file).toBe(path.join(ROOT, 'src/server/routes/resumes.ts'));
    expect(storage?.file).toBe(path.join(ROOT, 'src/server/storage/s3.ts'));
    expect(codeAt(route as Frame)).toMatch(/^await storage\.open\(filename\)/);
    expect(codeAt(storage as Frame)).toMatch(/^await\b.*\bclient\.send\(new GetObjectCommand\(/);
    expect(stack).not.toMatch(/dist[\\/]server/);
  } finally {
    await stop();
    await bucket.close();
  }
});

test('an upload the file system refuses (ENOTDIR) logs a stack naming where we wrote it', async () => {
  const { server, stop } = await startBuiltServer(null);
  try {
    // The upload directory is replaced by a file while the server runs.
    await rm(server.uploadDir, { recursive: true, force: true });
    await writeFile(server.uploadDir, 'not a directory');
    const form = new FormData();
    form.append('filename', '1732270000000-k3j4h5g6-cv.pdf');
    form.append('file', new Blob(['%PDF-1.4\n%%EOF\n'], { type: 'application/pdf' }), 'cv.pdf');
    const response = await fetch(`${server.url}/api/upload`, { method: 'POST', body: form });
    expect(response.status).toBe(500);
    expect(await response.text()).not.toMatch(/ENOTDIR|\.ts|\bat /);

    let logged: ReturnType<typeof loggedLine>;
    await expect
      .poll(() => (logged = loggedLine(server.output(), 'resume could not be stored')), {
        timeout: 5_000,
      })
      .toBeDefined();
    if (!logged) throw new Error(server.output());
    const { stack } = logged.err;
    expect(stack).toMatch(/^Error: ENOTDIR: not a directory, open /);
    // Node made the error with no frames; ours are added where the save awaited it.
    const frames = sourceFrames(stack);
    const storage = frames.find((frame) => frame.file.endsWith('storage/local.ts'));
    const route = frames.find((frame) => frame.file.endsWith('routes/upload.ts'));
    expect(storage, stack).toBeDefined();
    expect(route, stack).toBeDefined();
    expect(codeAt(storage as Frame)).toMatch(/^await withFrames\(/);
    expect(stack).not.toMatch(/dist[\\/]server/);
  } finally {
    await stop();
  }
});
