// The lock installs on every platform a contributor or an operator uses (issue 30): a lock made on
// Linux once named only the Linux builds of @napi-rs/canvas (which pdf.js pulls in), so that on
// macOS or Windows pdf.js said "try again after removing package-lock.json". Every optional
// dependency an installed package declares is in the lock, whichever platform it is for.
// Proved once by hand with `npm ci --os=darwin --cpu=arm64 --dry-run`, which adds
// @napi-rs/canvas-darwin-arm64 with this lock and nothing for canvas without it.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { optionalDependencies?: Record<string, string> }>;
};
const locked = new Set(
  Object.keys(lock.packages).map((key) => key.slice(key.lastIndexOf('node_modules/') + 13)),
);

describe('package-lock.json', () => {
  it('names every platform build of every optional dependency a package declares', () => {
    const missing: string[] = [];
    for (const key of Object.keys(lock.packages)) {
      const manifest = path.join(ROOT, key, 'package.json');
      if (key === '' || !existsSync(manifest)) continue;
      const declared = (
        JSON.parse(readFileSync(manifest, 'utf8')) as (typeof lock.packages)[string]
      ).optionalDependencies;
      for (const name of Object.keys(declared ?? {})) {
        if (!locked.has(name)) missing.push(`${key} → ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('holds the macOS and Windows builds of @napi-rs/canvas', () => {
    for (const name of ['darwin-arm64', 'darwin-x64', 'win32-x64-msvc', 'linux-x64-musl']) {
      expect(locked.has(`@napi-rs/canvas-${name}`)).toBe(true);
    }
  });
});
