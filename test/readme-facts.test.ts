// What the README states about the code, held to the code: it cites nothing outside the
// repository, every path it names exists, and its figures (the embed's first heights, the
// installs) are the ones the code and the lock give. The built embed.js's size, which needs
// `npm run build`: e2e/readme-facts.spec.ts.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_METRICS_PORT } from '../src/server/config.ts';
import { LINK_LOOKUP_TIMEOUT_MS } from '../src/server/dns.ts';
import { DEFAULT_OUTBOX_TIMINGS, OUTBOX_CONCURRENCY } from '../src/server/outbox/outbox.ts';
import { RETRY_AFTER_CAP_MS, RETRY_BASE_MS, RETRY_CAP_MS } from '../src/server/outbox/policy.ts';
import { LINGER_MS } from '../src/server/plugins/early-answer.ts';
import { PROVIDER_BODY_LIMIT } from '../src/server/provider/read-body.ts';
import { SHUTDOWN_FLUSH_MS } from '../src/server/tracing/otel.ts';
import { MAX_REQUEST_ID_LENGTH } from '../src/server/tracing/trace-context.ts';
import { FIRST_HEIGHTS, FIRST_HEIGHTS_ES } from '../src/shared/embed.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const README = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
/** The README's prose, its lines re-joined, so a figure broken over two lines reads whole. */
const PROSE = README.replace(/\n\s*/g, ' ');

const px = (n: number) => `${n.toLocaleString('en-US')} px`;

describe('the README', () => {
  it('cites no document outside the repository', () => {
    expect(README.match(/DESIGN(\.md)?\s*§|spec(ification)?\s*§/g)).toBeNull();
  });

  it('names only paths that exist in the repository', () => {
    const named = [
      ...README.matchAll(/`((?:src|test|e2e|docs|deploy|scripts|bench|examples)\/[^`\s:]*)`/g),
    ]
      .map((match) => match[1] as string)
      // A pattern such as src/locales/<locale>/messages.po names no one path, and what an
      // install or a run makes (bench/node_modules, bench/results.json) is not in a checkout.
      .filter((name) => !name.includes('<') && !/node_modules|results\.json$/.test(name));
    expect(named.length).toBeGreaterThan(20);
    const missing = named.filter((name) => {
      if (existsSync(path.join(ROOT, name))) return false;
      // `docs/decisions/014` names the decision record that starts so.
      const dir = path.join(ROOT, path.dirname(name));
      return !(
        existsSync(dir) && readdirSync(dir).some((file) => file.startsWith(path.basename(name)))
      );
    });
    expect(missing).toEqual([]);
  });

  it('gives the embed’s first heights of src/shared/embed.ts, band by band, and reserves the phone’s', () => {
    // The bands run from the widest; the README reads from the narrowest.
    const [wide, tablet, large, phone, small] = FIRST_HEIGHTS.map(([, height]) => height);
    const [minWidths] = [FIRST_HEIGHTS.map(([minWidth]) => minWidth)];
    expect(minWidths).toEqual([800, 600, 480, 360, 0]);
    expect(PROSE).toContain(
      `in English: ${px(small as number)} below 360 px wide, ${px(phone as number)} to 479 px, ${px(large as number)} to 599 px, ${px(tablet as number)} to 799 px, ${px(wide as number)} from 800 px;`,
    );
    const spanish = FIRST_HEIGHTS_ES.map(([, height]) => px(height)).reverse();
    expect(FIRST_HEIGHTS_ES.map(([minWidth]) => minWidth)).toEqual(minWidths);
    expect(PROSE).toContain(`in Spanish: ${spanish.join(', ')};`);
    expect(PROSE).toContain(`style="min-height: ${phone}px"`);
  });

  it('states the server’s limits as the code has them', () => {
    expect(PROSE).toContain(
      `never more than ${PROVIDER_BODY_LIMIT / 1024} KB of it is read: past that (an endless body`,
    );
    expect(/\| `METRICS_PORT` +\| `(\d+)`/.exec(README)?.[1]).toBe(String(DEFAULT_METRICS_PORT));
    expect(PROSE).toContain(`(\`127.0.0.1:${DEFAULT_METRICS_PORT}\` unless set)`);
    expect(PROSE).toContain(
      `a valid one (up to ${MAX_REQUEST_ID_LENGTH} letters, digits and \`._:+=/-\``,
    );
    expect(PROSE).toContain(
      `shutdown waits at most ${SHUTDOWN_FLUSH_MS / 1000} s for the last batch`,
    );
    expect(PROSE).toContain(`one DNS try of at most ${LINK_LOOKUP_TIMEOUT_MS / 1000} s`);
    expect(PROSE).toContain(`the client has ${LINGER_MS / 1000} s to read it`);
  });

  it('describes the outbox’s pace as the code sets it', () => {
    const words = ['', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight'];
    expect(PROSE).toContain(
      `every instance delivers from the one queue (BullMQ), ${words[OUTBOX_CONCURRENCY]} at a time`,
    );
    // The first retry comes after half to all of the base: "about" the base.
    expect(PROSE).toContain(
      `back off exponentially from about ${RETRY_BASE_MS / 1000} s to ${RETRY_CAP_MS / 60_000} min`,
    );
    expect(PROSE).toContain(`\`Retry-After\` (at most an hour)`);
    expect(RETRY_AFTER_CAP_MS).toBe(3_600_000);
    expect(PROSE).toContain(
      `an instance killed mid-delivery leaves its entry to the others within ${(DEFAULT_OUTBOX_TIMINGS.lockMs + DEFAULT_OUTBOX_TIMINGS.stalledIntervalMs) / 1000} s`,
    );
  });

  it('counts the production install as the lock does, and sizes both installs as they are', () => {
    const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { dev?: boolean; optional?: boolean }>;
    };
    const production = Object.entries(lock.packages).filter(
      ([where, entry]) => where.startsWith('node_modules/') && !entry.dev && !entry.optional,
    );
    const stated =
      /`npm ci --omit=dev`: only `dependencies`, (\d+) packages and about (\d+) MB of files \(the full install is about (\d+) MB\)/.exec(
        PROSE,
      );
    expect(stated).not.toBeNull();
    const [, packages, productionMb, fullMb] = (stated as RegExpExecArray).map(Number);
    expect(packages).toBe(production.length);
    // The same files as this checkout's own full install holds them, within a tenth.
    const bytes = (where: string): number => {
      const info = statSync(where);
      if (!info.isDirectory()) return info.size;
      return readdirSync(where)
        .filter((entry) => entry !== 'node_modules')
        .reduce((sum, entry) => sum + bytes(path.join(where, entry)), 0);
    };
    const installed = production.filter(([where]) => existsSync(path.join(ROOT, where)));
    expect(installed.length).toBe(production.length);
    const productionBytes = installed.reduce(
      (sum, [where]) => sum + bytes(path.join(ROOT, where)),
      0,
    );
    expect(Math.abs(productionBytes / 1e6 - (productionMb as number))).toBeLessThanOrEqual(
      (productionMb as number) / 10,
    );
    const fullBytes = Object.keys(lock.packages)
      .filter((where) => where.startsWith('node_modules/') && existsSync(path.join(ROOT, where)))
      .reduce((sum, where) => sum + bytes(path.join(ROOT, where)), 0);
    expect(Math.abs(fullBytes / 1e6 - (fullMb as number))).toBeLessThanOrEqual(
      (fullMb as number) / 10,
    );
  });
});
