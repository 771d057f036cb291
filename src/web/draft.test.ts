import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INITIAL_VALUES } from '../shared/constants.ts';
import type { FormValues, ResumeFile } from '../shared/schema.ts';
import {
  clearDraft,
  DRAFT_KEY,
  type Draft,
  draftExpired,
  draftOf,
  formValuesOf,
  loadDraft,
  SUBMISSION_KEY_ITEM,
  saveDraft,
} from './draft.ts';

const NOW = new Date('2025-03-04T05:06:07.000Z');
/** What wizard/submission-key.ts keeps beside a draft whose answers were sent. */
const SENT_KEY =
  '{"key":"0f8c6a8e-3d1f-4a4b-9c57-5f1e2d3c4b5a","fingerprint":"0123456789abcdef","ended":"no-answer"}';
const SECRET = 'correct-horse-battery';

/** An in-memory stand-in for localStorage. */
class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

/** localStorage with a full quota: every write throws, as browsers do. */
class FullStorage extends MemoryStorage {
  override setItem(): void {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  }
}

/** localStorage that the browser forbids altogether (e.g. blocked cookies). */
const forbiddenStorage = {
  getItem(): string | null {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  },
  setItem(): void {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  },
  removeItem(): void {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  },
};

const typed = (changes: Partial<FormValues>): FormValues => ({ ...INITIAL_VALUES, ...changes });

const { password: _password, resume: _resume, ...INITIAL_ANSWERS } = INITIAL_VALUES;
/** A fresh form as a draft stores it: no password, and no resume link in `resume_url`. */
const INITIAL_WITHOUT_PASSWORD = { ...INITIAL_ANSWERS, resume_url: '' };

describe('draftOf', () => {
  it('never contains the password', () => {
    const draft = draftOf(typed({ first_name: 'Ada', password: SECRET }), 1, NOW);
    expect(draft).not.toBeNull();
    expect(draft?.values).not.toHaveProperty('password');
    expect(JSON.stringify(draft)).not.toContain(SECRET);
    expect(draft?.values.first_name).toBe('Ada');
  });

  it('returns null for untouched initial values on step 0 without a resume', () => {
    expect(draftOf(INITIAL_VALUES, 0, NOW)).toBeNull();
  });

  it('returns null when only the password differs from a fresh form', () => {
    expect(draftOf(typed({ password: SECRET }), 0, NOW)).toBeNull();
  });

  it('keeps untouched values when the candidate has moved past step 0', () => {
    expect(draftOf(INITIAL_VALUES, 1, NOW)).toEqual({
      values: INITIAL_WITHOUT_PASSWORD,
      step: 1,
      resume: null,
      savedAt: '2025-03-04T05:06:07.000Z',
    });
  });

  it('keeps a changed value with the step and the time it was saved', () => {
    const draft = draftOf(typed({ salary_min: 12_000 }), 0, NOW);
    expect(draft).toEqual({
      values: { ...INITIAL_WITHOUT_PASSWORD, salary_min: 12_000 },
      step: 0,
      resume: null,
      savedAt: '2025-03-04T05:06:07.000Z',
    });
  });

  it('keeps a resume at a URL (url, filename, filetype) and drops its bytes', () => {
    const resume: ResumeFile = {
      uploadedUrl: 'http://localhost:3000/candidate/resumes/abc-cv.pdf',
      filename: 'cv.pdf',
      filetype: 'pdf',
      base64: 'JVBERi0xLjQK',
    };
    const draft = draftOf(typed({ resume }), 0, NOW);
    expect(draft?.resume).toEqual({
      url: 'http://localhost:3000/candidate/resumes/abc-cv.pdf',
      filename: 'cv.pdf',
      filetype: 'pdf',
    });
    expect(JSON.stringify(draft)).not.toContain('JVBERi0xLjQK');
  });

  it('drops a resume held only as base64', () => {
    const bytesOnly: ResumeFile = {
      filename: 'resume.txt',
      filetype: 'txt',
      base64: 'U2FtcGxlIENhbmRpZGF0ZQ==',
    };
    expect(draftOf(typed({ resume: bytesOnly }), 0, NOW)).toBeNull();
    const draft = draftOf(typed({ first_name: 'Ada', resume: bytesOnly }), 2, NOW);
    expect(draft?.resume).toBeNull();
    expect(JSON.stringify(draft)).not.toContain('U2FtcGxlIENhbmRpZGF0ZQ==');
  });
  it('keeps an attached link in values.resume_url, where drafts have always kept it', () => {
    const draft = draftOf(typed({ resume: { url: 'https://example.com/cv.pdf' } }), 0, NOW);
    expect(draft?.values.resume_url).toBe('https://example.com/cv.pdf');
    expect(draft?.resume).toBeNull();
  });
});

describe('formValuesOf', () => {
  const draft = (values: Partial<Draft['values']>, resume: Draft['resume']): Draft => ({
    values: { ...INITIAL_WITHOUT_PASSWORD, ...values },
    step: 2,
    resume,
    savedAt: '',
  });
  const uploaded = { url: 'http://localhost:3000/candidate/resumes/x-cv.pdf', filename: 'cv.pdf' };

  it.each<[string, Draft, FormValues['resume']]>([
    ['nothing attached', draft({}, null), null],
    [
      'a link',
      draft({ resume_url: 'https://example.com/cv.pdf' }, null),
      { url: 'https://example.com/cv.pdf' },
    ],
    [
      'an uploaded file (a missing type is empty)',
      draft({}, uploaded as Draft['resume']),
      { uploadedUrl: uploaded.url, filename: 'cv.pdf', filetype: '' },
    ],
    [
      'a link before a file',
      draft({ resume_url: 'https://example.com/cv.pdf' }, uploaded as Draft['resume']),
      { url: 'https://example.com/cv.pdf' },
    ],
    [
      'a blank link is none',
      draft({ resume_url: '  ' }, uploaded as Draft['resume']),
      { uploadedUrl: uploaded.url, filename: 'cv.pdf', filetype: '' },
    ],
  ])('gives the form its resume from %s', (_name, stored, resume) => {
    const { resume_url: _link, ...answers } = stored.values;
    expect(formValuesOf(stored)).toEqual({ ...answers, resume });
  });

  it('gives back what draftOf kept', () => {
    const values = typed({ first_name: 'Ada', resume: { url: 'https://example.com/cv.pdf' } });
    const { password: _secret, ...kept } = values;
    expect(formValuesOf(draftOf(values, 1, NOW) as Draft)).toEqual(kept);
  });
});

describe('loadDraft', () => {
  const store = (value: unknown) => {
    const storage = new MemoryStorage();
    storage.setItem(DRAFT_KEY, typeof value === 'string' ? value : JSON.stringify(value));
    return storage;
  };

  it('returns what saveDraft stored', () => {
    const storage = new MemoryStorage();
    const draft = draftOf(typed({ first_name: 'Ada', password: SECRET }), 1, NOW);
    saveDraft(storage, draft);
    expect(loadDraft(storage, NOW)).toEqual(draft);
    expect(storage.getItem(DRAFT_KEY)).not.toContain(SECRET);
  });

  it('returns null when nothing is stored', () => {
    expect(loadDraft(new MemoryStorage())).toBeNull();
  });

  it('fills the keys a draft lacks from the initial values', () => {
    const storage = store({
      values: { first_name: 'Grace', salary_max: 120_000 },
      step: 1,
      resume: null,
      savedAt: NOW.toISOString(),
    });
    expect(loadDraft(storage, NOW)).toEqual({
      values: { ...INITIAL_WITHOUT_PASSWORD, first_name: 'Grace', salary_max: 120_000 },
      step: 1,
      resume: null,
      savedAt: NOW.toISOString(),
    });
  });

  it.each([
    [5, 2],
    [3, 2],
    [2, 2],
    [0, 0],
    [-1, 0],
    [1.5, 0],
    ['1', 0],
    [null, 0],
  ])('clamps a stored step of %j to %i', (stored, expected) => {
    const storage = store({ values: {}, step: stored, resume: null, savedAt: NOW.toISOString() });
    expect(loadDraft(storage, NOW)?.step).toBe(expected);
  });

  it.each([
    ['invalid JSON', '{"values": {'],
    ['JSON null', 'null'],
    ['a number', '42'],
    ['a draft without values', '{"step": 1}'],
  ])('returns null for %s', (_, text) => {
    expect(loadDraft(store(text))).toBeNull();
  });

  it('returns null when the storage throws', () => {
    expect(loadDraft(forbiddenStorage)).toBeNull();
  });
});

describe('saveDraft', () => {
  const draft: Draft = {
    values: { ...INITIAL_WITHOUT_PASSWORD, first_name: 'Ada' },
    step: 0,
    resume: null,
    savedAt: NOW.toISOString(),
  };

  it('stores the draft as JSON under the versioned key', () => {
    const storage = new MemoryStorage();
    saveDraft(storage, draft);
    expect([...storage.items.keys()]).toEqual(['resume-library-registration:draft:v1']);
    expect(JSON.parse(storage.getItem(DRAFT_KEY) ?? 'null')).toEqual(draft);
  });

  it('swallows a full quota', () => {
    const storage = new FullStorage();
    expect(() => saveDraft(storage, draft)).not.toThrow();
    expect(storage.getItem(DRAFT_KEY)).toBeNull();
  });

  it('swallows a storage that throws on every call', () => {
    expect(() => saveDraft(forbiddenStorage, draft)).not.toThrow();
    expect(() => saveDraft(forbiddenStorage, null)).not.toThrow();
    expect(() => clearDraft(forbiddenStorage)).not.toThrow();
  });

  it('removes the stored draft, and the key its answers were sent with, when there is nothing to keep', () => {
    const storage = new MemoryStorage();
    saveDraft(storage, draft);
    storage.setItem(SUBMISSION_KEY_ITEM, SENT_KEY);
    saveDraft(storage, draft);
    expect(storage.getItem(SUBMISSION_KEY_ITEM)).toBe(SENT_KEY);
    saveDraft(storage, null);
    expect(storage.getItem(DRAFT_KEY)).toBeNull();
    expect(storage.getItem(SUBMISSION_KEY_ITEM)).toBeNull();
  });
});

describe('clearDraft', () => {
  it('removes the draft key and the idempotency key kept with it, and nothing else', () => {
    const storage = new MemoryStorage();
    storage.setItem(DRAFT_KEY, '{"values":{},"step":0,"resume":null,"savedAt":""}');
    storage.setItem(SUBMISSION_KEY_ITEM, SENT_KEY);
    storage.setItem('other-key', 'kept');
    clearDraft(storage);
    expect([...storage.items]).toEqual([['other-key', 'kept']]);
    expect(SUBMISSION_KEY_ITEM).toBe('resume-library-registration:draft:v1:idempotency-key');
  });
});

describe('a draft tampered with on the device', () => {
  const storedResume = fc.oneof(
    fc.anything(),
    fc.record(
      { url: fc.anything(), filename: fc.anything(), filetype: fc.anything() },
      { requiredKeys: [] },
    ),
  );

  it('restores a resume only with string parts, and a file only with a URL', () => {
    fc.assert(
      fc.property(storedResume, fc.anything(), (resume, link) => {
        const storage = new MemoryStorage();
        storage.setItem(
          DRAFT_KEY,
          JSON.stringify({ values: { resume_url: link }, step: 0, resume, savedAt: NOW }),
        );
        const draft = loadDraft(storage, NOW);
        expect(draft).not.toBeNull();
        if (!draft) return;
        const restored = formValuesOf(draft).resume;
        if (restored === null) return;
        if ('url' in restored) {
          expect(typeof restored.url).toBe('string');
          expect(restored.url.trim()).not.toBe('');
        } else {
          expect(
            [restored.filename, restored.filetype, restored.uploadedUrl].map((part) => typeof part),
          ).toEqual(['string', 'string', 'string']);
          expect(restored.uploadedUrl).not.toBe('');
        }
      }),
    );
  });
});

describe('the fields filled from the resume (docs/autofill.md)', () => {
  const values = typed({ first_name: 'Zoe', email: 'zoe@example.com' });

  it('are kept in the draft and come back from it', () => {
    const storage = new MemoryStorage();
    saveDraft(storage, draftOf(values, 0, NOW, ['first_name', 'email']));
    expect(loadDraft(storage, NOW)?.fromResume).toEqual(['first_name', 'email']);
  });

  it('are left out of the draft when there are none', () => {
    expect(draftOf(values, 0, NOW, [])).not.toHaveProperty('fromResume');
  });

  it('are none in an older draft that never had them', () => {
    const storage = new MemoryStorage();
    storage.setItem(
      DRAFT_KEY,
      JSON.stringify({ values: { first_name: 'Zoe' }, step: 0, savedAt: NOW }),
    );
    expect(loadDraft(storage, NOW)?.values.first_name).toBe('Zoe');
    expect(loadDraft(storage, NOW)?.fromResume).toBeUndefined();
  });
});

describe('a draft past its time (DRAFT_TTL_HOURS)', () => {
  const HOUR = 60 * 60 * 1000;
  const savedAgo = (ms: number) => new Date(NOW.getTime() - ms).toISOString();

  it.each([
    ['saved a minute ago', savedAgo(60_000), 24, false],
    ['saved exactly 24 hours ago', savedAgo(24 * HOUR), 24, false],
    ['saved 24 hours and a millisecond ago', savedAgo(24 * HOUR + 1), 24, true],
    ['saved 2 hours ago, with a 1-hour time', savedAgo(2 * HOUR), 1, true],
    ['saved 29 days ago, with 720 hours', savedAgo(29 * 24 * HOUR), 720, false],
    ['saved later than now (a clock set back)', savedAgo(-HOUR), 24, false],
    ['with an empty date', '', 24, true],
    ['with a date that is no date', 'yesterday-ish', 24, true],
    ['with a number for a date', 1_700_000_000_000, 24, true],
    ['with no date', undefined, 24, true],
  ])('%s: expired %s', (_what, savedAt, ttlHours, expired) => {
    expect(draftExpired(savedAt, NOW, ttlHours)).toBe(expired);
  });

  it('is not restored, and is removed from the device', () => {
    const storage = new MemoryStorage();
    saveDraft(
      storage,
      draftOf(typed({ first_name: 'Grace' }), 1, new Date(NOW.getTime() - 25 * HOUR)),
    );
    storage.setItem(SUBMISSION_KEY_ITEM, SENT_KEY);
    storage.setItem('other-key', 'kept');
    expect(loadDraft(storage, NOW, 24)).toBeNull();
    expect([...storage.items]).toEqual([['other-key', 'kept']]);
  });

  it('within its time is restored as it was', () => {
    const storage = new MemoryStorage();
    const draft = draftOf(typed({ first_name: 'Grace' }), 1, new Date(NOW.getTime() - 23 * HOUR));
    saveDraft(storage, draft);
    expect(loadDraft(storage, NOW, 24)).toEqual(draft);
  });

  it('never throws, and restores nothing without a readable date, whatever the device holds', () => {
    fc.assert(
      fc.property(fc.anything(), fc.integer({ min: 1, max: 720 }), (savedAt, ttl) => {
        const storage = new MemoryStorage();
        storage.setItem(DRAFT_KEY, JSON.stringify({ values: {}, step: 0, resume: null, savedAt }));
        const draft = loadDraft(storage, NOW, ttl);
        if (typeof savedAt !== 'string' || Number.isNaN(Date.parse(savedAt))) {
          expect(draft).toBeNull();
        }
      }),
    );
  });
});
