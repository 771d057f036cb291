// Pending markers: their keys never name a servable resume, and the sweep and a registration
// never both act on one marker.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isStoredResumeName } from '../../shared/upload-name.ts';
import {
  markerKey,
  nameOfMarker,
  ORPHAN_MARGIN_MS,
  orphanCutoff,
  referableSince,
  referenceOf,
} from './pending.ts';
import { isStorableName } from './storage.ts';

const NAME = `${'0'.repeat(32)}.pdf`;
const MINUTE = 60_000;

describe('marker keys', () => {
  it.each([
    [markerKey(NAME), NAME],
    ['.pending/0123abcd-cv.pdf', '0123abcd-cv.pdf'],
    [NAME, null],
    ['.pending/', null],
    ['.pending/../x.pdf', null],
    ['.pending/.hidden.pdf', null],
    ['.pending/a/b.pdf', null],
    ['.pendingx/a.pdf', null],
    ['.readyz-probe', null],
  ])('%j stands for the resume %j', (key, name) => {
    expect(nameOfMarker(key)).toBe(name);
  });

  it('never name a resume the storage opens or the resume route serves, and lead back to their resume', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), (name) => {
        const key = markerKey(name);
        expect(isStorableName(key)).toBe(false);
        expect(isStoredResumeName(key)).toBe(false);
        expect(nameOfMarker(key)).toBe(isStorableName(name) ? name : null);
      }),
    );
  });
});

describe('a registration and the sweep', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  const ago = (minutes: number) => new Date(now.getTime() - minutes * MINUTE);
  const since = referableSince(now, 60 * MINUTE);

  it.each([
    ['no marker (named before, or stored before markers)', null, true, 'kept'],
    ['no marker, and not stored', null, false, 'gone'],
    ['a marker 1 minute old', ago(1), true, 'kept'],
    ['a marker just inside the margin', ago(58), true, 'kept'],
    ['a marker past the margin, not yet swept', ago(58.01), true, 'gone'],
    ['a marker 59 minutes old', ago(59), true, 'gone'],
    ['a marker whose resume is gone', ago(1), false, 'gone'],
  ] as const)('%s: %s', (_case, markerAt, stored, expected) => {
    expect(referenceOf(markerAt, stored, since)).toBe(expected);
  });

  it('never both keep and sweep one marker while their clocks differ by less than the margin', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10, max: 7 * 24 * 60 }),
        fc.integer({ min: 0, max: 8 * 24 * 60 * MINUTE }),
        fc.integer({ min: -ORPHAN_MARGIN_MS + 1, max: ORPHAN_MARGIN_MS - 1 }),
        (minutes, age, skew) => {
          const orphanMs = minutes * MINUTE;
          const markerAt = new Date(now.getTime() - age);
          const kept = referenceOf(markerAt, true, referableSince(now, orphanMs)) === 'kept';
          const sweepNow = new Date(now.getTime() + skew);
          const swept = markerAt < orphanCutoff(sweepNow, orphanMs);
          expect(kept && swept).toBe(false);
        },
      ),
    );
  });
});
