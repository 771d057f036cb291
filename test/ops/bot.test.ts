// Bot defence: a honeypot and a minimum fill time, measured by the server from its form token; a
// bot gets a decoy success, and removes only the upload it proves its own.
import { afterEach, describe, expect, it } from 'vitest';
import { deleteTokenFor } from '../../src/server/tokens/delete-token.ts';
import { mintFormToken } from '../../src/server/tokens/form-token.ts';
import { signingKeys } from '../../src/server/tokens/keys.ts';
import { listFiles, type StartedApp, startApp } from '../helpers/app.ts';
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
/** The keys the app derives from its provider credential below: the tests sign as it does. */
const KEYS = signingKeys('u\nk');
/** A form token the app issued `ms` ago. */
const tokenAged = (ms: number) => ({
  form_token: mintFormToken(KEYS['form-token v1'], Date.now() - ms),
});
/** The delete token the upload of `url` was answered with. */
const proofOf = (url: string) => ({
  resume_delete_token: deleteTokenFor(
    KEYS['upload delete v1'],
    url.slice(url.lastIndexOf('/') + 1),
  ),
});

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

/** Uploads a PDF as the page does; its public URL, checked against its delete token. */
async function uploaded(base: string): Promise<string> {
  const answer = await browserUpload(base, fixture('resume.pdf'), 'cv.pdf', 'application/pdf');
  expect(answer.status).toBe(200);
  const { url, delete_token } = answer.body as { url: string; delete_token: string };
  expect({ resume_delete_token: delete_token }).toEqual(proofOf(url));
  return url;
}

/** Exactly what a registration the provider accepted with a 201 answers. */
const DECOY = { ok: true, status: 201, data: {} };
const ANSWERED_201 = {
  status: 201,
  contentType: expect.stringMatching(/^application\/json/),
  body: DECOY,
};

describe('bot defence', () => {
  // Each row's token is minted as its test runs: one minted when the table is read would age
  // while the tests before it run, and on a loaded machine pass the 1.5 s it must be under.
  it.each([
    [
      'a filled honeypot',
      () => ({ website: 'https://spam.example', ...tokenAged(20_000) }),
      'honeypot',
    ],
    [
      'a form sent 200 ms after its token',
      () => ({ fill_ms: 20_000, ...tokenAged(200) }),
      'too_fast',
    ],
    ['a page that says it took 200 ms', () => ({ fill_ms: 200, ...tokenAged(20_000) }), 'too_fast'],
  ])('answers %s like a success and never calls the provider', async (_name, extra, reason) => {
    const { base, metricsUrl } = await start('1500');
    expect(await register(base, candidate(extra()))).toEqual(ANSWERED_201);
    expect(standIn?.requests).toHaveLength(0);
    expect(await (await fetch(metricsUrl)).text()).toContain(
      `bot_rejections_total{reason="${reason}"} 1`,
    );
  });

  it('keeps no resume a bot uploaded here and proves its own: the decoy success deletes it', async () => {
    const started = await start('1500');
    const kept = await uploaded(started.base);
    const bots = await uploaded(started.base);
    expect(await listFiles(started.uploadDir)).toHaveLength(2);
    const bot = candidate({
      website: 'https://spam.example',
      resume_url: ` ${bots} `,
      ...proofOf(bots),
      ...tokenAged(20_000),
    });
    expect(await register(started.base, bot)).toEqual(ANSWERED_201);
    expect(await listFiles(started.uploadDir)).toEqual([kept.slice(kept.lastIndexOf('/') + 1)]);
    expect(started.logs()).toContain('"botResumeRemoved":true');

    // A person's registration with the other one keeps it.
    const person = candidate({ resume_url: kept, ...proofOf(kept), ...tokenAged(20_000) });
    expect(await register(started.base, person)).toEqual(ANSWERED_201);
    expect(await listFiles(started.uploadDir)).toHaveLength(1);
  });

  it.each([
    ['no delete token', {}],
    ['another upload’s delete token', { resume_delete_token: 'x' }],
    ['a made-up delete token', { resume_delete_token: 'A'.repeat(22) }],
    ['a delete token of the wrong type', { resume_delete_token: ['A'.repeat(22)] }],
  ])('removes nothing for a bot that names a candidate’s resume with %s', async (_what, sent) => {
    const started = await start('1500');
    const candidates = await uploaded(started.base);
    const other = await uploaded(started.base);
    const proof =
      'resume_delete_token' in sent && sent.resume_delete_token === 'x' ? proofOf(other) : sent;
    const bot = candidate({
      website: 'spam',
      resume_url: candidates,
      ...proof,
      ...tokenAged(20_000),
    });
    expect(await register(started.base, bot)).toEqual(ANSWERED_201);
    expect((await listFiles(started.uploadDir)).sort()).toEqual(
      [candidates, other].map((url) => url.slice(url.lastIndexOf('/') + 1)).sort(),
    );
    expect(started.logs()).toContain('"botResumeRemoved":false');
    // The candidate's own registration still links to a resume that is there.
    const person = candidate({
      resume_url: candidates,
      uploaded_resume: null,
      ...tokenAged(20_000),
    });
    expect(await register(started.base, person)).toEqual(ANSWERED_201);
    expect(standIn?.requests[0]?.body).toMatchObject({ resume_url: candidates });
  });

  it.each([
    ['another site’s link', 'https://elsewhere.example/candidate/resumes/'],
    ['a link under another path of ours', `${PUBLIC_BASE_URL}/assets/`],
  ])('leaves the files alone when a bot links to %s', async (_what, prefix) => {
    const started = await start('1500');
    const url = await uploaded(started.base);
    const name = url.slice(url.lastIndexOf('/') + 1);
    const bot = candidate({
      website: 'spam',
      resume_url: `${prefix}${name}`,
      ...proofOf(url),
      ...tokenAged(20_000),
    });
    expect(await register(started.base, bot)).toEqual(ANSWERED_201);
    expect(await listFiles(started.uploadDir)).toEqual([name]);
    expect(started.logs()).toContain('"botResumeRemoved":false');
  });

  it.each([
    ['a person who took 20 s', { fill_ms: 20_000, website: '', ...tokenAged(20_000) }],
    ['an API client that sends no fill time', tokenAged(1_500)],
  ])('sends %s to the provider', async (_name, extra) => {
    const { base } = await start('1500');
    // The same answer as the decoy's: only the provider's requests tell the two apart.
    expect(await register(base, candidate(extra))).toEqual(ANSWERED_201);
    expect(standIn?.requests).toHaveLength(1);
    for (const field of ['website', 'fill_ms', 'form_token', 'resume_delete_token']) {
      expect(standIn?.requests[0]?.body).not.toHaveProperty(field);
    }
  });

  it('neither judges speed nor asks for a form token when BOT_MIN_FILL_MS is 0', async () => {
    const { base } = await start('0');
    expect((await register(base, candidate({ fill_ms: 5 }))).status).toBe(201);
    expect((await register(base, candidate({ form_token: 'forged' }))).status).toBe(201);
    expect(standIn?.requests).toHaveLength(2);
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
