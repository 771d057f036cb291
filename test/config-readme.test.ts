// The README's configuration table and the variables the server reads agree, both ways: an
// operator finds every variable there, and nothing there is a variable the server ignores.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/server/config.ts';

/** Every name loadConfig reads from `env`, whatever it finds there. */
function namesRead(env: Record<string, string>): Set<string> {
  const read = new Set<string>();
  loadConfig(
    new Proxy(env, {
      get(target, name) {
        if (typeof name === 'string') read.add(name);
        return target[name as string];
      },
    }),
  );
  return read;
}

/** The variables named in the first column of the README's "## Configuration" table. */
function readmeVariables(): Set<string> {
  const readme = readFileSync(path.resolve(import.meta.dirname, '../README.md'), 'utf8');
  const section = readme.split('\n## Configuration\n')[1]?.split('\n## ')[0] ?? '';
  const names = section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...(line.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]*)`/g)])
    .map((match) => match[1] as string);
  return new Set(names);
}

describe('the README configuration table', () => {
  // Unset, and set to values that take every branch (a provider, S3, Redis).
  const read = new Set([
    ...namesRead({}),
    ...namesRead({
      PROVIDER_API_BASE: 'https://api.example.com',
      PROVIDER_API_USER: 'u',
      PROVIDER_API_KEY: 'k',
      STORAGE: 's3',
      S3_BUCKET: 'b',
      REDIS_URL: 'redis://127.0.0.1:6379',
    }),
  ]);

  it('lists every variable the server reads', () => {
    expect([...read].filter((name) => !readmeVariables().has(name)).sort()).toEqual([]);
  });

  it('lists no variable the server does not read', () => {
    expect([...readmeVariables()].filter((name) => !read.has(name)).sort()).toEqual([]);
  });

  it('is found at all: the table names the usual variables', () => {
    expect(readmeVariables()).toContain('PORT');
    expect(read).toContain('PORT');
    expect(read.size).toBeGreaterThan(20);
  });
});
