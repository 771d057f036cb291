import { describe, expect, it } from 'vitest';
import { type FormValues, INITIAL_VALUES } from '../shared/schema.ts';
import { clearDraft, DRAFT_KEY, type Draft, draftOf, loadDraft, saveDraft } from './draft.ts';
import type { UploadedResumeInfo } from './wizard/submission.ts';

const NOW = new Date('2025-03-04T05:06:07.000Z');
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

const { password: _password, ...INITIAL_WITHOUT_PASSWORD } = INITIAL_VALUES;

describe('draftOf', () => {
  it('never contains the password', () => {
    const draft = draftOf(typed({ first_name: 'Ada', password: SECRET }), 1, null, NOW);
    expect(draft).not.toBeNull();
    expect(draft?.values).not.toHaveProperty('password');
    expect(JSON.stringify(draft)).not.toContain(SECRET);
    expect(draft?.values.first_name).toBe('Ada');
  });

  it('returns null for untouched initial values on step 0 without a resume', () => {
    expect(draftOf(INITIAL_VALUES, 0, null, NOW)).toBeNull();
  });

  it('returns null when only the password differs from a fresh form', () => {
    expect(draftOf(typed({ password: SECRET }), 0, null, NOW)).toBeNull();
  });

  it('keeps untouched values when the candidate has moved past step 0', () => {
    expect(draftOf(INITIAL_VALUES, 1, null, NOW)).toEqual({
      values: INITIAL_WITHOUT_PASSWORD,
      step: 1,
      resume: null,
      savedAt: '2025-03-04T05:06:07.000Z',
    });
  });

  it('keeps a changed value with the step and the time it was saved', () => {
    const draft = draftOf(typed({ salary_min: 12_000 }), 0, null, NOW);
    expect(draft).toEqual({
      values: { ...INITIAL_WITHOUT_PASSWORD, salary_min: 12_000 },
      step: 0,
      resume: null,
      savedAt: '2025-03-04T05:06:07.000Z',
    });
  });

  it('keeps a resume at a URL (url, filename, filetype) and drops its bytes', () => {
    const resume: UploadedResumeInfo = {
      url: 'http://localhost:3000/candidate/resumes/abc-cv.pdf',
      filename: 'cv.pdf',
      filetype: 'pdf',
      base64: 'JVBERi0xLjQK',
    };
    const draft = draftOf(INITIAL_VALUES, 0, resume, NOW);
    expect(draft?.resume).toEqual({
      url: 'http://localhost:3000/candidate/resumes/abc-cv.pdf',
      filename: 'cv.pdf',
      filetype: 'pdf',
    });
    expect(JSON.stringify(draft)).not.toContain('JVBERi0xLjQK');
  });

  it('drops a resume held only as base64', () => {
    const bytesOnly: UploadedResumeInfo = {
      filename: 'resume.txt',
      filetype: 'txt',
      base64: 'U2FtcGxlIENhbmRpZGF0ZQ==',
    };
    expect(draftOf(INITIAL_VALUES, 0, bytesOnly, NOW)).toBeNull();
    const draft = draftOf(typed({ first_name: 'Ada' }), 2, bytesOnly, NOW);
    expect(draft?.resume).toBeNull();
    expect(JSON.stringify(draft)).not.toContain('U2FtcGxlIENhbmRpZGF0ZQ==');
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
    const draft = draftOf(typed({ first_name: 'Ada', password: SECRET }), 1, null, NOW);
    saveDraft(storage, draft);
    expect(loadDraft(storage)).toEqual(draft);
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
      savedAt: '',
    });
    expect(loadDraft(storage)).toEqual({
      values: { ...INITIAL_WITHOUT_PASSWORD, first_name: 'Grace', salary_max: 120_000 },
      step: 1,
      resume: null,
      savedAt: '',
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
    const storage = store({ values: {}, step: stored, resume: null, savedAt: '' });
    expect(loadDraft(storage)?.step).toBe(expected);
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

  it('removes the stored draft when there is nothing to keep', () => {
    const storage = new MemoryStorage();
    saveDraft(storage, draft);
    saveDraft(storage, null);
    expect(storage.getItem(DRAFT_KEY)).toBeNull();
  });
});

describe('clearDraft', () => {
  it('removes the draft key and nothing else', () => {
    const storage = new MemoryStorage();
    storage.setItem(DRAFT_KEY, '{"values":{},"step":0,"resume":null,"savedAt":""}');
    storage.setItem('other-key', 'kept');
    clearDraft(storage);
    expect(storage.getItem(DRAFT_KEY)).toBeNull();
    expect(storage.getItem('other-key')).toBe('kept');
  });
});

describe('the fields filled from the resume (DESIGN §7)', () => {
  const values = typed({ first_name: 'Zoe', email: 'zoe@example.com' });

  it('are kept in the draft and come back from it', () => {
    const storage = new MemoryStorage();
    saveDraft(storage, draftOf(values, 0, null, NOW, ['first_name', 'email']));
    expect(loadDraft(storage)?.fromResume).toEqual(['first_name', 'email']);
  });

  it('are left out of the draft when there are none', () => {
    expect(draftOf(values, 0, null, NOW, [])).not.toHaveProperty('fromResume');
  });

  it('are none in an older draft that never had them', () => {
    const storage = new MemoryStorage();
    storage.setItem(DRAFT_KEY, JSON.stringify({ values: { first_name: 'Zoe' }, step: 0 }));
    expect(loadDraft(storage)?.values.first_name).toBe('Zoe');
    expect(loadDraft(storage)?.fromResume).toBeUndefined();
  });
});
