// The server bundle's source maps keep our own code only (vite.server.config.ts), read here as
// Node reads them for a stack trace (node:module's SourceMap is the same reader). The built
// server's own stacks: e2e/readable-errors.spec.ts.
import { SourceMap, type SourceMapPayload } from 'node:module';
import path from 'node:path';
import { encode, type SourceMapSegment } from '@jridgewell/sourcemap-codec';
import { describe, expect, it } from 'vitest';
import { ownSourceMap } from '../vite.server.config.ts';

const WHERE = { mapDir: path.resolve('dist/server'), ourDir: path.resolve('src') };
const OURS_A = '../../src/server/a.ts';
const DEPENDENCY = '../../node_modules/dep/index.js';
const OURS_B = '../../src/shared/b.ts';

/** A chunk of three lines: ours, a dependency, ours again, the dependency last. */
const chunkMap = (lines: SourceMapSegment[][]) => ({
  version: 3,
  file: 'app.js',
  sources: [OURS_A, DEPENDENCY, OURS_B],
  sourcesContent: ['a', 'dep', 'b'],
  names: ['dependencyName', 'ourName'],
  mappings: encode(lines),
});

const MIXED = chunkMap([
  [[0, 0, 0, 0], [10, 1, 5, 0], [20, 1, 6, 0, 0], [30, 0, 3, 2, 1], [40]],
  [
    [0, 1, 7, 0],
    [5, 2, 1, 4],
  ],
  [[3, 1, 9, 0]],
]);

const entryAt = (map: SourceMap, line: number, column: number) => {
  const { originalSource, originalLine, originalColumn, name } = map.findEntry(line, column) as {
    originalSource?: string;
    originalLine?: number;
    originalColumn?: number;
    name?: string;
  };
  return originalSource === undefined
    ? 'unmapped'
    : { originalSource, originalLine, originalColumn, name };
};

describe('the server bundle keeps source maps of our own code only', () => {
  const slim = ownSourceMap(MIXED, WHERE);
  // The payload's type asks for sourceRoot and sourcesContent, which Node does without.
  const read = new SourceMap(slim as unknown as SourceMapPayload);

  it('maps our code as before', () => {
    expect(entryAt(read, 0, 5)).toMatchObject({ originalSource: OURS_A, originalLine: 0 });
    expect(entryAt(read, 0, 35)).toEqual({
      originalSource: OURS_A,
      originalLine: 3,
      originalColumn: 2,
      name: 'ourName',
    });
    expect(entryAt(read, 1, 7)).toMatchObject({ originalSource: OURS_B, originalLine: 1 });
  });

  it('never reports a frame inside a dependency as the line of ours before it', () => {
    expect(entryAt(read, 0, 15)).toBe('unmapped');
    expect(entryAt(read, 0, 25)).toBe('unmapped');
    expect(entryAt(read, 0, 45)).toBe('unmapped');
    expect(entryAt(read, 1, 2)).toBe('unmapped');
    // The chunk's last segment is such a marker: still read as one.
    expect(entryAt(read, 2, 5)).toBe('unmapped');
  });

  it('holds neither the dependencies nor any source text', () => {
    expect(slim).toEqual({
      version: 3,
      file: 'app.js',
      sources: [OURS_A, OURS_B],
      names: ['ourName'],
      mappings: expect.any(String),
    });
  });

  it('gives a chunk with nothing of ours no map', () => {
    const dependencyOnly = { ...MIXED, sources: [DEPENDENCY, DEPENDENCY, DEPENDENCY] };
    expect(ownSourceMap(dependencyOnly, WHERE)).toBeNull();
  });
});
