// The local-disk backend: streams to a temporary name in the root, then links it to its final
// name (which fails rather than overwrite) and removes the temporary one. Resumes are the server's
// user's alone: files 0600, and a folder it creates 0700 (docs/operations.md).
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { link, lstat, mkdir, readdir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { within } from '../dependencies.ts';
import { withFrames } from '../stack.ts';
import { markerKey, PENDING_DIR, referenceOf } from './pending.ts';
import { isStorableName, type ResumeStorage, UnusableStorage } from './storage.ts';

const TEMP_PREFIX = '.upload-';
/** Temporary files older than this are leftovers of a crash. */
const STALE_TEMP_MS = 60 * 60 * 1000;
/** A stored resume, and every file written in the root: the server's user's alone. */
const FILE_MODE = 0o600;
/** Each folder the server creates on the way to UPLOAD_DIR; an existing one is left as it is. */
const FOLDER_MODE = 0o700;
/** A disk that has not answered by then (a hung network mount) will not serve uploads. */
export const PREPARE_TIMEOUT_MS = 5_000;

const REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is used up',
  ENOENT: 'the file system does not allow it',
  ELOOP: 'too many symbolic links',
  ENAMETOOLONG: 'the path is too long',
  EIO: 'an input/output error',
};

/** Why a file-system call failed, in words, with the code an operator can search for. */
function reasonOf(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (!code) return error instanceof Error ? error.message : String(error);
  return REASONS[code] ? `${REASONS[code]} (${code})` : code;
}

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code;

/**
 * Creates `dir` if it is missing, one level at a time from its nearest existing ancestor (each
 * level FOLDER_MODE), and proves it writable with a probe file. (Node's recursive mkdir never returns for a path under
 * /proc: it retries for ever.) Throws an Error whose message is the reason.
 */
export async function prepareDirectory(dir: string): Promise<void> {
  if (dir.includes('\0')) throw new Error('the path contains a NUL character');
  const missing: string[] = [];
  let current = dir;
  for (;;) {
    const info = await stat(current).catch((error: unknown) => {
      if (codeOf(error) === 'ENOENT' || codeOf(error) === 'ENOTDIR') return null;
      throw new Error(`cannot look at ${current}: ${reasonOf(error)}`);
    });
    if (info?.isDirectory()) break;
    if (info) throw new Error(`${current} is not a directory`);
    missing.unshift(current);
    current = path.dirname(current);
  }
  for (const level of missing) {
    await mkdir(level, { mode: FOLDER_MODE }).catch(async (error: unknown) => {
      // Another instance may have created it meanwhile.
      if (codeOf(error) === 'EEXIST' && (await stat(level)).isDirectory()) return;
      throw new Error(`cannot create ${level}: ${reasonOf(error)}`);
    });
  }
  await writeProbe(dir).catch((error: unknown) => {
    throw new Error(`cannot write in ${dir}: ${reasonOf(error)}`);
  });
}

/** Writes a new file in `dir` and removes it: throws unless the directory takes files. */
async function writeProbe(dir: string): Promise<void> {
  const probe = path.join(dir, `${TEMP_PREFIX}probe-${randomUUID()}`);
  try {
    await writeFile(probe, 'ok', { flag: 'wx', mode: FILE_MODE });
  } finally {
    await removeQuietly(probe);
  }
}

async function removeQuietly(file: string) {
  await unlink(file).catch(() => undefined);
}

/** The storage in `root` (UPLOAD_DIR), or UnusableStorage within a few seconds. */
export async function createLocalStorage(root: string): Promise<ResumeStorage> {
  const dir = path.resolve(root);
  try {
    await within(
      prepareDirectory(dir).then(() => removeStaleTemporaryFiles(dir)),
      PREPARE_TIMEOUT_MS,
      'the file system',
    );
  } catch (error) {
    throw new UnusableStorage('UPLOAD_DIR', root, (error as Error).message);
  }

  /** Resume `name`'s pending marker (pending.ts): in a hidden folder the routes never serve. */
  const markerOf = (name: string) => path.join(dir, markerKey(name));
  /** The resumes (no hidden file, no folder) in `dir`, with their sizes and times. */
  async function* resumes() {
    for (const entry of await withFrames(() => readdir(dir))) {
      if (!isStorableName(entry)) continue;
      const info = await lstat(path.join(dir, entry)).catch(() => null);
      if (info?.isFile()) yield { name: entry, info };
    }
  }

  return {
    async save(name, chunks) {
      if (!isStorableName(name)) throw new Error(`Refusing to store under the name ${name}`);
      const temporary = path.join(dir, `${TEMP_PREFIX}${randomUUID()}`);
      // Its final name is a link to it, so the resume keeps this mode.
      const file = createWriteStream(temporary, { flags: 'wx', mode: FILE_MODE });
      let marked = false;
      try {
        // Either may fail in the file system (ENOSPC, ENOTDIR): with our frames (stack.ts).
        await withFrames(async () => {
          await pipeline(chunks, file);
          // The marker before the resume: a crash between the two leaves a marker the sweep
          // takes, never a resume without one (which would be kept for the whole retention).
          await mkdir(path.join(dir, PENDING_DIR), { mode: FOLDER_MODE, recursive: true });
          await writeFile(markerOf(name), '', { flag: 'wx', mode: FILE_MODE });
          marked = true;
          await link(temporary, path.join(dir, name));
          marked = false;
        });
      } finally {
        if (marked) await removeQuietly(markerOf(name));
        // A failed pipeline destroys the stream, but its open may still be landing: wait for
        // the close, or the file would appear after the unlink below.
        if (!file.closed) await new Promise<void>((resolve) => file.once('close', () => resolve()));
        await removeQuietly(temporary);
      }
      return (await withFrames(() => stat(path.join(dir, name)))).size;
    },

    async open(name) {
      if (!isStorableName(name)) return null;
      const file = path.join(dir, name);
      if (path.dirname(file) !== dir) return null;
      const info = await lstat(file).catch(() => null);
      if (!info?.isFile()) return null;
      return { stream: createReadStream(file), size: info.size };
    },

    async remove(name) {
      if (!isStorableName(name)) return;
      const file = path.join(dir, name);
      if (path.dirname(file) !== dir) return;
      await removeQuietly(file);
      await removeQuietly(markerOf(name));
    },

    async deleteOlderThan(cutoff, keep = () => false) {
      let deleted = 0;
      for await (const { name, info } of resumes()) {
        if (keep(name) || info.mtimeMs >= cutoff.getTime()) continue;
        await removeQuietly(path.join(dir, name));
        await removeQuietly(markerOf(name));
        deleted++;
      }
      return deleted;
    },

    async reference(name, since) {
      if (!isStorableName(name)) return 'gone';
      const marker = await lstat(markerOf(name)).catch(() => null);
      const stored = await lstat(path.join(dir, name)).catch(() => null);
      const reference = referenceOf(marker ? marker.mtime : null, !!stored?.isFile(), since);
      if (reference === 'kept' && marker) {
        await withFrames(() => unlink(markerOf(name))).catch((error: unknown) => {
          // Another registration named it at the same moment: kept all the same.
          if (codeOf(error) !== 'ENOENT') throw error;
        });
      }
      return reference;
    },

    async deleteOrphans(cutoff, keep = () => false) {
      const markers = path.join(dir, PENDING_DIR);
      const names = await readdir(markers).catch((error: unknown) => {
        if (codeOf(error) === 'ENOENT') return [];
        throw error;
      });
      let deleted = 0;
      for (const name of names) {
        if (!isStorableName(name) || keep(name)) continue;
        const info = await lstat(markerOf(name)).catch(() => null);
        if (!info?.isFile() || info.mtimeMs >= cutoff.getTime()) continue;
        // The resume first: a marker is the only sign that it is an orphan.
        await removeQuietly(path.join(dir, name));
        await removeQuietly(markerOf(name));
        deleted++;
      }
      return deleted;
    },

    async usage() {
      let bytes = 0;
      for await (const { info } of resumes()) bytes += info.size;
      return bytes;
    },

    check: () => writeProbe(dir),
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
