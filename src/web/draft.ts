// A same-device draft of what the candidate typed, so a reload loses nothing, for DRAFT_TTL_HOURS
// after it was last saved. The password and resume bytes are never stored. Beside it, the
// idempotency key its answers were last sent with, removed with it.

import { INITIAL_VALUES, STEP_COUNT } from '../shared/constants.ts';
import { DEFAULT_DRAFT_TTL_HOURS } from '../shared/contract.ts';
import type { AttachedResume, FormValues } from '../shared/schema.ts';

/** @internal The tests and e2e specs read and plant drafts under it. */
export const DRAFT_KEY = 'resume-library-registration:draft:v1';
/** The idempotency key last sent with these answers (wizard/submission-key.ts): the draft's. */
export const SUBMISSION_KEY_ITEM = `${DRAFT_KEY}:idempotency-key`;

/** The answers but the password; an attached link as `resume_url`, as drafts have always had it. */
type DraftValues = Omit<FormValues, 'password' | 'resume'> & { resume_url: string };

export interface Draft {
  values: DraftValues;
  step: number;
  /** A resume that lives at a URL survives; one held only as bytes does not. */
  resume: { url: string; filename: string; filetype: string; deleteToken?: string } | null;
  /** The fields the resume filled and the candidate has not edited (none in older drafts). */
  fromResume?: readonly string[];
  savedAt: string;
}

type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** What a draft keeps of these values: the link, or the uploaded file's URL; never bytes. */
function kept({ password: _password, resume, ...answers }: FormValues) {
  const link = resume && 'url' in resume ? resume.url : '';
  const file =
    resume && !('url' in resume) && resume.uploadedUrl
      ? {
          url: resume.uploadedUrl,
          filename: resume.filename,
          filetype: resume.filetype,
          ...(resume.deleteToken ? { deleteToken: resume.deleteToken } : {}),
        }
      : null;
  return { values: { ...answers, resume_url: link }, resume: file };
}

const FRESH = kept(INITIAL_VALUES);

/** What to store for these values, or null when nothing differs from a fresh form. */
export function draftOf(
  values: FormValues,
  step: number,
  now: Date,
  fromResume: readonly string[] = [],
): Draft | null {
  const draft = kept(values);
  const untouched = JSON.stringify(draft) === JSON.stringify(FRESH) && step === 0;
  if (untouched) return null;
  const marks = fromResume.length > 0 && { fromResume };
  return { ...draft, step, ...marks, savedAt: now.toISOString() };
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The form's values (the password left to the caller) for a stored draft. The storage is the
 * device's, so a resume is taken only where its URL is a string: a tampered one is dropped.
 */
export function formValuesOf({ values, resume }: Draft): Omit<FormValues, 'password'> {
  const { resume_url: link, ...answers } = values;
  let attached: AttachedResume | null = null;
  if (typeof link === 'string' && link.trim() !== '') attached = { url: link };
  else if (resume && typeof resume === 'object' && text(resume.url) !== '') {
    const { url, filename, filetype, deleteToken } = resume;
    attached = { filename: text(filename), filetype: text(filetype), uploadedUrl: url };
    if (text(deleteToken) !== '') attached.deleteToken = text(deleteToken);
  }
  return { ...answers, resume: attached };
}

export function saveDraft(storage: DraftStorage, draft: Draft | null): void {
  try {
    if (draft) storage.setItem(DRAFT_KEY, JSON.stringify(draft));
    else {
      storage.removeItem(DRAFT_KEY);
      storage.removeItem(SUBMISSION_KEY_ITEM);
    }
  } catch {
    // Private mode or a full quota: the form still works, only the draft is lost.
  }
}

/** The device's storage, or null where the page may not use it (a sandboxed frame, the server). */
export function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * Whether a draft saved at `savedAt` is past its time at `now`: older than `ttlHours`, or with no
 * date that can be read (a tampered one). On a shared computer, the next person does not find the
 * last candidate's answers.
 * @internal Pure, and tested directly in draft.test.ts.
 */
export function draftExpired(savedAt: unknown, now: Date, ttlHours: number): boolean {
  const saved = typeof savedAt === 'string' ? Date.parse(savedAt) : Number.NaN;
  return Number.isNaN(saved) || now.getTime() - saved > ttlHours * HOUR_MS;
}

/** The stored draft, or null; one past its time (draftExpired) is removed from the device. */
export function loadDraft(
  storage: DraftStorage,
  now = new Date(),
  ttlHours = DEFAULT_DRAFT_TTL_HOURS,
): Draft | null {
  try {
    const text = storage.getItem(DRAFT_KEY);
    if (!text) return null;
    const draft = JSON.parse(text) as Draft;
    if (!draft || typeof draft !== 'object' || typeof draft.values !== 'object') return null;
    if (draftExpired(draft.savedAt, now, ttlHours)) {
      clearDraft(storage);
      return null;
    }
    return {
      ...draft,
      values: { ...FRESH.values, ...draft.values },
      step: Number.isInteger(draft.step) ? Math.min(Math.max(draft.step, 0), STEP_COUNT - 1) : 0,
    };
  } catch {
    return null;
  }
}

export function clearDraft(storage: DraftStorage): void {
  saveDraft(storage, null);
}
