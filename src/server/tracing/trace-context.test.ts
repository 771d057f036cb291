// Request ids and traceparent as the W3C and the proxies in front of us write them, and every
// hostile header a client may send instead.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatTraceparent,
  MAX_REQUEST_ID_LENGTH,
  newSpanId,
  newTraceId,
  parseTraceparent,
  requestIdFrom,
} from './trace-context.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('requestIdFrom', () => {
  it.each([
    ['a UUID', '0f8fad5b-d9cb-469f-a165-70867728950e'],
    ["nginx's $request_id", '8c2f0a4b6e9d1f3a5c7e9b0d2f4a6c8e'],
    ['a ULID', '01ARZ3NDEKTSV4RRFFQ69G5FAV'],
    ["AWS's trace id", 'Root=1-67891233-abcdef012345678912345678'],
    ['one character', 'a'],
    ['MAX_REQUEST_ID_LENGTH characters', 'a'.repeat(MAX_REQUEST_ID_LENGTH)],
  ])('keeps %s', (_name, id) => {
    expect(requestIdFrom(id)).toBe(id);
  });

  it.each([
    ['no header', undefined],
    ['an empty one', ''],
    ['MAX_REQUEST_ID_LENGTH + 1 characters', 'a'.repeat(MAX_REQUEST_ID_LENGTH + 1)],
    ['a space', 'a b'],
    ['a line break', 'a\r\nx-injected: 1'],
    ['a leading dash', '-a'],
    ['quotes', '"a"'],
    ['a log-line lookalike', '{"level":50}'],
    ['non-ASCII', 'réq-1'],
    ['a repeated header', ['a', 'b']],
  ])('replaces %s with a new UUID', (_name, header) => {
    expect(requestIdFrom(header)).toMatch(UUID);
  });

  it('keeps exactly the ids of the allowed form, whatever else arrives', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 300 }),
          fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._:+=/-]{0,140}$/),
          fc.string({ maxLength: 5 }).map((text) => `${'a'.repeat(127)}${text}`),
        ),
        (header) => {
          const id = requestIdFrom(header);
          const valid = /^[A-Za-z0-9][A-Za-z0-9._:+=/-]{0,127}$/.test(header);
          if (valid) expect(id).toBe(header);
          else expect(id).toMatch(UUID);
        },
      ),
    );
  });

  it('gives every request without one an id of its own', () => {
    const ids = new Set(Array.from({ length: 10_000 }, () => requestIdFrom(undefined)));
    expect(ids.size).toBe(10_000);
  });
});

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT = '00f067aa0ba902b7';

describe('parseTraceparent', () => {
  it.each([
    ['the W3C example', `00-${TRACE}-${PARENT}-01`, { traceId: TRACE, spanId: PARENT, flags: 1 }],
    ['not sampled', `00-${TRACE}-${PARENT}-00`, { traceId: TRACE, spanId: PARENT, flags: 0 }],
    ['unknown flags', `00-${TRACE}-${PARENT}-ff`, { traceId: TRACE, spanId: PARENT, flags: 255 }],
    [
      'a later version with more fields',
      `cc-${TRACE}-${PARENT}-01-what-the-future-holds`,
      { traceId: TRACE, spanId: PARENT, flags: 1 },
    ],
    [
      'a later version as 00',
      `01-${TRACE}-${PARENT}-01`,
      { traceId: TRACE, spanId: PARENT, flags: 1 },
    ],
  ])('reads %s', (_name, header, context) => {
    expect(parseTraceparent(header)).toEqual(context);
  });

  it.each([
    ['no header', undefined],
    ['an empty one', ''],
    ['version ff', `ff-${TRACE}-${PARENT}-01`],
    ['version 00 with more fields', `00-${TRACE}-${PARENT}-01-x`],
    ['a later version with something glued on', `01-${TRACE}-${PARENT}-01x`],
    ['an all-zero trace id', `00-${'0'.repeat(32)}-${PARENT}-01`],
    ['an all-zero parent id', `00-${TRACE}-${'0'.repeat(16)}-01`],
    ['uppercase hex', `00-${TRACE.toUpperCase()}-${PARENT}-01`],
    ['a short trace id', `00-${TRACE.slice(1)}-${PARENT}-01`],
    ['a long parent id', `00-${TRACE}-${PARENT}0-01`],
    ['one-digit flags', `00-${TRACE}-${PARENT}-1`],
    ['leading space', ` 00-${TRACE}-${PARENT}-01`],
    ['two headers joined', `00-${TRACE}-${PARENT}-01, 00-${TRACE}-${PARENT}-01`],
    ['a repeated header', [`00-${TRACE}-${PARENT}-01`, `00-${TRACE}-${PARENT}-01`]],
    ['a later version past 512 characters', `01-${TRACE}-${PARENT}-01-${'a'.repeat(500)}`],
  ])('refuses %s', (_name, header) => {
    expect(parseTraceparent(header)).toBeNull();
  });

  it('reads back every context it writes', () => {
    const hex = (length: number) =>
      fc
        .string({
          unit: fc.constantFrom(...'0123456789abcdef'),
          minLength: length,
          maxLength: length,
        })
        .filter((text) => !/^0+$/.test(text));
    fc.assert(
      fc.property(hex(32), hex(16), fc.integer({ min: 0, max: 255 }), (traceId, spanId, flags) => {
        const context = { traceId, spanId, flags };
        expect(parseTraceparent(formatTraceparent(context))).toEqual(context);
      }),
    );
  });

  it('answers any header quickly with a valid context or null, and never throws', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 600 }),
          fc.string({ maxLength: 40 }).map((tail) => `00-${TRACE}-${PARENT}-01${tail}`),
          fc.string({ maxLength: 40 }).map((tail) => `0${tail}`.repeat(5_000)),
          fc.constant(`00-${'a'.repeat(100_000)}`),
        ),
        (header) => {
          const context = parseTraceparent(header);
          if (context === null) return;
          expect(context.traceId).toMatch(/^[0-9a-f]{32}$/);
          expect(context.spanId).toMatch(/^[0-9a-f]{16}$/);
          expect(header.startsWith(`00-${context.traceId}-${context.spanId}-`)).toBe(
            header.startsWith('00-'),
          );
        },
      ),
    );
  });
});

describe('new ids', () => {
  it('are lowercase hex of the W3C lengths, and differ', () => {
    expect(newTraceId()).toMatch(/^[0-9a-f]{32}$/);
    expect(newSpanId()).toMatch(/^[0-9a-f]{16}$/);
    expect(newTraceId()).not.toBe(newTraceId());
    expect(newSpanId()).not.toBe(newSpanId());
  });
});
