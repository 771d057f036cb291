// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INITIAL_VALUES } from '../../shared/constants.ts';
import { FILL_TIME_FIELD, FORM_TOKEN_FIELD, HONEYPOT_FIELD } from '../../shared/contract.ts';
import { IDEMPOTENCY_HEADER, isIdempotencyKey } from '../../shared/idempotency.ts';
import { formSchema } from '../../shared/schema.ts';
import { SUBMISSION_KEY_ITEM } from '../draft.ts';
import { buildSubmission } from './submission.ts';

const NOW = new Date('2026-11-22T10:00:00.000Z');
const VALUES = formSchema.parse({
  ...INITIAL_VALUES,
  first_name: 'Grace',
  last_name: 'Hopper',
  email: 'grace@example.com',
  password: 'COBOL-1959',
  zip_code: '20001',
  resume: { url: 'https://example.com/grace.pdf' },
});
const BOARD = 'https://jobs.example';
/** The bot fields' reader, as the page passes it: read when the registration leaves. */
const bot = (fillMs: number) => () => ({ [HONEYPOT_FIELD]: '', [FILL_TIME_FIELD]: fillMs });

/** The form tokens the server handed out, in order. */
let tokens: string[] = [];

/**
 * What fetch was asked to register, and the answers it gives in turn (an Error: no answer at
 * all); every GET /api/form-token gets a new token, `t1`, `t2`…, to send at once.
 */
function server(...answers: (Response | Error)[]) {
  const sent: { key: string | null; body: unknown }[] = [];
  tokens = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    if (url === '/api/form-token') {
      tokens.push(`t${tokens.length + 1}`);
      return json(200, { token: tokens.at(-1), min_fill_ms: 0 });
    }
    sent.push({
      key: new Headers(init.headers).get(IDEMPOTENCY_HEADER),
      body: JSON.parse(String(init.body)),
    });
    const answer = answers.shift();
    if (!answer || answer instanceof Error) throw answer ?? new Error('no more answers');
    return answer;
  });
  return sent;
}
const json = (status: number, body: object) => new Response(JSON.stringify(body), { status });

/** registration.ts as a page that has just loaded (or reloaded) gets it. */
async function freshPage() {
  vi.resetModules();
  return (await import('./registration.ts')).sendRegistration;
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('sendRegistration: the idempotency key of a submission (docs/form.md)', () => {
  it('sends the same key again after no answer and a 5xx, whatever the bot fields; a new one after a final answer', async () => {
    const sendRegistration = await freshPage();
    const sent = server(
      new TypeError('Failed to fetch'),
      json(503, { ok: false, status: 503, message: 'Server error. Please try again later.' }),
      json(201, { ok: true, status: 201, data: {} }),
      json(201, { ok: true, status: 201, data: {} }),
    );
    for (const fillMs of [4_000, 9_000, 15_000, 20_000]) {
      await sendRegistration(VALUES, bot(fillMs), BOARD, NOW);
    }
    const [first] = sent.map(({ key }) => key);
    expect(isIdempotencyKey(first)).toBe(true);
    expect(sent.map(({ key }) => key)).toEqual([first, first, first, expect.any(String)]);
    expect(sent[3]?.key).not.toBe(first);
    // The body is what it was: the key travels in the header alone. One submission, one token.
    expect(sent[0]?.body).toEqual(
      JSON.parse(
        JSON.stringify({
          ...buildSubmission(VALUES, NOW),
          ...bot(4_000)(),
          [FORM_TOKEN_FIELD]: 't1',
        }),
      ),
    );
    const sentTokens = sent.map(({ body }) => (body as Record<string, unknown>)[FORM_TOKEN_FIELD]);
    expect(sentTokens).toEqual(['t1', 't1', 't1', 't2']);
  });

  it('sends a new key when an answer changed', async () => {
    const sendRegistration = await freshPage();
    const sent = server(new TypeError('Failed to fetch'), new TypeError('Failed to fetch'));
    await sendRegistration(VALUES, bot(4_000), BOARD, NOW);
    await sendRegistration({ ...VALUES, home_town: 'Austin' }, bot(5_000), BOARD, NOW);
    expect(sent[1]?.key).not.toBe(sent[0]?.key);
    expect(sent.every(({ key }) => isIdempotencyKey(key))).toBe(true);
  });

  it('sends the same key after a reload with the draft, the password typed again', async () => {
    const sent = server(new TypeError('Failed to fetch'), json(201, { ok: true, status: 201 }));
    await (await freshPage())(VALUES, bot(4_000), BOARD, NOW);
    expect(localStorage.getItem(SUBMISSION_KEY_ITEM)).not.toContain(VALUES.password);
    await (await freshPage())(VALUES, bot(2_000), BOARD, new Date(NOW.getTime() + 60_000));
    expect(sent[1]?.key).toBe(sent[0]?.key);
  });
});

describe('sendRegistration: the form token (docs/api.md)', () => {
  const refused = () =>
    json(428, {
      ok: false,
      status: 428,
      message: 'This form has expired. Please submit it again.',
    });
  const tokenOf = (entry: { body: unknown } | undefined) =>
    (entry?.body as Record<string, unknown> | undefined)?.[FORM_TOKEN_FIELD];

  it('asks for a new token and sends again, as the same submission, when the server refuses it', async () => {
    const sendRegistration = await freshPage();
    const sent = server(refused(), json(201, { ok: true, status: 201, data: {} }));
    const { outcome } = await sendRegistration(VALUES, bot(4_000), BOARD, NOW);
    expect(outcome.kind).toBe('registered');
    expect(sent.map(tokenOf)).toEqual(['t1', 't2']);
    expect(sent[1]?.key).toBe(sent[0]?.key);
  });

  it('reads the bot fields as each send leaves, after the token came: a resend carries its own fill time', async () => {
    const sendRegistration = await freshPage();
    const sent = server(refused(), json(201, { ok: true, status: 201, data: {} }));
    const fillTimes = [800, 2_400];
    const read = vi.fn(() => bot(fillTimes.shift() ?? 0)());
    await sendRegistration(VALUES, read, BOARD, NOW);
    expect(read).toHaveBeenCalledTimes(2);
    expect(sent.map(({ body }) => (body as Record<string, unknown>)[FILL_TIME_FIELD])).toEqual([
      800, 2_400,
    ]);
  });

  it('sends once more only: a second refusal is the candidate’s to see', async () => {
    const sendRegistration = await freshPage();
    const sent = server(refused(), refused());
    const { outcome } = await sendRegistration(VALUES, bot(4_000), BOARD, NOW);
    expect(outcome).toEqual({
      kind: 'error',
      message: 'This form has expired. Please submit it again.',
      conflict: false,
    });
    expect(sent).toHaveLength(2);
  });

  it('sends a registration without a token when none could be had: the server says so', async () => {
    const sendRegistration = await freshPage();
    const sent: unknown[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      if (url === '/api/form-token') throw new TypeError('Failed to fetch');
      sent.push(JSON.parse(String(init.body)));
      return refused();
    });
    await sendRegistration(VALUES, bot(4_000), BOARD, NOW);
    expect(sent.map((body) => (body as Record<string, unknown>)[FORM_TOKEN_FIELD])).toEqual([
      null,
      null,
    ]);
  });
});
