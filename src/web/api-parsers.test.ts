import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PUBLIC_CONFIG, LOCAL_LINKS } from '../shared/contract.ts';
import { parseRegistrationAnswer, parseUploadAnswer } from './api-parsers.ts';
import { parsePublicConfig } from './config.ts';

describe('the public configuration the browser reads', () => {
  it('is the defaults of docs/api.md when nothing is sent', () => {
    expect(parsePublicConfig(undefined)).toEqual({
      jobBoardUrl: 'https://www.resume-library.com',
      maxResumeBytes: 5_242_880,
      resumeTypes: ['pdf', 'doc', 'docx', 'txt', 'rtf'],
      randomDataButton: true,
      draftTtlHours: 24,
      resumeOrphanMinutes: 60,
      resumeRetentionDays: 30,
      privacyPolicyUrl: null,
      providerTermsUrl: null,
      privateLinkHosts: true,
      ownHost: null,
      funnel: false,
      funnelSources: [],
    });
  });

  it('defaults to npm start’s link policy, LOCAL_LINKS, written out flat to save the first load', () => {
    const { privateLinkHosts, ownHost } = DEFAULT_PUBLIC_CONFIG;
    expect({ privateHosts: privateLinkHosts, ownHost }).toEqual(LOCAL_LINKS);
  });

  it('takes every well-formed value the server sends', () => {
    const sent = {
      jobBoardUrl: 'https://jobs.example.com',
      maxResumeBytes: 1_000,
      resumeTypes: ['pdf', 'txt'],
      randomDataButton: false,
      draftTtlHours: 720,
      resumeOrphanMinutes: 10_080,
      resumeRetentionDays: 36_500,
      privacyPolicyUrl: 'https://jobs.example.com/privacy',
      providerTermsUrl: 'http://www.resume-library.com/terms',
      privateLinkHosts: false,
      ownHost: 'jobs.internal',
      funnel: true,
      funnelSources: ['newsletter', 'spring-2027', 'jobs.example_1'],
    };
    expect(parsePublicConfig(sent)).toEqual(sent);
  });

  it.each<[string, unknown]>([
    ['not a list', 'newsletter'],
    ['an entry in capitals', ['Newsletter']],
    ['an entry "other"', ['newsletter', 'other']],
    ['an entry "none"', ['none']],
    ['an entry with a space', ['news letter']],
    ['an entry of 33 characters', ['a'.repeat(33)]],
    ['an entry that is no string', ['newsletter', 7]],
    ['an empty entry', ['']],
    ['21 entries', Array.from({ length: 21 }, (_, index) => `source${index}`)],
  ])('takes no funnel sources from a list that is %s', (_, funnelSources) => {
    expect(parsePublicConfig({ funnel: true, funnelSources })).toMatchObject({
      funnel: true,
      funnelSources: [],
    });
  });

  it.each<unknown>(['true', 1, 'on', null, {}])(
    'keeps the funnel off unless the server sends true (%j)',
    (funnel) => {
      expect(parsePublicConfig({ funnel }).funnel).toBe(false);
    },
  );

  it('takes as funnel sources only labels the endpoint takes, whatever is sent', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.string({ unit: 'binary', maxLength: 40 }),
            fc.stringMatching(/^[a-z0-9][a-z0-9._-]{0,31}$/),
            fc.constantFrom('other', 'none', '../etc', 'a'.repeat(10_000), '\u0000'),
          ),
          { maxLength: 25 },
        ),
        (funnelSources) => {
          const read = parsePublicConfig({ funnelSources }).funnelSources;
          expect(read.length).toBeLessThanOrEqual(20);
          for (const entry of read) expect(entry).toMatch(/^[a-z0-9][a-z0-9._-]{0,31}$/);
          expect(read).not.toContain('other');
          expect(read).not.toContain('none');
        },
      ),
      { numRuns: 300 },
    );
  });

  it.each([
    ['jobBoardUrl', 42],
    ['jobBoardUrl', ''],
    ['maxResumeBytes', '5MB'],
    ['maxResumeBytes', -1],
    ['maxResumeBytes', 1.5],
    ['resumeTypes', ['pdf', 'exe']],
    ['resumeTypes', []],
    ['resumeTypes', 'pdf'],
    ['randomDataButton', 'off'],
    ['draftTtlHours', 0],
    ['draftTtlHours', 721],
    ['draftTtlHours', 1.5],
    ['draftTtlHours', '24'],
    ['resumeOrphanMinutes', 9],
    ['resumeOrphanMinutes', 10_081],
    ['resumeOrphanMinutes', 60.5],
    ['resumeOrphanMinutes', '60'],
    ['resumeRetentionDays', 0],
    ['resumeRetentionDays', 36_501],
    ['resumeRetentionDays', Number.NaN],
    ['resumeRetentionDays', null],
    ['privacyPolicyUrl', 'javascript:alert(1)'],
    ['privacyPolicyUrl', 'not a url'],
    ['providerTermsUrl', 42],
    ['providerTermsUrl', 'data:text/html,hi'],
    ['privateLinkHosts', 'false'],
    ['privateLinkHosts', null],
    ['ownHost', 42],
    ['ownHost', { host: 'jobs.example.com' }],
  ] as const)('replaces a malformed %s (%j) by its default, keeping the rest', (key, value) => {
    const sent = {
      ...DEFAULT_PUBLIC_CONFIG,
      jobBoardUrl: 'https://jobs.example.com',
      [key]: value,
    };
    expect(parsePublicConfig(sent)).toEqual({
      ...DEFAULT_PUBLIC_CONFIG,
      jobBoardUrl:
        key === 'jobBoardUrl' ? DEFAULT_PUBLIC_CONFIG.jobBoardUrl : 'https://jobs.example.com',
    });
  });

  it('links the notice only to http(s) addresses, whatever is sent', () => {
    const sent = fc.oneof(
      fc.webUrl(),
      fc.string({ unit: 'binary', maxLength: 300 }),
      fc.constantFrom('javascript:alert(1)', 'JAVASCRIPT:x', ' https://x', 'data:,x', 'ftp://x'),
      fc.anything(),
    );
    fc.assert(
      fc.property(sent, (value) => {
        const { privacyPolicyUrl } = parsePublicConfig({ privacyPolicyUrl: value });
        if (privacyPolicyUrl !== null) {
          expect(privacyPolicyUrl).toBe(value);
          expect(new URL(privacyPolicyUrl).protocol).toMatch(/^https?:$/);
        }
      }),
      { numRuns: 3_000 },
    );
  });

  it('never throws and always answers a whole configuration', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (json) => {
        expect(Object.keys(parsePublicConfig(json)).sort()).toEqual([
          'draftTtlHours',
          'funnel',
          'funnelSources',
          'jobBoardUrl',
          'maxResumeBytes',
          'ownHost',
          'privacyPolicyUrl',
          'privateLinkHosts',
          'providerTermsUrl',
          'randomDataButton',
          'resumeOrphanMinutes',
          'resumeRetentionDays',
          'resumeTypes',
        ]);
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('the upload answer the browser reads', () => {
  it.each([
    [
      {
        success: true,
        filename: 'a-cv.pdf',
        url: 'http://x/a-cv.pdf',
        delete_token: 'd'.repeat(22),
      },
      {
        success: true,
        filename: 'a-cv.pdf',
        url: 'http://x/a-cv.pdf',
        delete_token: 'd'.repeat(22),
      },
    ],
    // A server from before delete tokens: the upload stands, with nothing to prove it by.
    [
      { success: true, filename: 'a-cv.pdf', url: 'http://x/a-cv.pdf' },
      { success: true, filename: 'a-cv.pdf', url: 'http://x/a-cv.pdf', delete_token: '' },
    ],
    [
      { success: true, filename: 'a-cv.pdf', url: 'http://x/a-cv.pdf', delete_token: 7 },
      { success: true, filename: 'a-cv.pdf', url: 'http://x/a-cv.pdf', delete_token: '' },
    ],
    [
      { success: false, error: 'File is too large. The maximum size is 5MB.' },
      { success: false, error: 'File is too large. The maximum size is 5MB.' },
    ],
    [{ success: true, filename: 'a-cv.pdf' }, null],
    [{ success: true, filename: '', url: 'http://x' }, null],
    [{ success: 'true', filename: 'a', url: 'b' }, null],
    [{ success: false }, null],
    [{ error: 'Not Found', message: 'No route' }, null],
    [null, null],
    ['ok', null],
  ])('%j reads as %j', (json, expected) => {
    expect(parseUploadAnswer(json)).toEqual(expected);
  });
});

describe('the registration answer the browser reads', () => {
  it.each([
    [
      { ok: true, status: 201, data: { id: 'c-1' } },
      { ok: true, status: 201, data: { id: 'c-1' } },
    ],
    [
      { ok: false, status: 400, message: 'm', detail: 'd', errors: { email: ['bad'] } },
      { ok: false, status: 400, message: 'm', detail: 'd', errors: { email: ['bad'] } },
    ],
    [
      { ok: false, status: null, message: 'Registration failed' },
      { ok: false, status: null, message: 'Registration failed' },
    ],
    [
      { ok: false, status: '409', message: 1, errors: { email: 'bad' } },
      { ok: false, status: null },
    ],
    [{ status: 201 }, null],
    [{ ok: 'true', status: 201 }, null],
    [[{ ok: true }], null],
    [null, null],
    // OUTBOX=on: kept for later delivery (docs/api.md)
    [
      { ok: true, status: 202, queued: true },
      { ok: true, status: 202, queued: true },
    ],
    [
      { ok: true, status: 202, queued: true, message: 'm', detail: 'd', data: { id: 'c-1' } },
      { ok: true, status: 202, queued: true },
    ],
    // the provider's own 202 is a registration
    [
      { ok: true, status: 202, data: {} },
      { ok: true, status: 202, data: {} },
    ],
    [
      { ok: true, status: 202, queued: 'true' },
      { ok: true, status: 202 },
    ],
    [
      { ok: true, status: 201, queued: true },
      { ok: true, status: 201 },
    ],
    [
      { ok: false, status: 202, queued: true },
      { ok: false, status: 202 },
    ],
    [
      { ok: false, status: null, message: 'Registration failed', queued: true },
      { ok: false, status: null, message: 'Registration failed' },
    ],
    [{ status: 202, queued: true }, null],
    [{ ok: 'true', status: 202, queued: true }, null],
  ])('%j reads as %j', (json, expected) => {
    expect(parseRegistrationAnswer(json)).toStrictEqual(expected);
  });

  it('reads a registration as queued only from an ok 202 that says so, whatever is sent', () => {
    const answer = fc.record(
      {
        ok: fc.oneof(fc.boolean(), fc.jsonValue()),
        status: fc.oneof(fc.constantFrom(200, 201, 202, 400, null), fc.jsonValue()),
        queued: fc.oneof(fc.constant(true), fc.jsonValue()),
        message: fc.jsonValue(),
        data: fc.jsonValue(),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(answer, fc.jsonValue()), (json) => {
        const read = parseRegistrationAnswer(json);
        if (read === null) return;
        // What is read reads the same again: nothing is invented.
        expect(parseRegistrationAnswer(read)).toStrictEqual(read);
        if (!read.queued) return;
        expect(read).toStrictEqual({ ok: true, status: 202, queued: true });
        expect(json).toMatchObject({ ok: true, status: 202, queued: true });
      }),
      { numRuns: 3_000 },
    );
  });
});
