// Start-up on storage the server cannot use: one line that names the setting and the reason,
// and a non-zero exit within seconds (never a stack trace, never a spin); a bucket that does
// not answer is an outage, so the server starts degraded and says so (docs/decisions/010).
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { createLocalStorage } from '../../src/server/storage/local.ts';
import { openStorage } from '../../src/server/storage/open.ts';
import { UnusableStorage } from '../../src/server/storage/storage.ts';
import { type StartedApp, startApp } from '../helpers/app.ts';
import { fixture } from '../helpers/fixtures.ts';
import { runMain } from '../helpers/main-process.ts';
import { upload } from '../helpers/upload.ts';
import { freePort, S3_CREDENTIALS, type S3Server, startS3 } from './services.ts';

let app: StartedApp | null = null;
let s3: S3Server | null = null;
let dir = '';
afterEach(async () => {
  await app?.close();
  app = null;
  await s3?.stop();
  s3 = null;
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = '';
  vi.unstubAllEnvs();
});

/** The line main.ts prints for `value`, and the exit, within 10 s (Node's own mkdir spun for ever). */
async function startWith(uploadDir: string) {
  const exit = await runMain({ PORT: '0', UPLOAD_DIR: uploadDir }, 10_000);
  return { code: exit.code, stdout: exit.stdout, lines: exit.stderr.trim().split('\n') };
}

describe('UPLOAD_DIR the server cannot use', () => {
  it.each([
    ['/etc/passwd/x', '/etc/passwd is not a directory'],
    ['/proc/nope/x', 'cannot create /proc/nope: the file system does not allow it (ENOENT)'],
    ['/proc', 'cannot write in /proc: the file system does not allow it (ENOENT)'],
  ])('%s stops the start with one line naming it', async (uploadDir, reason) => {
    expect(await startWith(uploadDir)).toEqual({
      code: 1,
      stdout: '',
      lines: [`Configuration error: UPLOAD_DIR=${uploadDir} cannot be used: ${reason}`],
    });
  });

  it('a file where the directory should be stops the start with one line', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'startup-'));
    const file = path.join(dir, 'resumes');
    await writeFile(file, 'not a directory');
    expect(await startWith(path.join(file, 'inner'))).toEqual({
      code: 1,
      stdout: '',
      lines: [
        `Configuration error: UPLOAD_DIR=${path.join(file, 'inner')} cannot be used: ${file} is not a directory`,
      ],
    });
  });

  it('a relative path is named as the operator wrote it, with the absolute path in the reason', async () => {
    const exit = await runMain({ PORT: '0', UPLOAD_DIR: '../../../../../../proc/nope' }, 10_000);
    expect(exit.code).toBe(1);
    expect(exit.stderr.trim().split('\n')).toEqual([
      'Configuration error: UPLOAD_DIR=../../../../../../proc/nope cannot be used: cannot create /proc/nope: the file system does not allow it (ENOENT)',
    ]);
  });

  it('creates every missing level of a new directory, and a second instance starts on it too', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'startup-'));
    const uploadDir = path.join(dir, 'a', 'b', 'c');
    app = await startApp({ UPLOAD_DIR: uploadDir });
    const second = await startApp({ UPLOAD_DIR: uploadDir });
    await second.close();
    expect(
      await upload(app.base, [
        { file: fixture('resume.pdf'), name: 'cv.pdf', type: 'application/pdf' },
      ]),
    ).toMatchObject({ status: 200 });
  });
});

describe('an S3 bucket at start-up', () => {
  const s3Env = (endpoint: string, bucket: string) => ({
    STORAGE: 's3',
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_FORCE_PATH_STYLE: 'true',
  });
  const useCredentials = (credentials: { accessKeyId: string; secretAccessKey: string }) => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', credentials.accessKeyId);
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', credentials.secretAccessKey);
  };

  it('that does not exist stops the start with one line naming S3_BUCKET', async () => {
    s3 = await startS3();
    useCredentials(S3_CREDENTIALS);
    await expect(startApp(s3Env(s3.endpoint, 'no-such-bucket'))).rejects.toThrow(
      'S3_BUCKET=no-such-bucket cannot be used: NoSuchBucket: The specified bucket does not exist',
    );
  });

  it('that refuses the credentials stops the start with one line naming S3_BUCKET', async () => {
    s3 = await startS3();
    useCredentials({ accessKeyId: 'WRONG', secretAccessKey: 'WRONG' });
    await expect(startApp(s3Env(s3.endpoint, s3.bucket))).rejects.toThrow(
      /^S3_BUCKET=resumes cannot be used: InvalidAccessKeyId: /,
    );
  });

  it('that does not answer starts the server degraded, and says so once', async () => {
    useCredentials(S3_CREDENTIALS);
    app = await startApp(s3Env(`http://127.0.0.1:${await freePort()}`, 'resumes'));
    const ready = await fetch(`${app.base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'degraded', checks: { storage: 'failed' } });
    const warnings = app
      .logs()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
      .filter((line) => line.level === 40);
    expect(warnings.map((line) => line.msg)).toEqual([
      'storage unavailable: uploads and resume links fail until it answers',
    ]);
  });

  it('with a TMPDIR where uploads cannot wait stops the start with one line naming TMPDIR', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'startup-'));
    const file = path.join(dir, 'tmp');
    await writeFile(file, 'not a directory');
    const loaded = loadConfig(s3Env('http://127.0.0.1:9', 'resumes'));
    if (!loaded.ok) throw new Error(loaded.errors.join('\n'));
    // Each upload to S3 waits in a file in the system's temporary directory until it is whole.
    vi.stubEnv('TMPDIR', path.join(file, 'uploads'));
    const reports: boolean[] = [];

    await expect(openStorage(loaded.config, { report: (up) => reports.push(up) })).rejects.toThrow(
      new UnusableStorage('TMPDIR', path.join(file, 'uploads'), `${file} is not a directory`),
    );
    expect(reports).toEqual([]);
  });

  it('that answers starts the server ready', async () => {
    s3 = await startS3();
    useCredentials(S3_CREDENTIALS);
    app = await startApp(s3Env(s3.endpoint, s3.bucket));
    expect(await (await fetch(`${app.base}/readyz`)).json()).toEqual({
      status: 'ready',
      checks: { storage: 'ok' },
    });
  });
});

describe('UPLOAD_DIR over generated hostile paths', () => {
  const segment = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc.constantFrom(
      '..',
      '.',
      '',
      '~',
      '\0',
      '\n',
      ' ',
      'a'.repeat(300),
      'é'.repeat(200),
      '%2e%2e',
    ),
  );

  it('either gives a writable directory inside its root or one line naming UPLOAD_DIR', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'startup-fuzz-'));
    const root = dir;
    const file = path.join(root, 'file');
    await writeFile(file, 'in the way');
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(root, file),
        fc.array(segment, { maxLength: 6 }),
        async (base, segments) => {
          const value = [base, ...segments].join('/');
          const resolved = path.resolve(value);
          // Only paths that stay inside the root: this test must not write anywhere else.
          fc.pre(resolved === root || resolved.startsWith(`${root}/`));
          const outcome = await createLocalStorage(value).then(
            async (storage) => {
              await storage.check();
              return (await stat(resolved)).isDirectory() ? 'usable' : 'not a directory';
            },
            (error: unknown) => error,
          );
          if (outcome === 'usable') return;
          expect(outcome).toBeInstanceOf(UnusableStorage);
          const { message } = outcome as UnusableStorage;
          expect(message.startsWith('UPLOAD_DIR=')).toBe(true);
          expect(message).toContain(' cannot be used: ');
          expect(message).not.toMatch(/[\n\r]/);
        },
      ),
      { numRuns: 400 },
    );
  });
});
