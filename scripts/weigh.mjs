// What a visit fetches, as the build lists it (vite.config.ts, FETCHED → dist/initial-chunks.json),
// and the bytes of a built file: shared by `npm run size` and `npm run bench`.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';

export const WEB_DIR = path.resolve(import.meta.dirname, '../dist/web');

/** The scripts fetched without interaction (`load`) and on the first input (`firstInput`). */
export async function fetchedScripts(dir = WEB_DIR) {
  /** @type {{ file: string, when: 'load' | 'first-input' }[]} */
  const fetched = JSON.parse(await readFile(path.resolve(dir, '../initial-chunks.json'), 'utf8'));
  const when = (moment) => fetched.filter((chunk) => chunk.when === moment).map((c) => c.file);
  return {
    all: fetched.map((chunk) => chunk.file),
    load: when('load'),
    firstInput: when('first-input'),
  };
}

/** A built file's bytes: raw, gzip (level 9) and brotli (quality 11). */
export async function measure(file, dir = WEB_DIR) {
  const bytes = await readFile(path.join(dir, file));
  return {
    file,
    raw: bytes.length,
    gzip: zlib.gzipSync(bytes, { level: 9 }).length,
    brotli: zlib.brotliCompressSync(bytes, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
    }).length,
  };
}
