import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  detailOf,
  embedEvents,
  FIRST_HEIGHTS,
  FIRST_HEIGHTS_ES,
  firstHeight,
  frameRequests,
  parseEmbedMessage,
} from './embed-protocol.ts';

describe('the events the form posts to its host (docs/embedding.md)', () => {
  it.each([
    [embedEvents.ready(), { type: 'resume-registration:ready' }, {}],
    [
      embedEvents.height(512.2),
      { type: 'resume-registration:height', height: 513 },
      { height: 513 },
    ],
    [embedEvents.height(-3), { type: 'resume-registration:height', height: 0 }, { height: 0 }],
    [
      embedEvents.step(0),
      { type: 'resume-registration:step', step: 1, name: 'Personal Info' },
      { step: 1, name: 'Personal Info' },
    ],
    [
      embedEvents.step(1),
      { type: 'resume-registration:step', step: 2, name: 'Career Info' },
      { step: 2, name: 'Career Info' },
    ],
    [
      embedEvents.step(2),
      { type: 'resume-registration:step', step: 3, name: 'Resume' },
      { step: 3, name: 'Resume' },
    ],
    [embedEvents.registered(), { type: 'resume-registration:registered' }, {}],
    [embedEvents.queued(), { type: 'resume-registration:queued' }, {}],
    [embedEvents.failed(409), { type: 'resume-registration:failed', status: 409 }, { status: 409 }],
    [
      embedEvents.failed(null),
      { type: 'resume-registration:failed', status: null },
      { status: null },
    ],
  ])('%j is posted as %j with the detail %j', (event, message, detail) => {
    expect(event).toEqual(message);
    expect(detailOf(event)).toEqual(detail);
    expect(parseEmbedMessage(JSON.parse(JSON.stringify(event)))).toEqual(message);
  });
});

describe('what the form asks of embed.js itself', () => {
  it('asks for the frame’s top in view with a message that carries nothing else', () => {
    expect(frameRequests.showTop()).toEqual({ type: 'resume-registration:show-top' });
    expect(
      parseEmbedMessage({ type: 'resume-registration:show-top', top: -5000, behavior: 'smooth' }),
    ).toEqual({ type: 'resume-registration:show-top' });
  });
});

describe('what embed.js passes on to the host', () => {
  it.each([
    ['a message of another kind', { type: 'webpackHot', data: 'x' }],
    ['no type', { height: 10 }],
    ['a string', 'resume-registration:ready'],
    ['a height that is not a number', { type: 'resume-registration:height', height: '10' }],
    ['a negative height', { type: 'resume-registration:height', height: -1 }],
    ['an absurd height', { type: 'resume-registration:height', height: 1e9 }],
    ['step 0', { type: 'resume-registration:step', step: 0 }],
    ['step 4', { type: 'resume-registration:step', step: 4 }],
    ['a status that is no HTTP status', { type: 'resume-registration:failed', status: 42 }],
  ])('drops %s', (_what, data) => {
    expect(parseEmbedMessage(data)).toBeNull();
  });

  it('rebuilds a known event from its own fields, dropping anything added to it', () => {
    const posted = {
      type: 'resume-registration:registered',
      email: 'ada@example.com',
      password: 'correct-horse',
    };
    expect(parseEmbedMessage(posted)).toEqual({ type: 'resume-registration:registered' });
    expect(parseEmbedMessage({ ...posted, type: 'resume-registration:queued' })).toEqual({
      type: 'resume-registration:queued',
    });
    const step = { type: 'resume-registration:step', step: 2, name: 'Ada Lovelace' };
    expect(parseEmbedMessage(step)).toEqual({
      type: 'resume-registration:step',
      step: 2,
      name: 'Career Info',
    });
  });

  it.each<[string, unknown, string | undefined]>([
    ['a listed source', 'newsletter', 'newsletter'],
    ['other', 'other', 'other'],
    ['none, which names no source', 'none', undefined],
    ['a source in capitals', 'Newsletter', undefined],
    ['an email', 'ada@example.com', undefined],
    ['a long source', 'a'.repeat(33), undefined],
    ['a number', 7, undefined],
  ])('keeps on an event only a source a funnel label may be: %s', (_, source, kept) => {
    const event = parseEmbedMessage({ type: 'resume-registration:registered', source });
    expect(event).toEqual({
      type: 'resume-registration:registered',
      ...(kept === undefined ? {} : { source: kept }),
    });
    expect(event && detailOf(event)).toEqual(kept === undefined ? {} : { source: kept });
  });

  it('keeps no source on the show-top request, which embed.js answers itself', () => {
    expect(
      parseEmbedMessage({ type: 'resume-registration:show-top', source: 'newsletter' }),
    ).toEqual({ type: 'resume-registration:show-top' });
  });

  it('never passes on a string it did not write itself, whatever a frame posts', () => {
    const known = new Set(['Personal Info', 'Career Info', 'Resume']);
    const message = fc.oneof(
      fc.jsonValue(),
      fc.record({
        type: fc.constantFrom(
          'resume-registration:ready',
          'resume-registration:height',
          'resume-registration:step',
          'resume-registration:registered',
          'resume-registration:queued',
          'resume-registration:failed',
          'resume-registration:show-top',
        ),
        height: fc.jsonValue(),
        step: fc.jsonValue(),
        name: fc.string(),
        status: fc.jsonValue(),
        email: fc.string(),
        source: fc.oneof(fc.string(), fc.constantFrom('newsletter', 'other', 'none')),
      }),
    );
    fc.assert(
      fc.property(message, (data) => {
        const event = parseEmbedMessage(data);
        if (!event) return;
        const { source, ...rest } = detailOf(event);
        const strings = Object.values(rest).filter((v) => typeof v === 'string');
        for (const text of strings) expect(known.has(text as string)).toBe(true);
        // A source is a funnel label, the shape of FUNNEL_SOURCES' entries, or none.
        if (source !== undefined) expect(source).toMatch(/^[a-z0-9][a-z0-9._-]{0,31}$/);
        expect(source).not.toBe('none');
      }),
      { numRuns: 5_000 },
    );
  });
});

describe('the iframe’s first height, before the form says its own', () => {
  // Step 1's height as measured in Chromium per width (production form, no random-data button).
  it.each([
    [320, 1498],
    [359, 1498],
    [360, 1455],
    [390, 1455],
    [479, 1455],
    [480, 1400],
    [599, 1400],
    [600, 1378],
    [768, 1378],
    [799, 1378],
    [800, 1176],
    [1280, 1176],
    [2560, 1176],
    [0, 1498],
    [-5, 1498],
    [Number.NaN, 1498],
  ])('at %d px wide is %d px', (width, height) => {
    expect(firstHeight(width)).toBe(height);
  });

  it.each([
    ['English', FIRST_HEIGHTS],
    ['Spanish', FIRST_HEIGHTS_ES],
  ])('lists its %s bands widest first, each no taller than the narrower one', (_, bands) => {
    const widths = bands.map(([minWidth]) => minWidth);
    const heights = bands.map(([, height]) => height);
    expect(widths).toEqual([...widths].sort((a, b) => b - a));
    expect(heights).toEqual([...heights].sort((a, b) => a - b));
    expect(widths.at(-1)).toBe(0);
  });

  // The Spanish form, whose longer words wrap sooner (bench/first-height.mjs --lang es).
  it.each([
    [320, 1535],
    [360, 1498],
    [390, 1498],
    [480, 1400],
    [768, 1400],
    [800, 1219],
    [1280, 1219],
    [Number.NaN, 1535],
  ])('in Spanish at %d px wide is %d px', (width, height) => {
    expect(firstHeight(width, 'es')).toBe(height);
  });
});
