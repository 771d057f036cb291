// Resume retention with a clock the test controls.
import { utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/server/logger.ts';
import { createMetrics } from '../../src/server/metrics.ts';
import { sweepResumes } from '../../src/server/retention.ts';
import { createLocalStorage } from '../../src/server/storage/local.ts';
import type { ResumeStorage } from '../../src/server/storage/storage.ts';
import { listFiles, type StartedApp, startApp } from '../helpers/app.ts';
import { type S3Server, s3Storage, startS3 } from './services.ts';

const log = createLogger({ write() {} });
const DAY = 24 * 60 * 60 * 1000;
let app: StartedApp | null = null;
let s3: S3Server | null = null;
afterEach(async () => {
  await app?.close();
  await s3?.stop();
});

async function* bytes(text: string) {
  yield Buffer.from(text);
}

describe('resume retention', () => {
  it('deletes local resumes older than the window and keeps newer ones and temporary files', async () => {
    app = await startApp();
    const storage = await createLocalStorage(app.uploadDir);
    await storage.save('old-cv.pdf', bytes('%PDF-old'));
    await storage.save('new-cv.pdf', bytes('%PDF-new'));
    await writeFile(path.join(app.uploadDir, '.upload-in-flight'), 'partial');
    const now = new Date('2026-11-22T00:00:00Z');
    const old = new Date(now.getTime() - 31 * DAY);
    await utimes(path.join(app.uploadDir, 'old-cv.pdf'), old, old);
    const recent = new Date(now.getTime() - 29 * DAY);
    await utimes(path.join(app.uploadDir, 'new-cv.pdf'), recent, recent);

    const metrics = createMetrics();
    expect(await sweepResumes({ storage, days: 30, log, metrics, now: () => now })).toBe(1);
    expect(await listFiles(app.uploadDir)).toEqual(['.upload-in-flight', 'new-cv.pdf']);
    expect(await metrics.registry.getSingleMetricAsString('resumes_deleted_total')).toContain(
      'resumes_deleted_total 1',
    );
  });

  it('deletes S3 resumes once the clock passes the window', async () => {
    s3 = await startS3();
    const storage = s3Storage(s3);
    await storage.save('s3-cv.pdf', bytes('%PDF-s3'));
    const inDays = (days: number) => () => new Date(Date.now() + days * DAY);
    expect(await sweepResumes({ storage, days: 30, log, now: inDays(29) })).toBe(0);
    expect(await storage.open('s3-cv.pdf')).not.toBeNull();
    expect(await sweepResumes({ storage, days: 30, log, now: inDays(31) })).toBe(1);
    expect(await storage.open('s3-cv.pdf')).toBeNull();
  });

  it.each(['local', 's3'] as const)(
    'keeps the %s resumes the outbox holds, and sweeps nothing when it cannot say which',
    async (backend) => {
      let storage: ResumeStorage;
      if (backend === 's3') {
        s3 = await startS3();
        storage = s3Storage(s3);
      } else {
        app = await startApp();
        storage = await createLocalStorage(app.uploadDir);
      }
      await storage.save('held-cv.pdf', bytes('%PDF-held'));
      await storage.save('free-cv.pdf', bytes('%PDF-free'));
      const later = () => new Date(Date.now() + 31 * DAY);
      const lines: string[] = [];
      const watched = createLogger({ write: (line: string) => lines.push(line) });
      const unknown = () => Promise.reject(new Error('Redis away'));
      expect(
        await sweepResumes({ storage, days: 30, log: watched, now: later, held: unknown }),
      ).toBe(0);
      expect(await storage.open('free-cv.pdf')).not.toBeNull();
      expect(lines.join('')).toContain(
        '"msg":"resume retention sweep skipped: the outbox cannot say which resumes it holds"',
      );
      const held = async () => (name: string) => name === 'held-cv.pdf';
      expect(await sweepResumes({ storage, days: 30, log, now: later, held })).toBe(1);
      expect(await storage.open('held-cv.pdf')).not.toBeNull();
      expect(await storage.open('free-cv.pdf')).toBeNull();
    },
  );
});
