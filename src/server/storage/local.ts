// The local-disk backend: streams to a temporary name in the root, then links it to its final
// name (which fails rather than overwrite) and removes the temporary one.
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { link, lstat, mkdir, readdir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { isStorableName, type ResumeStorage } from './storage.ts';

const TEMP_PREFIX = '.upload-';
/** Temporary files older than this are leftovers of a crash. */
const STALE_TEMP_MS = 60 * 60 * 1000;

async function removeQuietly(file: string) {
  await unlink(file).catch(() => undefined);
}

export async function createLocalStorage(root: string): Promise<ResumeStorage> {
  const dir = path.resolve(root);
  await mkdir(dir, { recursive: true });
  await removeStaleTemporaryFiles(dir);

  return {
    async save(name, chunks) {
      if (!isStorableName(name)) throw new Error(`Refusing to store under the name ${name}`);
      const temporary = path.join(dir, `${TEMP_PREFIX}${randomUUID()}`);
      const file = createWriteStream(temporary, { flags: 'wx' });
      try {
        await pipeline(chunks, file);
        await link(temporary, path.join(dir, name));
      } finally {
        // A failed pipeline destroys the stream, but its open may still be landing: wait for
        // the close, or the file would appear after the unlink below.
        if (!file.closed) await new Promise<void>((resolve) => file.once('close', () => resolve()));
        await removeQuietly(temporary);
      }
      return (await stat(path.join(dir, name))).size;
    },

    async open(name) {
      if (!isStorableName(name)) return null;
      const file = path.join(dir, name);
      if (path.dirname(file) !== dir) return null;
      const info = await lstat(file).catch(() => null);
      if (!info?.isFile()) return null;
      return { stream: createReadStream(file), size: info.size };
    },

    async deleteOlderThan(cutoff) {
      let deleted = 0;
      for (const entry of await readdir(dir)) {
        if (!isStorableName(entry)) continue;
        const file = path.join(dir, entry);
        const info = await lstat(file).catch(() => null);
        if (info?.isFile() && info.mtimeMs < cutoff.getTime()) {
          await removeQuietly(file);
          deleted++;
        }
      }
      return deleted;
    },

    async check() {
      const probe = path.join(dir, `${TEMP_PREFIX}probe-${randomUUID()}`);
      try {
        await writeFile(probe, 'ok', { flag: 'wx' });
      } finally {
        await removeQuietly(probe);
      }
    },
  };
}

async function removeStaleTemporaryFiles(dir: string) {
  const now = Date.now();
  for (const entry of await readdir(dir)) {
    if (!entry.startsWith(TEMP_PREFIX)) continue;
    const file = path.join(dir, entry);
    const info = await stat(file).catch(() => null);
    if (info && now - info.mtimeMs > STALE_TEMP_MS) await removeQuietly(file);
  }
}
