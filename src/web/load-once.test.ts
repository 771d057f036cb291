import { describe, expect, it, vi } from 'vitest';
import { importOnDemand, loadOnce } from './load-once.ts';

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

describe('importOnDemand', () => {
  /** A loader as the build writes it (minified, Vite's preload around it), whose download fails. */
  const offline = Object.assign(
    () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    { toString: () => '()=>i(()=>import(`./chunk-X.js`),__vite__mapDeps([6,3]))' },
  );

  it('asks for the file at a URL of its own after each failed download', async () => {
    const base = 'https://jobs.example/assets/main-A1.js';
    const importUrl = vi
      .fn<(url: string) => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Importing a module script failed.'))
      .mockResolvedValue('module');
    await expect(importOnDemand(offline, base, importUrl)).rejects.toThrow('Failed to fetch');
    expect(importUrl).not.toHaveBeenCalled();
    await expect(importOnDemand(offline, base, importUrl)).rejects.toThrow('Importing a module');
    expect(await importOnDemand(offline, base, importUrl)).toBe('module');
    expect(importUrl.mock.calls).toEqual([
      ['https://jobs.example/assets/chunk-X.js?retry=1'],
      ['https://jobs.example/assets/chunk-X.js?retry=2'],
    ]);
  });

  it('imports as it is when the loader names no file (a test double, a bare package)', async () => {
    const load = vi.fn(async () => 'module');
    expect(await importOnDemand(load)).toBe('module');
    expect(load).toHaveBeenCalledOnce();
  });
});
