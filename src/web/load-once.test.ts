import { describe, expect, it, vi } from 'vitest';
import { loadOnce } from './load-once.ts';

describe('loadOnce', () => {
  it('loads once for every caller', async () => {
    const load = vi.fn(async () => 'code');
    const get = loadOnce(load);
    expect(await Promise.all([get(), get(), get()])).toEqual(['code', 'code', 'code']);
    expect(await get()).toBe('code');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failure, and keeps what then loads', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue('code');
    const get = loadOnce(load);
    await expect(get()).rejects.toThrow('Failed to fetch dynamically imported module');
    expect(await get()).toBe('code');
    expect(await get()).toBe('code');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
