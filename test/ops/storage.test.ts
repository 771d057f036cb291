// One contract for every storage backend (STYLE §9): local disk and S3 (the stand-in,
// test/helpers/s3-stand-in.mjs); and what the local disk's files and folders let other users of
// the machine see.
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../src/server/storage/local.ts';
import type { ResumeStorage } from '../../src/server/storage/storage.ts';
import { startApp } from '../helpers/app.ts';
import { fixture } from '../helpers/fixtures.ts';
import { upload } from '../helpers/upload.ts';
import { type S3Server, s3Storage, startS3 } from './services.ts';

async function* chunksOf(...parts: (string | Buffer)[]) {
  for (const part of parts) yield Buffer.from(part);
}

async function* failingMidway() {
  yield Buffer.from('%PDF-1.4 first half');
  throw new Error('the client went away');
}

async function read(storage: ResumeStorage, name: string) {
  const stored = await storage.open(name);
  if (!stored) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stored.stream) chunks.push(Buffer.from(chunk));
  return { size: stored.size, bytes: Buffer.concat(chunks).toString() };
}

function storageContract(
  name: string,
  make: () => Promise<{ storage: ResumeStorage; list: () => Promise<string[]> }>,
) {
  describe(`the ${name} storage`, () => {
    let storage: ResumeStorage;
    let list: () => Promise<string[]>;
    beforeAll(async () => {
      ({ storage, list } = await make());
    });

    it('stores and serves a resume byte for byte with its size', async () => {
      expect(await storage.save('a1-cv.pdf', chunksOf('%PDF-1.4 ', 'hello'))).toBe(14);
      expect(await read(storage, 'a1-cv.pdf')).toEqual({ size: 14, bytes: '%PDF-1.4 hello' });
    });

    it('leaves nothing behind when the source fails midway', async () => {
      const before = await list();
      await expect(storage.save('a2-cv.pdf', failingMidway())).rejects.toThrow(
        'the client went away',
      );
      expect(await storage.open('a2-cv.pdf')).toBeNull();
      expect(await list()).toEqual(before);
    });

    it.each([
      '../escape.pdf',
      '..',
      '.hidden.pdf',
      'a/b.pdf',
      'a\\b.pdf',
      '',
      `${'a'.repeat(201)}.pdf`,
    ])('refuses the name %j on save and open', async (bad) => {
      await expect(storage.save(bad, chunksOf('%PDF-'))).rejects.toThrow();
      expect(await storage.open(bad)).toBeNull();
    });

    it('answers null for a name it does not hold', async () => {
      expect(await storage.open('never-stored.pdf')).toBeNull();
    });

    it('never overwrites a stored resume', async () => {
      await storage.save('a3-cv.pdf', chunksOf('original'));
      await expect(storage.save('a3-cv.pdf', chunksOf('replacement'))).rejects.toThrow();
      expect((await read(storage, 'a3-cv.pdf'))?.bytes).toBe('original');
    });

    it('removes one resume at once, and takes a name it does not hold or may not as done', async () => {
      await storage.save('a5-cv.pdf', chunksOf('a bot’s'));
      await storage.save('a6-cv.pdf', chunksOf('a person’s'));
      await storage.remove('a5-cv.pdf');
      expect(await storage.open('a5-cv.pdf')).toBeNull();
      expect((await read(storage, 'a6-cv.pdf'))?.bytes).toBe('a person’s');
      await storage.remove('a5-cv.pdf');
      await storage.remove('../a6-cv.pdf');
      await storage.remove('');
      expect((await read(storage, 'a6-cv.pdf'))?.bytes).toBe('a person’s');
    });

    it('deletes what was stored before a cutoff and keeps the rest', async () => {
      await storage.save('a4-cv.pdf', chunksOf('old enough'));
      expect(await storage.deleteOlderThan(new Date(Date.now() - 60_000))).toBe(0);
      expect(await storage.open('a4-cv.pdf')).not.toBeNull();
      expect(await storage.deleteOlderThan(new Date(Date.now() + 60_000))).toBeGreaterThanOrEqual(
        1,
      );
      expect(await storage.open('a4-cv.pdf')).toBeNull();
    });

    it('passes its readiness check and leaves no probe behind', async () => {
      const before = await list();
      await storage.check();
      expect(await list()).toEqual(before);
    });
  });
}

let localDir = '';
let s3: S3Server;
afterAll(async () => {
  await rm(localDir, { recursive: true, force: true });
  await s3?.stop();
});

storageContract('local', async () => {
  localDir = await mkdtemp(path.join(os.tmpdir(), 'contract-'));
  return {
    storage: await createLocalStorage(localDir),
    list: async () => (await readdir(localDir)).sort(),
  };
});

storageContract('S3', async () => {
  s3 = await startS3();
  const storage = s3Storage(s3);
  const { ListObjectsV2Command } = await import('@aws-sdk/client-s3');
  return {
    storage,
    list: async () =>
      ((await storage.client.send(new ListObjectsV2Command({ Bucket: s3.bucket }))).Contents ?? [])
        .map((item) => item.Key ?? '')
        .sort(),
  };
});

describe('the local disk keeps resumes to the server’s user', () => {
  const modeOf = async (file: string) => ((await stat(file)).mode & 0o777).toString(8);
  const uploadTo = async (base: string) => {
    const answer = await upload(base, [
      { file: fixture('resume.pdf'), name: 'cv.pdf', type: 'application/pdf' },
    ]);
    expect(answer.status).toBe(200);
    return (answer.body as { filename: string }).filename;
  };

  it('stores each resume 0600 in an UPLOAD_DIR it creates 0700, every level it creates too', async () => {
    const app = await startApp();
    try {
      const stored = await uploadTo(app.base);
      expect(await modeOf(path.join(app.uploadDir, stored))).toBe('600');
      expect(await modeOf(app.uploadDir)).toBe('700');
      // startApp's UPLOAD_DIR is <root>/srv/data/resumes, and only <root> exists before.
      expect(await modeOf(path.dirname(app.uploadDir))).toBe('700');
      expect(await modeOf(path.join(app.root, 'srv'))).toBe('700');
    } finally {
      await app.close();
    }
  });

  it('leaves an UPLOAD_DIR the operator made as it is, and still stores each resume 0600', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'operator-'));
    const uploadDir = path.join(root, 'resumes');
    await mkdir(uploadDir, { mode: 0o750 });
    const app = await startApp({ UPLOAD_DIR: uploadDir });
    try {
      const stored = await uploadTo(app.base);
      expect(await modeOf(uploadDir)).toBe('750');
      expect(await modeOf(path.join(uploadDir, stored))).toBe('600');
    } finally {
      await app.close();
      await rm(root, { recursive: true, force: true });
    }
  });
});
