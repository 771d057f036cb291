import { describe, expect, it } from 'vitest';
import { useRealRedis } from '../../../test/ops/real-redis.ts';
import { type CallCeiling, ceilingKey, memoryCeiling, redisCeiling, turnOf } from './ceiling.ts';

/** 2026-11-25 21:00:00 UTC: the start of a minute. */
const MINUTE = 1_795_640_400_000;

describe('the turn of a call', () => {
  it.each([
    [1, 3, MINUTE, { ok: true }],
    [3, 3, MINUTE + 59_999, { ok: true }],
    [4, 3, MINUTE, { ok: false, retryAfterMs: 60_000 }],
    [4, 3, MINUTE + 1, { ok: false, retryAfterMs: 59_999 }],
    [4, 3, MINUTE + 30_000, { ok: false, retryAfterMs: 30_000 }],
    [4, 3, MINUTE + 59_999, { ok: false, retryAfterMs: 1 }],
    [1_000, 3, MINUTE + 12_345, { ok: false, retryAfterMs: 47_655 }],
    [1, 0, MINUTE + 45_000, { ok: false, retryAfterMs: 15_000 }],
    [0, 0, MINUTE, { ok: true }],
    [60, 60, MINUTE + 1_000, { ok: true }],
    [61, 60, MINUTE + 1_000, { ok: false, retryAfterMs: 59_000 }],
  ])('call %i of %i a minute, at %i: %o', (count, perMinute, now, turn) => {
    expect(turnOf(count, perMinute, now)).toEqual(turn);
  });

  it('is the key of its minute under the outbox’s prefix', () => {
    expect(ceilingKey(29_927_340)).toBe('resume-registration:provider-calls:29927340');
  });
});

async function takes(ceiling: CallCeiling, times: number) {
  const turns = [];
  for (let n = 0; n < times; n += 1) turns.push(await ceiling.take());
  return turns;
}

describe('the ceiling in memory', () => {
  it('lets perMinute calls through in a minute, then says when the next one starts', async () => {
    let now = MINUTE + 20_000;
    const ceiling = memoryCeiling(2, () => now);
    expect(await takes(ceiling, 2)).toEqual([{ ok: true }, { ok: true }]);
    expect(await ceiling.take()).toEqual({ ok: false, retryAfterMs: 40_000 });
    now = MINUTE + 59_999;
    expect(await ceiling.take()).toEqual({ ok: false, retryAfterMs: 1 });
    now = MINUTE + 60_000;
    expect(await takes(ceiling, 3)).toEqual([
      { ok: true },
      { ok: true },
      { ok: false, retryAfterMs: 60_000 },
    ]);
  });

  it('counts calendar minutes, not the last 60 s', async () => {
    let now = MINUTE + 59_000;
    const ceiling = memoryCeiling(1, () => now);
    expect(await ceiling.take()).toEqual({ ok: true });
    now = MINUTE + 60_001;
    expect(await ceiling.take()).toEqual({ ok: true });
    expect(await ceiling.take()).toEqual({ ok: false, retryAfterMs: 59_999 });
  });

  it('counts per instance', async () => {
    const [one, two] = [memoryCeiling(1, () => MINUTE), memoryCeiling(1, () => MINUTE)];
    expect([await one.take(), await two.take()]).toEqual([{ ok: true }, { ok: true }]);
  });
});

describe('the ceiling on a real Redis', () => {
  const { server, connect } = useRealRedis();

  it('counts every instance’s calls together: two clients of one Redis', async () => {
    const now = () => MINUTE + 10_000;
    const [one, two] = [await connect(), await connect()];
    const [first, second] = [redisCeiling(one, 3, now), redisCeiling(two, 3, now)];
    const turns = [
      await first.take(),
      await second.take(),
      await first.take(),
      await second.take(),
      await first.take(),
    ];
    expect(turns).toEqual([
      { ok: true },
      { ok: true },
      { ok: true },
      { ok: false, retryAfterMs: 50_000 },
      { ok: false, retryAfterMs: 50_000 },
    ]);
    expect(await one.get(ceilingKey(MINUTE / 60_000))).toBe('5');
  });

  it('starts again at the next minute, under the next minute’s key', async () => {
    let now = MINUTE + 60_000 + 59_999;
    const redis = await connect();
    const ceiling = redisCeiling(redis, 1, () => now);
    expect(await takes(ceiling, 2)).toEqual([{ ok: true }, { ok: false, retryAfterMs: 1 }]);
    now += 1;
    expect(await takes(ceiling, 2)).toEqual([{ ok: true }, { ok: false, retryAfterMs: 60_000 }]);
    expect(await redis.get(ceilingKey(MINUTE / 60_000 + 1))).toBe('2');
    expect(await redis.get(ceilingKey(MINUTE / 60_000 + 2))).toBe('2');
  });

  it('lets its keys expire: a minute’s count outlives it by one minute at most', async () => {
    const redis = await connect();
    const minute = Math.floor(Date.now() / 60_000) + 10;
    await takes(
      redisCeiling(redis, 5, () => minute * 60_000),
      3,
    );
    const ttl = await redis.pttl(ceilingKey(minute));
    expect(ttl).toBeLessThanOrEqual(120_000);
    expect(ttl).toBeGreaterThan(110_000);
  });

  it('lets calls through while Redis is down', async () => {
    const redis = await connect();
    const ceiling = redisCeiling(redis, 1, () => MINUTE + 5 * 60_000);
    expect(await takes(ceiling, 2)).toEqual([{ ok: true }, { ok: false, retryAfterMs: 60_000 }]);
    await server().stop();
    expect(await takes(ceiling, 3)).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
  });
});
