// The quota: what fits, and UPLOAD_QUOTA_MB as the configuration reads it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { fitsQuota, MB } from './quota.ts';

describe('fitsQuota', () => {
  it.each([
    ['an empty store', 0, 0, 0, 5 * MB, 10 * MB, true],
    ['exactly up to the quota', 4 * MB, 1 * MB, 0, 5 * MB, 10 * MB, true],
    ['a byte past it', 4 * MB, 1 * MB, 1, 5 * MB, 10 * MB, false],
    ['uploads in flight count', 0, 0, 6 * MB, 5 * MB, 10 * MB, false],
    ['this instance’s uploads since the measure count', 2 * MB, 4 * MB, 0, 5 * MB, 10 * MB, false],
    ['a store already past it', 11 * MB, 0, 0, 1, 10 * MB, false],
  ])('%s', (_case, measured, storedSince, inFlight, incoming, quota, fits) => {
    expect(fitsQuota({ measured, storedSince, inFlight, incoming, quota })).toBe(fits);
  });
});

describe('UPLOAD_QUOTA_MB', () => {
  it('is 10240 (10 GB) unset, and takes whole MB from 1 to 10485760 (10 TB)', () => {
    const read = (value?: string) => {
      const result = loadConfig({ UPLOAD_QUOTA_MB: value });
      return result.ok ? result.config.uploadQuotaMb : result.errors;
    };
    expect(read()).toBe(10_240);
    expect(read('  ')).toBe(10_240);
    expect(read('1')).toBe(1);
    expect(read('10485760')).toBe(10_485_760);
    for (const bad of ['0', '10485761', '1.5', '-1', '10GB', 'off']) {
      expect(read(bad)).toEqual([
        `UPLOAD_QUOTA_MB must be a whole number from 1 to 10485760 (got "${bad}")`,
      ]);
    }
  });

  it('reads any text as a quota in range or one line naming the variable', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.nat().map(String)), (text) => {
        const result = loadConfig({ UPLOAD_QUOTA_MB: text });
        const trimmed = text.trim();
        const valid =
          trimmed === '' ||
          (/^\d+$/.test(trimmed) && Number(trimmed) >= 1 && Number(trimmed) <= 10 * 1024 * 1024);
        expect(result.ok).toBe(valid);
        if (result.ok)
          expect(result.config.uploadQuotaMb).toBe(trimmed === '' ? 10_240 : Number(trimmed));
        else expect(result.errors).toHaveLength(1);
        if (!result.ok) expect(result.errors[0]).toMatch(/^UPLOAD_QUOTA_MB must be /);
      }),
    );
  });
});
