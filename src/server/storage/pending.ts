// Orphan uploads (docs/operations.md): a resume no registration has named yet is "pending", and
// the storage keeps a small marker for it beside the resumes: `.pending/<name>`, a file under a
// hidden folder of UPLOAD_DIR or an object under that prefix of the bucket. The marker is written
// with the upload and removed once a registration names the resume; a resume whose marker is
// older than RESUME_ORPHAN_MINUTES is swept. Every instance that shares the store sees the same
// markers, and they outlast a restart. Resumes without a marker (named by a registration, or
// stored before markers existed) are kept RESUME_RETENTION_DAYS.
import { isStorableName, type Reference } from './storage.ts';

/** The folder (local) or key prefix (S3) of the markers; its leading dot keeps it unservable. */
export const PENDING_DIR = '.pending';

/** The marker's key of resume `name`, relative to the store's root. */
export const markerKey = (name: string): string => `${PENDING_DIR}/${name}`;

/**
 * The resume a marker key stands for, or null when the key is no marker of a storable name.
 * Pure, and tested directly in pending.test.ts.
 */
export function nameOfMarker(key: string): string | null {
  const prefix = `${PENDING_DIR}/`;
  if (!key.startsWith(prefix)) return null;
  const name = key.slice(prefix.length);
  return isStorableName(name) ? name : null;
}

/**
 * How much sooner a registration gives up a pending resume than the sweep takes it: the sweep
 * deletes a resume whose marker is older than the orphan time, a registration names one only
 * while its marker is younger than the orphan time less this margin. The two never both hold for
 * one marker unless the sweep reads its clock this much later than the registration did, and by
 * then the registration has removed the marker (milliseconds after it looked). The margin also
 * covers clocks of instances that differ by up to a minute.
 * @internal Used through referableSince; tests and docs name it (pending.test, readme-facts).
 */
export const ORPHAN_MARGIN_MS = 2 * 60_000;

/** The sweep takes a pending resume whose marker was written before this. */
export const orphanCutoff = (now: Date, orphanMs: number): Date =>
  new Date(now.getTime() - orphanMs);

/** A registration may still name a pending resume whose marker was written at or after this. */
export const referableSince = (now: Date, orphanMs: number): Date =>
  new Date(now.getTime() - orphanMs + ORPHAN_MARGIN_MS);

/**
 * Whether a registration may name a resume: one still stored whose marker, if it has one, is not
 * older than `since` ('kept', and the caller removes the marker); else 'gone': swept, removed, or
 * about to be swept, and the candidate attaches it again. Pure, and tested directly in
 * pending.test.ts.
 */
export function referenceOf(markerAt: Date | null, stored: boolean, since: Date): Reference {
  if (markerAt !== null && markerAt.getTime() < since.getTime()) return 'gone';
  return stored ? 'kept' : 'gone';
}
