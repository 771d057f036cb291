// What the README and its topic pages in docs/ state about the code, held to the code: they cite
// nothing outside the repository, every path and relative link they name exists, and their
// figures (the embed's first heights, limits, timeouts, budgets, alerts, the image, the installs)
// are the ones the code, the deploy files and the lock give. The built embed.js's size, which
// needs `npm run build`: e2e/readme-facts.spec.ts.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BEFORE_LANGUAGES, BUDGET } from '../scripts/weight.mjs';
import {
  DEFAULT_METRICS_PORT,
  DEFAULT_OUTBOX_FIRST_TRY_MS,
  loadConfig,
  OUTBOX_KEY_BYTES,
} from '../src/server/config.ts';
import { LINK_LOOKUP_TIMEOUT_MS } from '../src/server/dns.ts';
import {
  DEFAULT_OUTBOX_TIMINGS,
  OUTBOX_CONCURRENCY,
  OUTBOX_WATCH_MS,
} from '../src/server/outbox/outbox.ts';
import { RETRY_AFTER_CAP_MS, RETRY_BASE_MS, RETRY_CAP_MS } from '../src/server/outbox/policy.ts';
import { LINGER_MS } from '../src/server/plugins/early-answer.ts';
import { SITE_LIMIT_FACTOR } from '../src/server/plugins/rate-limit.ts';
import { SHUTDOWN_IDLE_MS } from '../src/server/plugins/shutdown.ts';
import { LOGGED_PROVIDER_KEYS, LOGGED_TEXT_MAX_LENGTH } from '../src/server/provider/log-body.ts';
import { PROVIDER_BODY_LIMIT } from '../src/server/provider/read-body.ts';
import {
  FIELD_MESSAGE_MAX_LENGTH,
  MESSAGE_MAX_LENGTH,
  MESSAGES_PER_FIELD,
} from '../src/server/registration/registration-outcome.ts';
import { ORPHAN_SWEEP_MS } from '../src/server/retention.ts';
import { READY_CACHE_MS } from '../src/server/routes/health.ts';
import { REGISTER_BODY_LIMIT } from '../src/server/routes/register.ts';
import { PREPARE_TIMEOUT_MS } from '../src/server/storage/local.ts';
import { ORPHAN_MARGIN_MS } from '../src/server/storage/pending.ts';
import { MB, QUOTA_MEASURE_MS, QUOTA_RETRY_AFTER_S } from '../src/server/storage/quota.ts';
import { S3_TIMEOUTS, SEND_WAIT_MS } from '../src/server/storage/s3.ts';
import { STORAGE_RETRY_AFTER_S } from '../src/server/storage/storage.ts';
import { FORM_TOKEN_MAX_AGE_MS } from '../src/server/tokens/form-token.ts';
import { MEMORY_LIMIT as TOKEN_MEMORY_LIMIT } from '../src/server/tokens/token-uses.ts';
import { SHUTDOWN_FLUSH_MS } from '../src/server/tracing/otel.ts';
import { MAX_REQUEST_ID_LENGTH } from '../src/server/tracing/trace-context.ts';
import { MIN_BRAND_CONTRAST } from '../src/shared/brand.ts';
import { MAX_LENGTHS, MAX_RESUME_BYTES } from '../src/shared/constants.ts';
import { MAX_DRAFT_TTL_HOURS } from '../src/shared/contract.ts';
import { FIRST_HEIGHTS, FIRST_HEIGHTS_ES } from '../src/shared/embed-protocol.ts';
import { RANDOM_PART_LENGTH } from '../src/shared/upload-name.ts';
import { READ_TIME_LIMIT_MS } from '../src/web/autofill/read-result.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const README = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
/** The README and the topic pages it links to: the docs a reader is sent through. */
const PAGES = [
  'README.md',
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((file) => file.endsWith('.md'))
    .map((file) => `docs/${file}`),
];
const read = (page: string) => readFileSync(path.join(ROOT, page), 'utf8');
/** A page's prose, its lines re-joined, so a figure broken over two lines reads whole. */
const prose = (page: string) => read(page).replace(/\n\s*/g, ' ');
const PROSE = prose('README.md');
const OPERATIONS = prose('docs/operations.md');
const API = prose('docs/api.md');
const OUTBOX = prose('docs/outbox.md');

const px = (n: number) => `${n.toLocaleString('en-US')} px`;

describe('the README and docs/', () => {
  it('cite no document outside the repository', () => {
    for (const page of PAGES) {
      expect(read(page).match(/DESIGN(\.md)?\s*§|spec(ification)?\s*§/g), page).toBeNull();
    }
  });

  it('are what the code cites: no file of the repository cites a document it does not have', () => {
    const files = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' })
      .split('\0')
      .filter((file) => file !== '' && file !== 'test/readme-facts.test.ts')
      .filter(
        (file) =>
          existsSync(path.join(ROOT, file)) && !/\.(pdf|docx?|rtf|png|jpe?g|gz|br)$/.test(file),
      );
    const citing = files.filter((file) =>
      /DESIGN(\.md)?\s*§|\bspec(ification)?\s*§|STYLE\.md|\bDESIGN\.md\b/.test(read(file)),
    );
    expect(citing).toEqual([]);
  });

  it('name only paths that exist in the repository', () => {
    const named = PAGES.flatMap((page) => [
      ...read(page).matchAll(/`((?:src|test|e2e|docs|deploy|scripts|bench|examples)\/[^`\s:]*)`/g),
    ])
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

  it('link only to files and headings that exist (BENCHMARKS.md too), and the README links to every topic page', () => {
    /** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to hyphens. */
    const anchors = (file: string) =>
      new Set(
        [...read(file).matchAll(/^#+ (.*)$/gm)].map((match) =>
          (match[1] as string)
            .toLowerCase()
            .replace(/[^\p{L}\p{N}\s_-]/gu, '')
            .replace(/\s/g, '-'),
        ),
      );
    const links = [...PAGES, 'BENCHMARKS.md'].flatMap((page) =>
      [...read(page).matchAll(/\]\(([^)\s]+)\)/g)]
        .map((match) => (match[1] as string).split('#') as [string, string?])
        .filter(([target]) => !/^[a-z]+:/.test(target))
        .map(([target, anchor]) => ({
          page,
          target: target === '' ? page : path.join(path.dirname(page), target),
          anchor,
        })),
    );
    expect(links.length).toBeGreaterThan(10);
    expect(links.filter(({ target }) => !existsSync(path.join(ROOT, target)))).toEqual([]);
    expect(
      links.filter(({ target, anchor }) => anchor !== undefined && !anchors(target).has(anchor)),
    ).toEqual([]);
    const fromReadme = new Set(
      links.filter(({ page }) => page === 'README.md').map((l) => l.target),
    );
    expect(PAGES.filter((page) => page !== 'README.md' && !fromReadme.has(page))).toEqual([]);
  });

  it('give the embed’s first heights of src/shared/embed-protocol.ts, band by band, and reserve the phone’s', () => {
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

  it('give the configuration table’s defaults as the server has them', () => {
    const loaded = loadConfig({});
    if (!loaded.ok) throw new Error('the defaults load');
    const config = loaded.config;
    const stated = (name: string) =>
      new RegExp(`^\\| \`${name}\` +\\| \`([^\`]+)\``, 'm').exec(README)?.[1];
    expect(stated('PORT')).toBe(String(config.port));
    expect(stated('HOST')).toBe(config.host);
    expect(stated('PROVIDER_TIMEOUT_MS')).toBe(String(config.provider.timeoutMs));
    expect(stated('JOB_BOARD_URL')).toBe(config.jobBoardUrl);
    expect(stated('UPLOAD_DIR')).toBe(config.uploadDir);
    expect(stated('STORAGE')).toBe(config.storage);
    expect(stated('S3_MAX_CONCURRENT_UPLOADS')).toBe(String(config.s3.maxConcurrentUploads));
    expect(stated('OUTBOX_MAX_AGE_HOURS')).toBe(String(config.outbox.maxAgeHours));
    expect(stated('OUTBOX_FIRST_TRY_MS')).toBe(String(config.outbox.firstTryMs));
    expect(stated('OUTBOX_ALLOW_VOLATILE')).toBe(config.outbox.allowVolatile ? 'on' : 'off');
    // A limit is null when set `off`; by default both are on, counted in minutes.
    const perMinutes = (limit: { max: number; windowMs: number } | null) =>
      limit && `${limit.max}/${limit.windowMs / 60_000}m`;
    expect(stated('RATE_LIMIT_REGISTER')).toBe(perMinutes(config.rateLimit.register));
    expect(stated('RATE_LIMIT_UPLOAD')).toBe(perMinutes(config.rateLimit.upload));
    expect(stated('BOT_MIN_FILL_MS')).toBe(String(config.botMinFillMs));
    expect(stated('RESUME_RETENTION_DAYS')).toBe(String(config.retentionDays));
    expect(stated('RESUME_ORPHAN_MINUTES')).toBe(String(config.orphanMinutes));
    expect(stated('UPLOAD_QUOTA_MB')).toBe(String(config.uploadQuotaMb));
    expect(stated('DRAFT_TTL_HOURS')).toBe(String(config.draftTtlHours));
    expect(stated('LOG_LEVEL')).toBe(config.logLevel);
    expect(stated('METRICS_PORT')).toBe(String(config.metrics.port));
    expect(stated('METRICS_PORT')).toBe(String(DEFAULT_METRICS_PORT));
    expect(stated('METRICS_HOST')).toBe(config.metrics.host);
    expect(stated('OTEL_SERVICE_NAME')).toBe(config.otel.serviceName);
    expect(OPERATIONS).toContain(
      `\`S3_MAX_CONCURRENT_UPLOADS\` (${config.s3.maxConcurrentUploads}) uploads`,
    );
    expect(OPERATIONS).toContain(
      `after \`PROVIDER_TIMEOUT_MS\` (${config.provider.timeoutMs / 1000} s): \`504`,
    );
  });

  it('give the configuration table’s ranges as the server takes them', () => {
    const ranges = [...README.matchAll(/^\| `([A-Z0-9_]+)` +\|[^|]*\|[^|]*\((\d+)–(\d+)\)/gm)].map(
      (match) => [match[1] as string, Number(match[2]), Number(match[3])] as const,
    );
    expect(ranges.map(([name]) => name)).toEqual([
      'S3_MAX_CONCURRENT_UPLOADS',
      'OUTBOX_MAX_AGE_HOURS',
      'RESUME_ORPHAN_MINUTES',
      'UPLOAD_QUOTA_MB',
      'DRAFT_TTL_HOURS',
    ]);
    for (const [name, low, high] of ranges) {
      for (const value of [low, high]) {
        expect(loadConfig({ [name]: String(value) }).ok, `${name}=${value}`).toBe(true);
      }
      for (const value of [low - 1, high + 1]) {
        expect(loadConfig({ [name]: String(value) }).ok, `${name}=${value}`).toBe(false);
      }
    }
    expect(MAX_DRAFT_TTL_HOURS).toBe(720);
    expect(README).toContain(
      `each holding its file (up to ${MAX_RESUME_BYTES / 1024 / 1024} MB) in memory meanwhile; the next waits up to ${SEND_WAIT_MS / 1000} s`,
    );
    expect(README).toContain(`start-up refuses one under ${MIN_BRAND_CONTRAST}:1 against white`);
    expect(prose('docs/embedding.md')).toContain(`A colour with less than ${MIN_BRAND_CONTRAST}:1`);
  });

  it('give the storage quota and the orphan sweep as the code sets them', () => {
    const ops = prose('docs/operations.md');
    const config = loadConfig({});
    if (!config.ok) throw new Error('the defaults must load');
    const { uploadQuotaMb, orphanMinutes } = config.config;
    expect(ops).toContain(
      `\`UPLOAD_QUOTA_MB\` (${uploadQuotaMb}: ${uploadQuotaMb / 1024} GB, ${(uploadQuotaMb / (MAX_RESUME_BYTES / MB)).toLocaleString('en-US')} resumes at the ${MAX_RESUME_BYTES / MB} MB limit`,
    );
    expect(ops).toContain(`at start and every ${QUOTA_MEASURE_MS / 60_000} minutes`);
    expect(ops).toContain(`\`Retry-After: ${QUOTA_RETRY_AFTER_S}\``);
    expect(prose('docs/api.md')).toContain(`\`Retry-After: ${QUOTA_RETRY_AFTER_S}\``);
    expect(ops).toContain(`\`RESUME_ORPHAN_MINUTES\` (${orphanMinutes})`);
    expect(prose('docs/api.md')).toContain(`\`RESUME_ORPHAN_MINUTES\` (${orphanMinutes})`);
    expect(ops).toContain(`at start and every ${ORPHAN_SWEEP_MS / 60_000} minutes: a resume`);
    expect(ops).toContain(`less ${ORPHAN_MARGIN_MS / 60_000} minutes`);
  });

  it('give the Node.js versions package.json and .nvmrc give', () => {
    const pkg = JSON.parse(read('package.json')) as { engines: { node: string } };
    const oldest = /^>=(\d+\.\d+)$/.exec(pkg.engines.node)?.[1];
    expect(PROSE).toContain(`\`dist/\` needs Node.js ${oldest} or later`);
    const recommended = read('.nvmrc').trim();
    expect(read('.node-version').trim()).toBe(recommended);
    expect(PROSE).toContain(
      `\`.nvmrc\` and \`.node-version\` name ${recommended}, the LTS we recommend`,
    );
  });

  it('state the server’s limits as the code has them', () => {
    const mb = MAX_RESUME_BYTES / 1024 / 1024;
    expect(API).toContain(`pdf, doc, docx, txt or rtf up to ${mb} MB`);
    // The body limit to the hundredth below: 7,057,068 bytes is "7.05 MB".
    const bodyMb = (Math.floor(REGISTER_BODY_LIMIT / 10_000) / 100).toFixed(2);
    expect(API).toContain(`The whole body may be ${bodyMb} MB (a ${mb} MB resume as base64)`);
    expect(API).toContain(
      `(names ${MAX_LENGTHS.first_name}, email ${MAX_LENGTHS.email}, password ${MAX_LENGTHS.password}, phone ${MAX_LENGTHS.phone}, titles ${MAX_LENGTHS.desired_job_title}, key skills ${MAX_LENGTHS.key_skills.toLocaleString('en-US')}, resume URL ${MAX_LENGTHS.resume_url.toLocaleString('en-US')};`,
    );
    expect(MAX_LENGTHS.last_name).toBe(MAX_LENGTHS.first_name);
    expect(MAX_LENGTHS.latest_job_title).toBe(MAX_LENGTHS.desired_job_title);
    expect(API).toContain(`(one line, at most ${MESSAGE_MAX_LENGTH} characters)`);
    expect(OPERATIONS).toContain(
      `the provider's \`detail\` (at most ${MESSAGE_MAX_LENGTH} characters) and the messages of the candidate's own fields (at most ${MESSAGES_PER_FIELD} a field, ${FIELD_MESSAGE_MAX_LENGTH} characters each)`,
    );
    expect(OPERATIONS).toContain(
      `never more than ${PROVIDER_BODY_LIMIT / 1024} KB of it is read: past that (an endless body`,
    );
    expect(OPERATIONS).toContain(`(\`127.0.0.1:${DEFAULT_METRICS_PORT}\` unless set)`);
    expect(OPERATIONS).toContain(
      `\`/readyz\` checks each dependency at most once every ${READY_CACHE_MS / 1000} s`,
    );
    expect(OPERATIONS).toContain(
      `a change of state shows in \`/readyz\` at most ${READY_CACHE_MS / 1000} s after it`,
    );
    expect(OPERATIONS).toContain(`on \`/readyz\` (at most once every ${READY_CACHE_MS / 1000} s)`);
    expect(OPERATIONS).toContain(
      `a valid one (up to ${MAX_REQUEST_ID_LENGTH} letters, digits and \`._:+=/-\``,
    );
    expect(OPERATIONS).toContain(
      `shutdown waits at most ${SHUTDOWN_FLUSH_MS / 1000} s for the last batch`,
    );
    expect(OPERATIONS).toContain(
      `A request whose body brings nothing for ${SHUTDOWN_IDLE_MS / 1000} s during shutdown`,
    );
    expect(OPERATIONS).toContain(
      `created if missing and proved writable within ${PREPARE_TIMEOUT_MS / 1000} s`,
    );
    expect(OPERATIONS).toContain(
      `waits up to ${SEND_WAIT_MS / 1000} s for one of them to finish, else answers 503, \`Retry-After: ${STORAGE_RETRY_AFTER_S}\``,
    );
    expect(OPERATIONS).toContain(
      `Every S3 request has deadlines: ${S3_TIMEOUTS.connectMs / 1000} s to connect, ${S3_TIMEOUTS.idleMs / 1000} s of silence (before S3's first byte or within a transfer), ${S3_TIMEOUTS.requestMs / 1000} s until S3 starts answering`,
    );
    expect(API).toContain(`one DNS try of at most ${LINK_LOOKUP_TIMEOUT_MS / 1000} s`);
    expect(API).toContain(`the client has ${LINGER_MS / 1000} s to read it`);
    expect(PROSE).toContain(
      `a file still being read after ${READ_TIME_LIMIT_MS / 1000} s is given up`,
    );
  });

  it('describe the outbox’s pace as the code sets it', () => {
    const words = ['', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight'];
    expect(OUTBOX).toContain(
      `every instance delivers from the one queue (BullMQ), ${words[OUTBOX_CONCURRENCY]} at a time`,
    );
    // The first retry comes after half to all of the base: "about" the base.
    expect(OUTBOX).toContain(
      `back off exponentially from about ${RETRY_BASE_MS / 1000} s to ${RETRY_CAP_MS / 60_000} min`,
    );
    expect(OUTBOX).toContain(`\`Retry-After\` (at most an hour)`);
    expect(RETRY_AFTER_CAP_MS).toBe(3_600_000);
    expect(OUTBOX).toContain(
      `an instance killed mid-delivery leaves its entry to the others within ${(DEFAULT_OUTBOX_TIMINGS.lockMs + DEFAULT_OUTBOX_TIMINGS.stalledIntervalMs) / 1000} s`,
    );
    expect(README).toContain(`32 random bytes in base64`);
    expect(OUTBOX_KEY_BYTES).toBe(32);
    expect(OUTBOX).toContain(
      `no answer within \`OUTBOX_FIRST_TRY_MS\`, ${DEFAULT_OUTBOX_FIRST_TRY_MS / 1000} s by default`,
    );
    expect(OUTBOX).toContain(`Every instance looks at it every ${OUTBOX_WATCH_MS / 1000} s`);
  });

  it('give each alert’s threshold, duration and severity as deploy/prometheus/rules.yml has them', () => {
    const rules = read('deploy/prometheus/rules.yml')
      .split(/\n\s*- alert: /)
      .slice(1)
      .map((block) => ({
        name: block.split('\n')[0]?.trim() as string,
        expr: /expr: (.*)/.exec(block)?.[1] ?? '',
        for: /\n\s*for: (\d+)m/.exec(block)?.[1],
        severity: /severity: (\w+)/.exec(block)?.[1],
      }));
    const rows = new Map(
      read('docs/operations.md')
        .split('\n')
        .map((line) => /^\| `(\w+)` \| (.*) \| (\w+) \|$/.exec(line))
        .filter((match) => match !== null)
        .map((match) => [match[1] as string, { text: match[2] as string, severity: match[3] }]),
    );
    expect([...rows.keys()]).toEqual(rules.map((rule) => rule.name));
    for (const rule of rules) {
      const row = rows.get(rule.name) as { text: string; severity: string };
      expect(row.severity, rule.name).toBe(rule.severity);
      if (rule.for) expect(row.text, rule.name).toContain(`for ${rule.for} minutes`);
      // A ratio: a recorded ratio, or one rate over another.
      const ratio = /(?::ratio_rate5m|\/ \S+:rate5m) > ([\d.]+)$/.exec(rule.expr);
      if (ratio) expect(row.text, rule.name).toContain(`over ${Number(ratio[1]) * 100}%`);
      const seconds = /:p99_rate5m > (\d+)$/.exec(rule.expr);
      if (seconds) expect(row.text, rule.name).toContain(`over ${seconds[1]} s`);
      const age = /_age_seconds:max > (\d+)$/.exec(rule.expr);
      if (age) expect(row.text, rule.name).toContain(`over ${Number(age[1]) / 60} minutes`);
      const flaps = /\[(\d+)m\]\) >= (\d+)$/.exec(rule.expr);
      if (flaps) expect(row.text, rule.name).toContain(`${flaps[2]} times in ${flaps[1]} minutes`);
      expect(
        rule.for ?? ratio ?? seconds ?? age ?? flaps ?? /> 0$/.exec(rule.expr),
        rule.name,
      ).toBeTruthy();
    }
    // The funnel's alert compares a day with the same day a week before.
    const funnel = rules.find((rule) => rule.name === 'FunnelCompletionHalved');
    const [, share, least] =
      /< ([\d.]+) \* \(job:funnel_completion:ratio1d offset 1w\) and job:funnel_started:increase1d >= (\d+)$/.exec(
        funnel?.expr ?? '',
      ) ?? [];
    expect(share).toBe('0.5');
    expect(rows.get('FunnelCompletionHalved')?.text).toContain(
      `under half the same day's a week before, with at least ${least} visits started in the day`,
    );
    expect(OPERATIONS).toContain(
      `(\`METRICS_HOST:METRICS_PORT\`, port ${DEFAULT_METRICS_PORT} by default)`,
    );
  });

  it('describe the container image as the Dockerfile builds it', () => {
    const dockerfile = read('Dockerfile').replace(/\\\n\s*/g, '');
    const env = new Set(
      /^ENV (.*)$/m.exec(dockerfile.split(/^FROM /m).at(-1) ?? '')?.[1]?.split(/\s+/),
    );
    const exposed = new Set(/^EXPOSE (.*)$/m.exec(dockerfile)?.[1]?.split(/\s+/));
    const table = read('docs/deploying.md')
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .map((line) => line.split('|')[1] as string);
    const stated = table.flatMap((cell) =>
      [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1] as string),
    );
    const named = { env: 0, exposed: 0 };
    for (const item of stated) {
      if (/^[A-Z_]+=/.test(item)) {
        expect(env, item).toContain(item);
        named.env++;
      } else if (item.startsWith('EXPOSE ')) {
        expect(exposed, item).toContain(item.slice('EXPOSE '.length));
        named.exposed++;
      }
    }
    expect(named).toEqual({ env: env.size, exposed: exposed.size });
    const interval = /HEALTHCHECK --interval=(\d+)s/.exec(dockerfile)?.[1];
    expect(prose('docs/deploying.md')).toContain(`| \`HEALTHCHECK\` | every ${interval} s,`);
    expect(dockerfile).toContain(`FROM node:${read('.nvmrc').trim()}-slim`);
    expect(prose('docs/deploying.md')).toContain(
      `on the official \`node:${read('.nvmrc').trim()}-slim\``,
    );
  });

  it('give nginx’s limits and waits as deploy/nginx has them', () => {
    const proxy = read('deploy/nginx/resume-registration-proxy.conf');
    const seconds = (directive: string) =>
      [...proxy.matchAll(new RegExp(`^\\s*${directive} (\\d+)s;`, 'gm'))].map((m) => Number(m[1]));
    const bodies = [...proxy.matchAll(/client_max_body_size (\d+);/g)].map((m) => Number(m[1]));
    expect(bodies[0]).toBe(REGISTER_BODY_LIMIT);
    const deploying = prose('docs/deploying.md');
    const bodyMb = (Math.floor(REGISTER_BODY_LIMIT / 10_000) / 100).toFixed(2);
    expect(deploying).toContain(
      `(${bodyMb} MB on \`/api/register\`, a ${MAX_RESUME_BYTES / 1024 / 1024} MB file and its framing on \`/api/upload\`)`,
    );
    expect(bodies[1]).toBeGreaterThan(MAX_RESUME_BYTES);
    expect(seconds('client_body_timeout')).toEqual([120]);
    expect(seconds('proxy_read_timeout')).toEqual([60]);
    expect(deploying).toContain(
      `wait ${seconds('client_body_timeout')[0]} s for a slow body, as the app does, and ${seconds('proxy_read_timeout')[0]} s for a registration's answer`,
    );
  });

  it('state the bot defence and the ceilings as the code holds them', () => {
    const { config } = loadConfig({}) as Extract<ReturnType<typeof loadConfig>, { ok: true }>;
    expect(FORM_TOKEN_MAX_AGE_MS).toBe(24 * 60 * 60 * 1000);
    expect(API).toContain('not one this deployment signed, older than a day, or already spent');
    expect(API).toContain(
      `each instance remembers the tokens it took (for a day, up to ${TOKEN_MEMORY_LIMIT.toLocaleString('en-US')}; a restart forgets them)`,
    );
    expect(API).toContain(
      `\`BOT_MIN_FILL_MS\` (${config.botMinFillMs / 1000} s by default) after its token was issued`,
    );
    expect(API).toContain(
      `\`PROVIDER_CALLS_PER_MINUTE\` (${config.providerCallsPerMinute} by default; \`0\` for none)`,
    );
    expect(API).toContain(`may send ${SITE_LIMIT_FACTOR} times a client's limit in all`);
  });

  it('name the provider’s keys a log line keeps, as log-body.ts keeps them', () => {
    const keys = LOGGED_PROVIDER_KEYS.map((key) => `\`${key}\``);
    expect(OPERATIONS).toContain(
      `only \`providerBody\`: its top-level ${keys.slice(0, -1).join(', ')} and ${keys.at(-1)}, each a number or a word, id or URL of at most ${LOGGED_TEXT_MAX_LENGTH} characters`,
    );
  });

  it('name a stored resume as the code names it', () => {
    expect(API).toContain(
      `A stored resume is named \`<${RANDOM_PART_LENGTH} hex>.<type>\`: ${RANDOM_PART_LENGTH * 4} random bits`,
    );
  });

  it('give the size budget of scripts/weight.mjs, in the README and BENCHMARKS.md alike', () => {
    const kb = (bytes: number) => bytes / 1024;
    expect(PROSE).toContain(
      `fails above ${kb(BUDGET.js)} KB gzip of that JavaScript, ${BUDGET.scripts} script requests, ${kb(BUDGET.css)} KB gzip of CSS, or when the two languages' pages' first loads are more than ${kb(BUDGET.languages)} KB apart (each carries one language's texts)`,
    );
    const benchmarks = prose('BENCHMARKS.md');
    expect(benchmarks).toContain(
      `${kb(BUDGET.js)} KB gzip of JavaScript in ${BUDGET.scripts} script requests without interaction, ${kb(BUDGET.css)} KB gzip of CSS, ${kb(BUDGET.embed)} KB gzip for \`embed.js\`, and the two languages' pages' first loads at most ${kb(BUDGET.languages)} KB apart (the English page's was ${BEFORE_LANGUAGES.toLocaleString('en-US')} B before languages, at c08d196)`,
    );
    expect(benchmarks).toContain(`| ${kb(BUDGET.js)} KB, ${BUDGET.scripts} requests |`);
  });

  it('counts the production install as the lock does, and sizes both installs as they are', () => {
    const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<
        string,
        { dev?: boolean; optional?: boolean; resolved?: string; os?: string[]; cpu?: string[] }
      >;
    };
    // A link (toolchain/) is as much production as what it links to.
    const dev = (entry: { dev?: boolean; resolved?: string }) =>
      entry.dev || (entry.resolved !== undefined && lock.packages[entry.resolved]?.dev);
    // npm's rule for a package's os and cpu lists: `!name` excludes, names include.
    const allows = (list: string[] | undefined, value: string) =>
      !list ||
      (!list.includes(`!${value}`) &&
        (list.every((item) => item.startsWith('!')) || list.includes(value)));
    /** What `npm ci --omit=dev` installs on `platform` and `arch`: optional packages that fit it too. */
    const productionOn = (platform: string, arch: string) =>
      Object.entries(lock.packages).filter(
        ([where, entry]) =>
          where.startsWith('node_modules/') &&
          !dev(entry) &&
          allows(entry.os, platform) &&
          allows(entry.cpu, arch),
      );
    const stated =
      /`npm ci --omit=dev`: only `dependencies`, (\d+) packages on Linux x64, (\d+) of them the optional native part of `msgpackr` \(which `bullmq` uses\), `msgpackr-extract`, that npm installs only where it has a build; about (\d+) MB of file contents, which `du` shows as more, counting directories and disk blocks \(the full install, with the toolchain's Node\.js, is about (\d+) MB\)/.exec(
        PROSE,
      );
    expect(stated).not.toBeNull();
    const [, packages, optional, productionMb, fullMb] = (stated as RegExpExecArray).map(Number);
    const linux = productionOn('linux', 'x64');
    expect(packages).toBe(linux.length);
    const optionalOnes = linux.filter(([, entry]) => entry.optional).map(([where]) => where);
    expect(optionalOnes).toHaveLength(optional as number);
    for (const where of optionalOnes) expect(where).toMatch(/msgpackr-extract|node-gyp-build/);
    // This machine's production install, as npm ci --omit=dev would make it here.
    const production = productionOn(process.platform, process.arch);
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

describe('the folders’ READMEs', () => {
  it('give start-up’s longest wait for a first paint as boot.ts waits', () => {
    const boot = read('src/web/start/boot.ts');
    const waits = [...boot.matchAll(/setTimeout\(hydrate, ([\d_]+)\)/g)].map((match) =>
      Number((match[1] as string).replaceAll('_', '')),
    );
    const readme = read('src/web/start/README.md');
    expect(/after (\d+) s at the latest/.exec(readme)?.[1]).toBe(String(Math.max(...waits) / 1000));
  });
});
