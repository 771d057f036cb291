// The funnel's configuration (README.md): FUNNEL on by default, FUNNEL_SOURCES read into a short
// list of lower-case label values, and anything else stopping start-up with one line that names
// the variable.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadConfig, parseRateLimit, readFunnelSources } from '../src/server/config.ts';
import {
  MAX_BATCH_BYTES,
  MAX_BATCH_EVENTS,
  MAX_FUNNEL_SOURCES,
  PHONE_MAX_WIDTH,
} from '../src/shared/funnel.ts';

const funnelOf = (env: Record<string, string>) => {
  const loaded = loadConfig(env);
  if (!loaded.ok) throw new Error(loaded.errors.join('\n'));
  return loaded.config.funnel;
};
const errorsOf = (env: Record<string, string>) => {
  const loaded = loadConfig(env);
  return loaded.ok ? [] : loaded.errors;
};

describe('FUNNEL', () => {
  it.each<[Record<string, string>, boolean]>([
    [{}, true],
    [{ FUNNEL: 'on' }, true],
    [{ FUNNEL: 'off' }, false],
    [{ FUNNEL: 'OFF' }, false],
    [{ FUNNEL: '0' }, false],
  ])('%j: on is %s', (env, on) => {
    expect(funnelOf(env).on).toBe(on);
  });

  it('refuses another word by name', () => {
    expect(errorsOf({ FUNNEL: 'maybe' })).toEqual(['FUNNEL must be "on" or "off" (got "maybe")']);
  });

  it('counts events 60 a minute per client by default (RATE_LIMIT_EVENTS)', () => {
    const loaded = loadConfig({});
    expect(loaded.ok && loaded.config.rateLimit.events).toEqual({ max: 60, windowMs: 60_000 });
  });
});

describe('FUNNEL_SOURCES', () => {
  it.each<[string, string[]]>([
    ['', []],
    ['newsletter', ['newsletter']],
    ['Newsletter, LinkedIn ,spring-2027', ['newsletter', 'linkedin', 'spring-2027']],
    ['a,,b,', ['a', 'b']],
    ['news,NEWS,news', ['news']],
    ['x.y_z-1', ['x.y_z-1']],
    [`${'a'.repeat(32)}`, ['a'.repeat(32)]],
  ])('reads %j as %j', (raw, sources) => {
    expect(funnelOf({ FUNNEL_SOURCES: raw }).sources).toEqual(sources);
  });

  const ENTRY =
    'FUNNEL_SOURCES must list sources of 1 to 32 letters, digits, ".", "_" or "-" (starting with a letter or digit), comma-separated';
  it.each<[string, string]>([
    ['news letter', `${ENTRY}; "news letter" is not one (got "news letter")`],
    ['a'.repeat(33), `${ENTRY}; "${'a'.repeat(33)}" is not one (got "${'a'.repeat(33)}")`],
    ['-news', `${ENTRY}; "-news" is not one (got "-news")`],
    ['news;linkedin', `${ENTRY}; "news;linkedin" is not one (got "news;linkedin")`],
    ['\u212aelvin', `${ENTRY}; "\u212aelvin" is not one (got "\u212aelvin")`],
    ['café', `${ENTRY}; "café" is not one (got "café")`],
    [
      'newsletter,other',
      'FUNNEL_SOURCES must not list "other": the funnel names a source not in the list "other", and a visit without one "none" (got "newsletter,other")',
    ],
    [
      'None',
      'FUNNEL_SOURCES must not list "none": the funnel names a source not in the list "other", and a visit without one "none" (got "None")',
    ],
    [
      Array.from({ length: MAX_FUNNEL_SOURCES + 1 }, (_, i) => `s${i}`).join(','),
      `FUNNEL_SOURCES must list at most ${MAX_FUNNEL_SOURCES} sources (each multiplies the funnel's series); it lists ${MAX_FUNNEL_SOURCES + 1} (got "${Array.from({ length: MAX_FUNNEL_SOURCES + 1 }, (_, i) => `s${i}`).join(',')}")`,
    ],
  ])('refuses %j at start-up, in one line', (raw, line) => {
    expect(errorsOf({ FUNNEL_SOURCES: raw })).toEqual([line]);
  });

  it('never yields a label value outside lower-case ASCII, "other" or "none", whatever it holds', () => {
    const hostile = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 400 }),
      fc
        .array(fc.string({ unit: 'grapheme', maxLength: 40 }), { maxLength: 30 })
        .map((list) => list.join(',')),
      fc
        .array(fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._-]{0,40}$/), { maxLength: 25 })
        .map((list) => list.join(',')),
      fc.constantFrom(
        '../../etc/passwd',
        'other',
        'newsletter,NONE',
        '__proto__',
        'constructor',
        '$(id)',
        '%2e%2e',
        'a\u0000b',
        'a\nb',
      ),
      fc.nat({ max: 10_000 }).map((n) => `${'a,'.repeat(n)}`),
      fc.nat({ max: 10_000 }).map((n) => `${'a'.repeat(n)}!`),
    );
    fc.assert(
      fc.property(hostile, (raw) => {
        const reading = readFunnelSources(raw);
        if ('problem' in reading) {
          const errors = errorsOf({ FUNNEL_SOURCES: raw });
          expect(errors).toHaveLength(1);
          expect(errors[0]?.startsWith('FUNNEL_SOURCES must ')).toBe(true);
          return;
        }
        expect(reading.value.length).toBeLessThanOrEqual(MAX_FUNNEL_SOURCES);
        expect(new Set(reading.value).size).toBe(reading.value.length);
        for (const source of reading.value) {
          expect(source).toMatch(/^[a-z0-9][a-z0-9._-]{0,31}$/);
          expect(['other', 'none']).not.toContain(source);
        }
      }),
    );
  });
});

describe('the README and docs on the funnel', () => {
  const readme = readFileSync(path.resolve(import.meta.dirname, '../README.md'), 'utf8');
  const row = (name: string) =>
    readme.split('\n').find((line) => line.startsWith(`| \`${name}\``)) ?? '';

  it('gives the default limit the server applies', () => {
    const loaded = loadConfig({});
    expect(loaded.ok && loaded.config.rateLimit.events).toEqual(parseRateLimit('60/1m'));
    expect(row('RATE_LIMIT_EVENTS')).toContain('| `60/1m`');
  });

  it('gives the batch limits and the phone width as src/shared/funnel.ts has them (docs/)', () => {
    const docs = (name: string) =>
      readFileSync(path.resolve(import.meta.dirname, '../docs', name), 'utf8').replace(/\s+/g, ' ');
    expect(docs('api.md')).toContain(`of 1 to ${MAX_BATCH_EVENTS} events`);
    expect(docs('api.md')).toContain(`\`413\` over ${MAX_BATCH_BYTES} bytes`);
    expect(docs('operations.md')).toContain(
      `\`phone\` for a viewport up to ${PHONE_MAX_WIDTH} px wide`,
    );
    expect(docs('decisions/023-a-funnel-counted-by-allow-listed-labels.md')).toContain(
      `At most ${MAX_BATCH_EVENTS} events and ${MAX_BATCH_BYTES} bytes a batch`,
    );
    expect(docs('decisions/023-a-funnel-counted-by-allow-listed-labels.md')).toContain(
      `(at most ${MAX_FUNNEL_SOURCES} entries, ASCII`,
    );
  });

  it('gives the most sources and their length as the server reads them', () => {
    expect(row('FUNNEL_SOURCES')).toContain(`at most ${MAX_FUNNEL_SOURCES} of 1–32 letters`);
    expect('value' in readFunnelSources('a'.repeat(32))).toBe(true);
    expect('value' in readFunnelSources('a'.repeat(33))).toBe(false);
  });
});
