// The build's guard (scripts/server-imports.mjs) that keeps package.json's `dependencies` equal
// to what dist/server loads from node_modules, the only packages `npm ci --omit=dev` installs.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkServerImports, packageName } from '../scripts/server-imports.mjs';

let dir: string;

async function bundle(files: Record<string, string>): Promise<string> {
  dir = await mkdtemp(path.join(os.tmpdir(), 'server-imports-'));
  for (const [name, source] of Object.entries(files)) await writeFile(path.join(dir, name), source);
  return dir;
}

afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const DEPENDENCIES = { dependencies: { ioredis: '^5', '@aws-sdk/client-s3': '^3' } };

describe('the packages the server bundle loads from node_modules', () => {
  it('names a package by its scope and name', () => {
    expect(packageName('@aws-sdk/client-s3/dist-cjs/index.js')).toBe('@aws-sdk/client-s3');
    expect(packageName('ajv/dist/runtime/equal')).toBe('ajv');
  });

  it('accepts a bundle that loads exactly the dependencies, in every form of loading', async () => {
    const result = await checkServerImports(
      await bundle({
        'main.js': `import { createRequire } from 'node:module'; import "./chunk.js";
          const __require = createRequire(import.meta.url); __require(\`fs\`); __require('node:path');
          const redis = await import(\`ioredis\`);`,
        'chunk.js': `export { S3Client } from "@aws-sdk/client-s3"; import "../web/x.js";`,
        'notes.txt': `import 'react';`,
      }),
      DEPENDENCIES,
    );
    expect(result).toEqual({ packages: ['@aws-sdk/client-s3', 'ioredis'], problems: [] });
  });

  it('refuses a package that is loaded but not a dependency, in any form of loading', async () => {
    for (const source of [
      `import fastify from 'fastify';`,
      `export * from 'fastify/lib/x.js';`,
      `const m = await import('fastify');`,
      `const __require = () => {}; __require(\`fastify\`);`,
      `require.resolve('fastify');`,
    ]) {
      const { problems } = await checkServerImports(
        await bundle({ 'main.js': `import 'ioredis'; import '@aws-sdk/client-s3'; ${source}` }),
        DEPENDENCIES,
      );
      expect(problems, source).toEqual([expect.stringMatching(/^fastify is loaded by main\.js/)]);
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('does not count code that only writes require(…) into a string', async () => {
    const { problems } = await checkServerImports(
      await bundle({
        'main.js': `import 'ioredis'; import '@aws-sdk/client-s3';
          const code = \`const Serializer = require('fast-json-stringify/lib/serializer')\`;`,
      }),
      DEPENDENCIES,
    );
    expect(problems).toEqual([]);
  });

  it('refuses a dependency that nothing loads: the bundle inlines it', async () => {
    const { problems } = await checkServerImports(
      await bundle({ 'main.js': `import 'ioredis';` }),
      DEPENDENCIES,
    );
    expect(problems).toEqual([
      expect.stringMatching(/^@aws-sdk\/client-s3 is in package.json's dependencies but/),
    ]);
  });

  it('refuses a module name computed at run time', async () => {
    const { problems } = await checkServerImports(
      await bundle({
        'main.js': `import 'ioredis'; import '@aws-sdk/client-s3'; const name = 'x'; await import(name);`,
      }),
      DEPENDENCIES,
    );
    expect(problems).toEqual([expect.stringMatching(/^a module name computed at run time/)]);
  });
});
