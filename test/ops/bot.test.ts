// Bot defence: a honeypot and a minimum fill time; a bot gets a decoy success.
import { readdir } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { type StartedApp, startApp } from '../helpers/app.ts';
import { candidate, register } from '../helpers/candidate.ts';
import { fixture } from '../helpers/fixtures.ts';
import { respond, type StandIn, startStandIn } from '../helpers/provider-stand-in.mjs';
import { browserUpload } from '../helpers/upload.ts';

let app: StartedApp | null = null;
let standIn: StandIn | null = null;
afterEach(async () => {
  await app?.close();
  await standIn?.close();
});

const PUBLIC_BASE_URL = 'https://jobs.example.com';

async function start(minFillMs: string) {
  standIn = await startStandIn(respond(201, { id: 'c1' }));
  app = await startApp({
    PROVIDER_API_BASE: standIn.url,
    PROVIDER_API_USER: 'u',
    PROVIDER_API_KEY: 'k',
    BOT_MIN_FILL_MS: minFillMs,
    PUBLIC_BASE_URL,
  });
  return app;
}

/** Uploads a PDF as the page does; its public URL. */
async function uploaded(base: string): Promise<string> {
  const answer = await browserUpload(base, fixture('resume.pdf'), 'cv.pdf', 'application/pdf');
  expect(answer.status).toBe(200);
  return (answer.body as { url: string }).url;
}

/** Exactly what a registration the provider accepted with a 201 answers. */
const DECOY = { ok: true, status: 201, data: {} };
const ANSWERED_201 = {
  status: 201,
  contentType: expect.stringMatching(/^application\/json/),
  body: DECOY,
};

describe('bot defence', () => {
  it.each([
    ['a filled honeypot', { website: 'https://spam.example' }, 'honeypot'],
    ['a form sent 200 ms after the page loaded', { fill_ms: 200 }, 'too_fast'],
  ])('answers %s like a success and never calls the provider', async (_name, extra, reason) => {
    const { base, metricsUrl } = await start('1500');
    expect(await register(base, candidate(extra))).toEqual(ANSWERED_201);
    expect(standIn?.requests).toHaveLength(0);
    expect(await (await fetch(metricsUrl)).text()).toContain(
      `bot_rejections_total{reason="${reason}"} 1`,
    );
  });

  it('keeps no resume a bot uploaded here: the decoy success deletes it at once', async () => {
    const started = await start('1500');
    const kept = await uploaded(started.base);
    const bots = await uploaded(started.base);
    expect(await readdir(started.uploadDir)).toHaveLength(2);
    const bot = candidate({ website: 'https://spam.example', resume_url: ` ${bots} ` });
    expect(await register(started.base, bot)).toEqual(ANSWERED_201);
    expect(await readdir(started.uploadDir)).toEqual([kept.slice(kept.lastIndexOf('/') + 1)]);
    expect(started.logs()).toContain('"botResumeRemoved":true');

    // A person's registration with the other one keeps it.
    expect(await register(started.base, candidate({ resume_url: kept }))).toEqual(ANSWERED_201);
    expect(await readdir(started.uploadDir)).toHaveLength(1);
  });

  it.each([
    ['another site’s link', 'https://elsewhere.example/candidate/resumes/'],
    ['a link under another path of ours', `${PUBLIC_BASE_URL}/assets/`],
  ])('leaves the files alone when a bot links to %s', async (_what, prefix) => {
    const started = await start('1500');
    const url = await uploaded(started.base);
    const name = url.slice(url.lastIndexOf('/') + 1);
    const bot = candidate({ website: 'spam', resume_url: `${prefix}${name}` });
    expect(await register(started.base, bot)).toEqual(ANSWERED_201);
    expect(await readdir(started.uploadDir)).toEqual([name]);
    expect(started.logs()).toContain('"botResumeRemoved":false');
  });

  it.each([
    ['a person who took 20 s', { fill_ms: 20_000, website: '' }],
    ['an API client that sends no fill time', {}],
  ])('sends %s to the provider', async (_name, extra) => {
    const { base } = await start('1500');
    // The same answer as the decoy's: only the provider's requests tell the two apart.
    expect(await register(base, candidate(extra))).toEqual(ANSWERED_201);
    expect(standIn?.requests).toHaveLength(1);
    expect(standIn?.requests[0]?.body).not.toHaveProperty('website');
    expect(standIn?.requests[0]?.body).not.toHaveProperty('fill_ms');
  });

  it('does not judge speed when BOT_MIN_FILL_MS is 0', async () => {
    const { base } = await start('0');
    expect((await register(base, candidate({ fill_ms: 5 }))).status).toBe(201);
    expect(standIn?.requests).toHaveLength(1);
  });

  it('still answers a malformed bot request with its 400', async () => {
    const { base } = await start('1500');
    expect(await register(base, candidate({ website: 'spam', email: 'nope' }))).toMatchObject({
      status: 400,
      body: { message: 'Invalid email address' },
    });
  });

  it.each([
    [{ first_name: 'Cheap pills www.spam.com' }, 'Names cannot contain web addresses'],
    [{ phone: 'https://t.me/spam' }, 'Phone numbers cannot contain web addresses'],
  ])('rejects web addresses in %j', async (extra, message) => {
    const { base } = await start('0');
    expect(await register(base, candidate(extra))).toMatchObject({
      status: 400,
      body: { message },
    });
    expect(standIn?.requests).toHaveLength(0);
  });
});
