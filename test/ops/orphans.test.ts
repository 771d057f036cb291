// Bounded storage (issue 43, point 3): uploads no registration named are swept after
// RESUME_ORPHAN_MINUTES, on the local disk and in the bucket, and a registration that names one
// no longer stored gets a 400 on resume_url; a total quota answers uploads 503 once reached.
import { readdir, utimes } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/server/logger.ts';
import { createMetrics } from '../../src/server/metrics.ts';
import { sweepOrphans } from '../../src/server/retention.ts';
import { createLocalStorage } from '../../src/server/storage/local.ts';
import { PENDING_DIR } from '../../src/server/storage/pending.ts';
import { RESUME_GONE_TEXT, UPLOAD_ERRORS } from '../../src/shared/messages.ts';
import { type StartedApp, startApp, waitFor } from '../helpers/app.ts';
import { candidate, register } from '../helpers/candidate.ts';
import { fixture } from '../helpers/fixtures.ts';
import { respond, type StandIn, startStandIn } from '../helpers/provider-stand-in.mjs';
import { browserUpload } from '../helpers/upload.ts';
import { type S3Server, s3Storage, startS3 } from './services.ts';

const log = createLogger({ write() {} });
const MINUTE = 60_000;
const PUBLIC_BASE_URL = 'https://jobs.example.com';
const GONE = RESUME_GONE_TEXT.message as string;
/** The answer to a registration that names a resume no longer stored. */
const GONE_ANSWER = {
  status: 400,
  contentType: expect.stringMatching(/^application\/json/),
  body: { ok: false, status: 400, message: GONE, detail: GONE, errors: { resume_url: [GONE] } },
};

const apps: StartedApp[] = [];
let standIn: StandIn | null = null;
let s3: S3Server | null = null;
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  await standIn?.close();
  await s3?.stop();
  standIn = null;
  s3 = null;
});

type Backend = 'local' | 's3';

/** The app on a provider stand-in, on the local disk or on a fresh bucket. */
async function start(backend: Backend, env: Record<string, string> = {}) {
  standIn ??= await startStandIn(respond(201, { id: 'c1' }));
  if (backend === 's3') s3 ??= await startS3();
  const app = await startApp(
    {
      PROVIDER_API_BASE: standIn.url,
      PROVIDER_API_USER: 'u',
      PROVIDER_API_KEY: 'k',
      PUBLIC_BASE_URL,
      ...env,
    },
    s3 && backend === 's3' ? { storage: s3Storage(s3) } : {},
  );
  apps.push(app);
  return app;
}

/** Uploads a PDF as the page does: its stored name and public URL. */
async function uploaded(app: StartedApp) {
  const answer = await browserUpload(app.base, fixture('resume.pdf'), 'cv.pdf', 'application/pdf');
  expect(answer.status).toBe(200);
  return answer.body as { filename: string; url: string };
}

const served = async (app: StartedApp, name: string) =>
  (await fetch(`${app.base}/candidate/resumes/${name}`)).status;

/** Another instance's storage on the same store as `app`'s. */
const storeOf = async (app: StartedApp) =>
  s3 ? s3Storage(s3) : await createLocalStorage(app.uploadDir);

/** One orphan sweep, run `minutes` from now by another instance on the same store. */
const sweepAt = async (
  app: StartedApp,
  metrics: ReturnType<typeof createMetrics>,
  minutes: number,
) =>
  sweepOrphans({
    storage: await storeOf(app),
    days: app.config.retentionDays,
    orphanMinutes: app.config.orphanMinutes,
    log,
    metrics,
    now: () => new Date(Date.now() + minutes * MINUTE),
  });

describe.each(['local', 's3'] as const)('orphan uploads on the %s storage', (backend) => {
  it('are swept after RESUME_ORPHAN_MINUTES, and a registration naming one then gets a 400 on resume_url', async () => {
    const app = await start(backend);
    const orphan = await uploaded(app);
    const metrics = createMetrics();

    expect(await sweepAt(app, metrics, 59)).toBe(0);
    expect(await served(app, orphan.filename)).toBe(200);
    expect(await sweepAt(app, metrics, 61)).toBe(1);
    expect(await served(app, orphan.filename)).toBe(404);
    expect(
      await metrics.registry.getSingleMetricAsString('orphan_resumes_deleted_total'),
    ).toContain('orphan_resumes_deleted_total 1');

    const answer = await register(
      app.base,
      candidate({ uploaded_resume: null, resume_url: orphan.url }),
    );
    expect(answer).toEqual(GONE_ANSWER);
    expect(standIn?.requests).toHaveLength(0);
  });

  it('keeps a resume a registration named for the retention, and that registration reaches the provider', async () => {
    const app = await start(backend);
    const named = await uploaded(app);
    const orphan = await uploaded(app);

    const answer = await register(
      app.base,
      candidate({ uploaded_resume: null, resume_url: named.url }),
    );
    expect(answer.status).toBe(201);
    expect(standIn?.requests.at(-1)?.body).toMatchObject({ resume_url: named.url });

    // Another instance's sweep, a day later: the named one stays, the other goes.
    expect(await sweepAt(app, createMetrics(), 24 * 60)).toBe(1);
    expect(await served(app, named.filename)).toBe(200);
    expect(await served(app, orphan.filename)).toBe(404);
    // Named again (a repeat of the same submission): still there, still kept.
    const again = await register(
      app.base,
      candidate({ uploaded_resume: null, resume_url: named.url }),
    );
    expect(again.status).toBe(201);
  });

  it('answers a registration naming a resume it never stored 400 on resume_url', async () => {
    const app = await start(backend);
    const never = `${PUBLIC_BASE_URL}/candidate/resumes/${'a'.repeat(32)}.pdf`;
    expect(
      await register(app.base, candidate({ uploaded_resume: null, resume_url: never })),
    ).toEqual(GONE_ANSWER);
    expect(standIn?.requests).toHaveLength(0);
  });
});

describe('a pending upload about to be swept', () => {
  it('is given up by a registration before the sweep may take it, in the request’s language', async () => {
    const app = await start('local');
    const late = await uploaded(app);
    const marker = path.join(app.uploadDir, PENDING_DIR, late.filename);
    // Written 59 minutes ago: the sweep (at 60) has not taken it, but may any moment.
    const old = new Date(Date.now() - 59 * MINUTE);
    await utimes(marker, old, old);

    const answer = await register(
      app.base,
      candidate({ uploaded_resume: null, resume_url: late.url }),
      { 'accept-language': 'es' },
    );
    const spanish = 'El currículum que subió ya no está guardado. Vuelva a agregarlo.';
    expect(answer).toEqual({
      ...GONE_ANSWER,
      body: {
        ...GONE_ANSWER.body,
        message: spanish,
        detail: spanish,
        errors: { resume_url: [spanish] },
      },
    });
    expect(standIn?.requests).toHaveLength(0);
  });

  it('leaves its marker in a hidden folder of UPLOAD_DIR, which no resume link reaches, until a registration names it', async () => {
    const app = await start('local');
    const stored = await uploaded(app);
    expect(await readdir(path.join(app.uploadDir, PENDING_DIR))).toEqual([stored.filename]);
    for (const link of [
      `${PENDING_DIR}/${stored.filename}`,
      `${PENDING_DIR}%2F${stored.filename}`,
      PENDING_DIR,
    ]) {
      expect(await served(app, link)).toBe(404);
    }
    expect(
      (await register(app.base, candidate({ uploaded_resume: null, resume_url: stored.url })))
        .status,
    ).toBe(201);
    expect(await readdir(path.join(app.uploadDir, PENDING_DIR))).toEqual([]);
  });
});

/** A PDF of `kb` KiB that passes the upload's checks. */
const pdfOf = (kb: number) =>
  Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(kb * 1024 - 9, 0x41)]);

/** Uploads a PDF of `kb` KiB (the file part alone): its status, Retry-After and body. */
async function uploadPdf(base: string, kb: number, headers: Record<string, string> = {}) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(pdfOf(kb))], { type: 'application/pdf' }), 'cv.pdf');
  const response = await fetch(`${base}/api/upload`, { method: 'POST', headers, body: form });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: await response.json(),
  };
}

const metricValue = async (app: StartedApp, name: string) => {
  const text = await (await fetch(app.metricsUrl)).text();
  return Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
};

describe.each(['local', 's3'] as const)('the storage quota on the %s storage', (backend) => {
  it('answers an upload that would pass it 503 with Retry-After, counts it, and measures usage again at start', async () => {
    const app = await start(backend, { UPLOAD_QUOTA_MB: '1' });
    // The quota on /metrics; usage starts at the measure of an empty store.
    expect(
      await waitFor(
        () => metricValue(app, 'storage_quota_bytes'),
        (v) => v === 1024 * 1024,
      ),
    ).toBe(1024 * 1024);
    const first = await browserUpload(app.base, pdfOf(600), 'cv.pdf', 'application/pdf');
    expect(first.status).toBe(200);
    expect(await metricValue(app, 'storage_used_bytes')).toBe(600 * 1024);

    const refused = await uploadPdf(app.base, 600);
    expect(refused).toEqual({
      status: 503,
      retryAfter: '300',
      body: { success: false, error: UPLOAD_ERRORS.quota },
    });
    const metrics = await (await fetch(app.metricsUrl)).text();
    expect(metrics).toContain('uploads_total{result="quota"} 1');
    expect(metrics).toContain('uploads_total{result="stored"} 1');

    // Another instance on the same store, started later, measures it: a small upload still
    // fits, the next big one does not; in Spanish for a Spanish page.
    const second = await start(backend, {
      UPLOAD_QUOTA_MB: '1',
      ...(backend === 'local' ? { UPLOAD_DIR: app.uploadDir } : {}),
    });
    expect(
      await waitFor(
        () => metricValue(second, 'storage_used_bytes'),
        (v) => v === 600 * 1024,
      ),
    ).toBe(600 * 1024);
    expect((await uploadPdf(second.base, 100)).status).toBe(200);
    const spanish = await uploadPdf(second.base, 400, { 'accept-language': 'es' });
    expect(spanish).toEqual({
      status: 503,
      retryAfter: '300',
      body: {
        success: false,
        error: 'Ahora no se pueden guardar currículums. Vuelva a intentarlo más tarde.',
      },
    });
  });
});
