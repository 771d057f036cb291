import { describe, expect, it } from 'vitest';
import { useRealRedis } from '../../../test/ops/real-redis.ts';
import { FORM_TOKEN_MAX_AGE_MS } from './form-token.ts';
import { memoryTokenUses, redisTokenUses, type TokenUses, tokenUseKey } from './token-uses.ts';

/** Uses in turn, [token id, submission, what the store says], as one instance sees them. */
const ROWS: [string, string | null, string][] = [
  ['a', 'first submission', 'first'],
  ['a', 'first submission', 'same'],
  ['a', 'first submission', 'same'],
  ['a', 'another submission', 'spent'],
  ['a', null, 'spent'],
  ['a', 'first submission', 'same'],
  ['b', null, 'first'],
  ['b', null, 'spent'],
  ['b', 'a submission', 'spent'],
  ['c', 'first submission', 'first'],
  ['d', '', 'first'],
  ['d', '', 'same'],
  ['d', null, 'spent'],
];

async function verdicts(uses: TokenUses, prefix: string) {
  const seen: [string, string | null, string][] = [];
  for (const [id, submission] of ROWS) {
    seen.push([id, submission, await uses.use(`${prefix}${id}`, submission)]);
  }
  return seen;
}

describe('token uses in memory', () => {
  it('say first, same (the same submission again) or spent, row by row', async () => {
    expect(
      await verdicts(
        memoryTokenUses(() => 0),
        '',
      ),
    ).toEqual(ROWS);
  });

  it('never call a use without a submission the same, even as itself', async () => {
    const uses = memoryTokenUses(() => 0);
    expect([await uses.use('t', null), await uses.use('t', null)]).toEqual(['first', 'spent']);
  });

  it('forget a token once its maximum age has passed: it is then a first use again', async () => {
    let now = 5_000;
    const uses = memoryTokenUses(() => now);
    expect(await uses.use('t', 's')).toBe('first');
    now += FORM_TOKEN_MAX_AGE_MS - 1;
    expect([await uses.use('t', 's'), await uses.use('t', 'other')]).toEqual(['same', 'spent']);
    now += 1;
    expect(await uses.use('t', 'other')).toBe('first');
    expect(await uses.use('t', 's')).toBe('spent');
    now += FORM_TOKEN_MAX_AGE_MS;
    expect(await uses.use('t', null)).toBe('first');
  });

  it('keep each instance’s uses its own', async () => {
    const [one, two] = [memoryTokenUses(() => 0), memoryTokenUses(() => 0)];
    expect([await one.use('t', 's'), await two.use('t', 'other')]).toEqual(['first', 'first']);
  });
});

describe('token uses on a real Redis', () => {
  const { server, connect } = useRealRedis();

  it('say first, same or spent, row by row', async () => {
    expect(await verdicts(redisTokenUses(await connect()), 'rows-')).toEqual(ROWS);
  });

  it('spend a token on every instance: two clients of one Redis', async () => {
    const [one, two] = [redisTokenUses(await connect()), redisTokenUses(await connect())];
    expect(await one.use('shared', 's')).toBe('first');
    expect(await two.use('shared', 's')).toBe('same');
    expect(await two.use('shared', 'other')).toBe('spent');
    expect(await one.use('shared', null)).toBe('spent');
  });

  it('keep a token’s first submission for at most its maximum age', async () => {
    const redis = await connect();
    expect(await redisTokenUses(redis).use('ttl', 'kept')).toBe('first');
    expect(await redis.get(tokenUseKey('ttl'))).toBe('kept');
    const ttl = await redis.pttl(tokenUseKey('ttl'));
    expect(ttl).toBeLessThanOrEqual(FORM_TOKEN_MAX_AGE_MS);
    expect(ttl).toBeGreaterThan(FORM_TOKEN_MAX_AGE_MS - 10_000);
    expect(await redisTokenUses(redis).use('none', null)).toBe('first');
    expect(await redis.get(tokenUseKey('none'))).toBe('-');
  });

  it('find its record under the outbox’s prefix', () => {
    expect(tokenUseKey('abc')).toBe('resume-registration:form-token:abc');
  });

  it('are a first use again once Redis forgot the token', async () => {
    const redis = await connect();
    const uses = redisTokenUses(redis);
    expect(await uses.use('forgotten', 's')).toBe('first');
    await redis.del(tokenUseKey('forgotten'));
    expect(await uses.use('forgotten', 'other')).toBe('first');
  });

  it('are unavailable once Redis is gone, and answer again when it is back', async () => {
    const redis = await connect();
    const uses = redisTokenUses(redis);
    expect(await uses.use('outage', 's')).toBe('first');
    await server().stop();
    expect(await uses.use('outage', 's')).toBe('unavailable');
    expect(await uses.use('after-outage', 's')).toBe('unavailable');
    await server().start();
    await new Promise<void>((resolve) => {
      if (redis.status === 'ready') resolve();
      else redis.once('ready', () => resolve());
    });
    // Without persistence, Redis came back empty.
    expect(await uses.use('outage', 'other')).toBe('first');
  });
});
