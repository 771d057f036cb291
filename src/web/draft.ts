// A same-device draft of what the candidate typed, so a reload loses nothing. The password and
// resume bytes are never stored.

import { type FormValues, INITIAL_VALUES } from '../shared/schema.ts';
import type { UploadedResumeInfo } from './wizard/submission.ts';

export const DRAFT_KEY = 'resume-library-registration:draft:v1';

export interface Draft {
  values: Omit<FormValues, 'password'>;
  step: number;
  /** A resume that lives at a URL survives; one held only as bytes does not. */
  resume: { url: string; filename: string; filetype: string } | null;
  /** The fields the resume filled and the candidate has not edited (none in older drafts). */
  fromResume?: readonly string[];
  savedAt: string;
}

type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** What to store for these values, or null when nothing differs from a fresh form. */
export function draftOf(
  values: FormValues,
  step: number,
  resume: UploadedResumeInfo | null,
  now: Date,
  fromResume: readonly string[] = [],
): Draft | null {
  const rest = withoutPassword(values);
  const keptResume = resume?.url
    ? { url: resume.url, filename: resume.filename ?? '', filetype: resume.filetype ?? '' }
    : null;
  const untouched =
    JSON.stringify(rest) === JSON.stringify(withoutPassword(INITIAL_VALUES)) &&
    step === 0 &&
    !keptResume;
  if (untouched) return null;
  const marks = fromResume.length > 0 && { fromResume };
  return { values: rest, step, resume: keptResume, ...marks, savedAt: now.toISOString() };
}

export function saveDraft(storage: DraftStorage, draft: Draft | null): void {
  try {
    if (draft) storage.setItem(DRAFT_KEY, JSON.stringify(draft));
    else storage.removeItem(DRAFT_KEY);
  } catch {
    // Private mode or a full quota: the form still works, only the draft is lost.
  }
}

export function loadDraft(storage: DraftStorage): Draft | null {
  try {
    const text = storage.getItem(DRAFT_KEY);
    if (!text) return null;
    const draft = JSON.parse(text) as Draft;
    if (!draft || typeof draft !== 'object' || typeof draft.values !== 'object') return null;
    return {
      ...draft,
      values: { ...withoutPassword(INITIAL_VALUES), ...draft.values },
      step: Number.isInteger(draft.step) ? Math.min(Math.max(draft.step, 0), 2) : 0,
    };
  } catch {
    return null;
  }
}

export function clearDraft(storage: DraftStorage): void {
  saveDraft(storage, null);
}

function withoutPassword(values: FormValues): Omit<FormValues, 'password'> {
  const { password: _password, ...rest } = values;
  return rest;
}
