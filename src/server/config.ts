// Configuration: the environment parsed once, through one zod schema, into a typed object
// (README.md). Every bad or missing variable is reported by name, one line each.
import * as z from 'zod/mini';
import { brandColorProblem } from '../shared/brand.ts';
import type { LinkHostPolicy } from '../shared/contract.ts';
import {
  DEFAULT_DRAFT_TTL_HOURS,
  DEFAULT_JOB_BOARD_URL,
  DEFAULT_ORPHAN_MINUTES,
  DEFAULT_RETENTION_DAYS,
  MAX_DRAFT_TTL_HOURS,
  MAX_ORPHAN_MINUTES,
  MAX_RETENTION_DAYS,
  MIN_ORPHAN_MINUTES,
} from '../shared/contract.ts';
import { MAX_FUNNEL_SOURCES, NO_SOURCE, OTHER_SOURCE } from '../shared/funnel.ts';
import { withoutTrailingSlashes } from '../shared/url.ts';
import {
  familiesCovered,
  isWide,
  NAMED_RANGES,
  type Range,
  rangeOf,
  rangesOf,
} from './proxy-ranges.ts';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
type LogLevel = (typeof LOG_LEVELS)[number];

export interface RateLimit {
  max: number;
  windowMs: number;
}

/**
 * The sandbox's fixed credential, used when no provider is configured.
 * @internal The sandbox's stand-in tests log in with it (sandbox, provider-contract).
 */
export const SANDBOX_CREDENTIAL = { user: 'sandbox', key: 'sandbox-key' } as const;

export type ConfigResult =
  | { ok: true; config: Config; warnings: string[] }
  | { ok: false; errors: string[] };

type Env = Record<string, string | undefined>;

/**
 * Where Prometheus scrapes an instance when METRICS_PORT is unset: the port OpenTelemetry's
 * Prometheus exporter uses, free of the app's own.
 * @internal test/readme-facts.test.ts holds the docs' figure to it.
 */
export const DEFAULT_METRICS_PORT = 9464;

/**
 * Uploads an instance sends to S3 at once when S3_MAX_CONCURRENT_UPLOADS is unset: each holds its
 * file (up to 5 MB) in memory while it is sent, so at most 80 MB; a 5 MB PutObject takes S3 well
 * under a second, so 16 carry dozens of uploads a second.
 */
export const DEFAULT_S3_MAX_CONCURRENT_UPLOADS = 16;
/** Each holds up to 5 MB: 1,000 is 5 GB, more than any instance should give uploads. */
const MAX_S3_CONCURRENT_UPLOADS = 1_000;

/** How long a registration waits for the provider when PROVIDER_TIMEOUT_MS is unset. */
const DEFAULT_PROVIDER_TIMEOUT_MS = 30_000;

/**
 * With OUTBOX=on, how long a registration waits for the provider's answer before it is queued
 * (the call itself goes on up to PROVIDER_TIMEOUT_MS) when OUTBOX_FIRST_TRY_MS is unset.
 * @internal test/readme-facts.test.ts holds the docs' figure to it.
 */
export const DEFAULT_OUTBOX_FIRST_TRY_MS = 5_000;

/**
 * The total of stored resumes when UPLOAD_QUOTA_MB is unset: 10 GB, 2,048 resumes at the 5 MB
 * limit (far more of the usual few hundred KB) and a disk a small VM or volume has to spare. At
 * the upload limit one address could store 14 GB a day: the quota, not the disk, runs out first.
 */
const DEFAULT_UPLOAD_QUOTA_MB = 10_240;
/** 10 TB: a bucket's quota, and a listing of it every few minutes, goes no higher. */
const MAX_UPLOAD_QUOTA_MB = 10 * 1024 * 1024;

/** What a variable holds, or why not: `must …`, said after its name. */
type Reading<T> = { value: T } | { problem: string };

/**
 * One variable: trimmed, empty as unset (then `fallback`), else read by `read`. A problem is
 * reported with the value as given, unless `echo` is off (the value may hold a password).
 */
function variable<T>(
  fallback: T,
  read: (raw: string) => Reading<T>,
  {
    echo = true,
    shown = (raw: string) => raw,
  }: { echo?: boolean; shown?: (raw: string) => string } = {},
) {
  return z.pipe(
    z.optional(z.string()),
    z.transform((input: string | undefined, context) => {
      const raw = input?.trim();
      if (raw === undefined || raw === '') return fallback;
      const reading = read(raw);
      if ('value' in reading) return reading.value;
      context.issues.push({
        code: 'custom',
        input: raw,
        message: echo ? `${reading.problem} (got "${shown(raw)}")` : reading.problem,
      });
      return fallback;
    }),
  );
}

const must = (problem: string) => ({ problem });

const whole = (fallback: number, min: number, max: number) =>
  variable(fallback, (raw) => {
    const parsed = Number(raw);
    return /^\d+$/.test(raw) && parsed >= min && parsed <= max
      ? { value: parsed }
      : must(`must be a whole number from ${min} to ${max}`);
  });

const httpUrl = <T extends string | null>(fallback: T) =>
  variable<string | T>(fallback, (raw) => {
    try {
      const { protocol } = new URL(raw);
      if (protocol === 'http:' || protocol === 'https:')
        return { value: withoutTrailingSlashes(raw) };
    } catch {
      // reported below
    }
    return must('must be an http:// or https:// URL');
  });

const text = <T extends string | null>(fallback: T) =>
  variable<string | T>(fallback, (raw) => ({ value: raw }));

/** The words an on/off variable takes, in any letter case. */
const ON_WORDS = ['on', 'true', '1', 'yes'];
const OFF_WORDS = ['off', 'false', '0', 'no'];
const isWord = (words: string[], raw: string | undefined) =>
  words.includes(raw?.trim().toLowerCase() ?? '');

const onOff = (fallback: boolean) =>
  variable(
    fallback,
    (raw) => {
      if (isWord(ON_WORDS, raw)) return { value: true };
      if (isWord(OFF_WORDS, raw)) return { value: false };
      return must('must be "on" or "off"');
    },
    { shown: (raw) => raw.toLowerCase() },
  );

const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000 } as const;

/**
 * `N/Ns`, `N/Nm`, `N/Nh` (N requests per window), or `off`.
 * @internal Pure, and tested directly in test/ops/config-ops.test.ts.
 */
export function parseRateLimit(text: string): RateLimit | null | undefined {
  if (text.trim().toLowerCase() === 'off') return null;
  const match = /^(\d+)\/(\d+)([smh])$/.exec(text.trim());
  if (!match) return undefined;
  const [, max, amount, unit] = match;
  const windowMs = Number(amount) * UNIT_MS[unit as keyof typeof UNIT_MS];
  return Number(max) > 0 && windowMs > 0 ? { max: Number(max), windowMs } : undefined;
}

const rateLimit = (fallback: string) =>
  variable(parseRateLimit(fallback) ?? null, (raw) => {
    const parsed = parseRateLimit(raw);
    return parsed === undefined
      ? must('must look like 10/10m (N per Ns, Nm or Nh) or be "off"')
      : { value: parsed };
  });

const TRUST_PROXY_FORM =
  "must list the proxies' addresses or CIDRs, comma-separated (e.g. 10.0.0.0/8 or loopback)";

/**
 * The proxies in front of this instance, by address: X-Forwarded-For is believed only when the
 * connection comes from one of them. A hop count, `true` or a /0 would believe any peer, so a
 * client that reaches an instance directly could choose its own IP and rotate past the limits.
 */
const trustProxy = variable<false | string[]>(false, (raw) => {
  if (raw.toLowerCase() === 'false') return { value: false };
  const list = raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  const ranges = list.map(rangesOf);
  if (
    raw.toLowerCase() === 'true' ||
    /^\d+$/.test(raw) ||
    (!ranges.includes(null) && familiesCovered(ranges.flat() as Range[]).length > 0)
  ) {
    return must(
      `${TRUST_PROXY_FORM}; a hop count, true, or ranges that together hold every address (a /0, ::ffff:0.0.0.0/96, 0.0.0.0/1 with 128.0.0.0/1) would let any client that reaches this instance directly choose its own IP`,
    );
  }
  return list.length > 0 && !ranges.includes(null) ? { value: list } : must(TRUST_PROXY_FORM);
});

/**
 * TRUST_PROXY's ranges wider than a proxy fleet needs (isWide), as written; named ones aside.
 * None for a list TRUST_PROXY itself refuses, which says why on its own.
 */
function wideProxies(raw: string | undefined): string[] {
  const list = (raw ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  const ranges = list.map(rangesOf);
  if (ranges.includes(null) || familiesCovered(ranges.flat() as Range[]).length > 0) return [];
  return list.filter((item) => {
    const range = Object.hasOwn(NAMED_RANGES, item) ? null : rangeOf(item);
    return range !== null && isWide(range);
  });
}

const isOrigin = (text: string) => {
  try {
    const url = new URL(text);
    return url.origin === withoutTrailingSlashes(text) && /^https?:$/.test(url.protocol);
  } catch {
    return false;
  }
};

/** Origins, space- or comma-separated; one line names the first that is none (as given). */
const origins = z.pipe(
  z.optional(z.string()),
  z.transform((input: string | undefined, context) => {
    const list = (input?.trim() ?? '').split(/[\s,]+/).filter(Boolean);
    for (const origin of list.filter((item) => !isOrigin(item))) {
      context.issues.push({
        code: 'custom',
        input: origin,
        message: `must be a list of origins such as https://jobs.example.com (got "${origin}")`,
      });
    }
    return list.map(withoutTrailingSlashes);
  }),
);

const brandColor = variable<string | null>(null, (raw) => {
  const problem = brandColorProblem(raw);
  return problem ? must(problem) : { value: raw.toLowerCase() };
});

const storage = variable<'local' | 's3'>('local', (raw) =>
  raw === 'local' || raw === 's3' ? { value: raw } : must('must be "local" or "s3"'),
);

// Never echoed: the URL may carry a password.
const redisUrl = variable<string | null>(
  null,
  (raw) =>
    /^rediss?:\/\/[^\s]+$/.test(raw) ? { value: raw } : must('must be a redis:// or rediss:// URL'),
  { echo: false },
);

/**
 * The outbox's key: 32 bytes, base64 (`openssl rand -base64 32`). Never echoed.
 * @internal test/readme-facts.test.ts holds the docs' figure to it.
 */
export const OUTBOX_KEY_BYTES = 32;
/** `text` without its base64 padding (a loop: no pattern to backtrack over a run of `=`). */
const unpadded = (text: string) => {
  let end = text.length;
  while (end > 0 && text[end - 1] === '=') end--;
  return text.slice(0, end);
};
/** One outbox key as written, or why not (never echoing it). */
function readOutboxKey(raw: string): Reading<Buffer> {
  const key = Buffer.from(raw, 'base64');
  // Buffer.from skips what is not base64: a key must be read back exactly as written.
  const canonical = unpadded(key.toString('base64')) === unpadded(raw);
  return canonical && key.length === OUTBOX_KEY_BYTES
    ? { value: key }
    : must(
        `must be ${OUTBOX_KEY_BYTES} random bytes in base64 (openssl rand -base64 ${OUTBOX_KEY_BYTES}); got ${canonical ? `${key.length} bytes` : 'something that is not base64'}`,
      );
}
const outboxKey = variable<Buffer | null>(null, readOutboxKey, { echo: false });

/** The most old keys OUTBOX_OLD_KEYS takes: a rotation needs one, a second in a hurry. */
const MAX_OLD_OUTBOX_KEYS = 4;
/** Keys the outbox still opens but no longer seals with, comma-separated (docs/outbox.md). */
const outboxOldKeys = variable<Buffer[]>(
  [],
  (raw) => {
    const parts = raw.split(',').map((part) => part.trim());
    if (parts.length > MAX_OLD_OUTBOX_KEYS) {
      return must(`must hold at most ${MAX_OLD_OUTBOX_KEYS} keys, comma-separated`);
    }
    const keys: Buffer[] = [];
    for (const [index, part] of parts.entries()) {
      const reading = readOutboxKey(part);
      if ('problem' in reading) return must(`key ${index + 1} ${reading.problem}`);
      keys.push(reading.value);
    }
    return { value: keys };
  },
  { echo: false },
);

/** What an entry of FUNNEL_SOURCES may be, in any letter case: ASCII only, so none folds into another. */
const SOURCE_ENTRY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/;

/**
 * FUNNEL_SOURCES: the sources and campaigns counted by name, comma-separated, in lower case and
 * without repeats; none when unset. Each is a label value of the funnel's counters.
 * @internal Pure, and tested directly in test/funnel-config.test.ts.
 */
export function readFunnelSources(raw: string): Reading<string[]> {
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.find((entry) => !SOURCE_ENTRY.test(entry));
  if (bad !== undefined) {
    return must(
      `must list sources of 1 to 32 letters, digits, ".", "_" or "-" (starting with a letter or digit), comma-separated; "${bad}" is not one`,
    );
  }
  const sources = [...new Set(entries.map((entry) => entry.toLowerCase()))];
  const reserved = sources.find((entry) => entry === OTHER_SOURCE || entry === NO_SOURCE);
  if (reserved !== undefined) {
    return must(
      `must not list "${reserved}": the funnel names a source not in the list "${OTHER_SOURCE}", and a visit without one "${NO_SOURCE}"`,
    );
  }
  if (sources.length > MAX_FUNNEL_SOURCES) {
    return must(
      `must list at most ${MAX_FUNNEL_SOURCES} sources (each multiplies the funnel's series); it lists ${sources.length}`,
    );
  }
  return { value: sources };
}
const funnelSources = variable<string[]>([], readFunnelSources, {
  shown: (raw) => (raw.length > 200 ? `${raw.slice(0, 200)}…` : raw),
});

const provider = variable<'sandbox' | null>(null, (raw) =>
  raw.toLowerCase() === 'sandbox' ? { value: 'sandbox' } : must('must be "sandbox" or unset'),
);

/** The metrics listener's port, or null for none (`off`). */
const metricsPort = variable<number | null>(DEFAULT_METRICS_PORT, (raw) => {
  if (raw.toLowerCase() === 'off') return { value: null };
  const parsed = Number(raw);
  return /^\d+$/.test(raw) && parsed <= 65535
    ? { value: parsed }
    : must('must be a whole number from 0 to 65535, or "off"');
});

const logLevel = variable<LogLevel>('info', (raw) => {
  const level = LOG_LEVELS.find((name) => name === raw.toLowerCase());
  return level ? { value: level } : must(`must be one of ${LOG_LEVELS.join(', ')}`);
});

/** Variable `name` of the environment, read by `reader`; an issue's path ends in the name. */
const from = <Reader extends z.ZodMiniType<unknown, string | undefined>>(
  name: string,
  reader: Reader,
) =>
  z.pipe(
    z.object({ [name]: reader }),
    z.transform((env) => env[name] as z.output<Reader>),
  );

/** An object of the configuration: each of its fields reads the same (flat) environment. */
const nested = <Shape extends Record<string, z.ZodMiniType<unknown, Env>>>(shape: Shape) =>
  z.pipe(
    z.transform<Env, unknown>((env) =>
      Object.fromEntries(Object.keys(shape).map((key) => [key, env])),
    ),
    z.object(shape),
  );

/** Every variable the server reads (README.md): where it lands in the configuration, and how. */
const ENV_SCHEMA = nested({
  port: from('PORT', whole(3000, 0, 65535)),
  host: from('HOST', text('127.0.0.1')),
  /** External origin for public resume URLs; null means http://localhost:{listening port}. */
  publicBaseUrl: from('PUBLIC_BASE_URL', httpUrl(null)),
  /** PROVIDER=sandbox chooses the sandbox by name; only the rules between variables read it. */
  sandboxByName: from('PROVIDER', provider),
  provider: nested({
    /** Provider API origin; null means the embedded sandbox on this server. */
    baseUrl: from('PROVIDER_API_BASE', httpUrl(null)),
    user: from('PROVIDER_API_USER', text(SANDBOX_CREDENTIAL.user)),
    key: from('PROVIDER_API_KEY', text(SANDBOX_CREDENTIAL.key)),
    timeoutMs: from('PROVIDER_TIMEOUT_MS', whole(DEFAULT_PROVIDER_TIMEOUT_MS, 1, 600_000)),
  }),
  jobBoardUrl: from('JOB_BOARD_URL', httpUrl(DEFAULT_JOB_BOARD_URL)),
  /** The board's privacy policy and the provider's terms, linked above Submit Registration. */
  privacyPolicyUrl: from('PRIVACY_POLICY_URL', httpUrl(null)),
  providerTermsUrl: from('PROVIDER_TERMS_URL', httpUrl(null)),
  uploadDir: from('UPLOAD_DIR', text('./data/resumes')),
  randomDataButton: from('RANDOM_DATA_BUTTON', onOff(true)),
  storage: from('STORAGE', storage),
  s3: nested({
    bucket: from('S3_BUCKET', text('')),
    region: from('S3_REGION', text(null)),
    endpoint: from('S3_ENDPOINT', httpUrl(null)),
    forcePathStyle: from('S3_FORCE_PATH_STYLE', onOff(false)),
    /** Uploads sent to the bucket at once; the next answers 503 with Retry-After. */
    maxConcurrentUploads: from(
      'S3_MAX_CONCURRENT_UPLOADS',
      whole(DEFAULT_S3_MAX_CONCURRENT_UPLOADS, 1, MAX_S3_CONCURRENT_UPLOADS),
    ),
  }),
  redisUrl: from('REDIS_URL', redisUrl),
  /**
   * Registrations the provider cannot take now, kept encrypted on REDIS_URL and delivered later
   * (docs/decisions/020); off by default, as the specification behaves.
   */
  outbox: nested({
    on: from('OUTBOX', onOff(false)),
    key: from('OUTBOX_KEY', outboxKey),
    maxAgeHours: from('OUTBOX_MAX_AGE_HOURS', whole(24, 1, 720)),
    oldKeys: from('OUTBOX_OLD_KEYS', outboxOldKeys),
    /** Start on a Redis that would lose the queue in a crash or evict it (docs/outbox.md). */
    allowVolatile: from('OUTBOX_ALLOW_VOLATILE', onOff(false)),
    /** How long a registration waits for the provider before it is queued. */
    firstTryMs: from('OUTBOX_FIRST_TRY_MS', whole(DEFAULT_OUTBOX_FIRST_TRY_MS, 100, 600_000)),
  }),
  rateLimit: nested({
    register: from('RATE_LIMIT_REGISTER', rateLimit('10/10m')),
    upload: from('RATE_LIMIT_UPLOAD', rateLimit('20/10m')),
    /** Funnel batches (POST /api/events): a visit sends a few, a busy office a few dozen. */
    events: from('RATE_LIMIT_EVENTS', rateLimit('60/1m')),
  }),
  /**
   * The funnel (docs/operations.md): on by default, for it counts nothing that identifies a
   * candidate; off, POST /api/events is no route and the page sends nothing.
   */
  funnel: nested({
    on: from('FUNNEL', onOff(true)),
    sources: from('FUNNEL_SOURCES', funnelSources),
  }),
  /** The proxies whose X-Forwarded-For is believed: addresses, CIDRs or named ranges; or none. */
  trustProxy: from('TRUST_PROXY', trustProxy),
  /** Only the rules between variables read it: TRUST_PROXY may then hold wide ranges. */
  trustProxyAllowWide: from('TRUST_PROXY_ALLOW_WIDE', onOff(false)),
  /** The least time from the form token's issue to its registration; 0: no token needed. */
  botMinFillMs: from('BOT_MIN_FILL_MS', whole(1500, 0, 600_000)),
  /** Provider calls a minute for the whole deployment (docs/api.md); 0: no ceiling. */
  providerCallsPerMinute: from('PROVIDER_CALLS_PER_MINUTE', whole(600, 0, 1_000_000)),
  embedOrigins: from('EMBED_ORIGINS', origins),
  /** The accent colour (#rrggbb) with at least 4.5:1 against white; null for today's blue. */
  brandColor: from('BRAND_COLOR', brandColor),
  corsOrigins: from('CORS_ORIGINS', origins),
  retentionDays: from(
    'RESUME_RETENTION_DAYS',
    whole(DEFAULT_RETENTION_DAYS, 1, MAX_RETENTION_DAYS),
  ),
  /** Uploads no registration named are deleted after this long (docs/operations.md). */
  orphanMinutes: from(
    'RESUME_ORPHAN_MINUTES',
    whole(DEFAULT_ORPHAN_MINUTES, MIN_ORPHAN_MINUTES, MAX_ORPHAN_MINUTES),
  ),
  /** The total of stored resumes, in MB (2^20 bytes); an upload past it answers 503. */
  uploadQuotaMb: from('UPLOAD_QUOTA_MB', whole(DEFAULT_UPLOAD_QUOTA_MB, 1, MAX_UPLOAD_QUOTA_MB)),
  draftTtlHours: from('DRAFT_TTL_HOURS', whole(DEFAULT_DRAFT_TTL_HOURS, 1, MAX_DRAFT_TTL_HOURS)),
  logLevel: from('LOG_LEVEL', logLevel),
  /** /metrics, on a listener of its own: never on the app's port, loopback unless said. */
  metrics: nested({
    port: from('METRICS_PORT', metricsPort),
    host: from('METRICS_HOST', text('127.0.0.1')),
  }),
  /**
   * OpenTelemetry trace export (OTLP over HTTP), on when either endpoint is set; the exporter
   * reads its other standard OTEL_EXPORTER_OTLP_* variables (headers, timeout) itself.
   */
  otel: nested({
    endpoint: from('OTEL_EXPORTER_OTLP_ENDPOINT', httpUrl(null)),
    tracesEndpoint: from('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', httpUrl(null)),
    serviceName: from('OTEL_SERVICE_NAME', text('resume-registration')),
  }),
});

/** The configuration: the schema's output, without what only the rules between variables read. */
export type Config = Omit<z.output<typeof ENV_SCHEMA>, 'sandboxByName' | 'trustProxyAllowWide'> & {
  /** `public` when the variables show real candidates (publicDeploymentSigns), else `local`. */
  deployment: 'local' | 'public';
};

const isLoopback = (host: string) =>
  host === 'localhost' || host === '::1' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);

/**
 * What says, in the variables as given, that this instance serves real candidates rather than a
 * developer: it listens beyond this machine, has a public address, or hides the test-data button.
 */
function publicDeploymentSigns(raw: Env): string[] {
  const value = (name: string) => raw[name]?.trim() ?? '';
  const signs: string[] = [];
  if (value('HOST') !== '' && !isLoopback(value('HOST'))) signs.push(`HOST=${value('HOST')}`);
  const url = URL.parse(value('PUBLIC_BASE_URL'));
  if (url && /^https?:$/.test(url.protocol) && !isLoopback(url.hostname)) {
    signs.push(`PUBLIC_BASE_URL=${url.origin}`);
  }
  if (isWord(OFF_WORDS, raw.RANDOM_DATA_BUTTON)) {
    signs.push(`RANDOM_DATA_BUTTON=${value('RANDOM_DATA_BUTTON')}`);
  }
  return signs;
}

/**
 * Why PROVIDER_API_BASE, as given, is no address a public deployment may send candidates to, or
 * null when it is one: the API's https:// origin, with no path (the client adds
 * `/v1/candidate/backfill/register` to it), query, fragment or user. Plain http:// only to this
 * machine (a sidecar that adds TLS). Null too for a value that is no http(s) URL at all, which
 * the variable's own check reports.
 * @internal Pure, and tested directly in test/config.test.ts.
 */
export function publicProviderBaseProblem(raw: string): string | null {
  const url = URL.parse(withoutTrailingSlashes(raw.trim()));
  if (url === null || !/^https?:$/.test(url.protocol)) return null;
  const problems: string[] = [];
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    problems.push(
      "it uses plain http://, which would carry candidates' data and the credential unencrypted",
    );
  }
  if (url.username !== '' || url.password !== '') {
    problems.push(
      'it holds a user or password, which go in PROVIDER_API_USER and PROVIDER_API_KEY',
    );
  }
  if (url.pathname !== '/')
    problems.push('it has a path (the server adds the API’s own path itself)');
  if (url.search !== '' || url.hash !== '') problems.push('it has a query or a fragment');
  return problems.length > 0 ? problems.join('; ') : null;
}

/** What start-up says at warn about the variables as given: lawful, not fatal. One line each. */
function configWarnings(raw: Env, botMinFillMs: number, randomDataButton: boolean): string[] {
  const signs = publicDeploymentSigns(raw);
  if (signs.length === 0) return [];
  const where = `on a public deployment (${signs.join(', ')})`;
  const warnings: string[] = [];
  if ((raw.PRIVACY_POLICY_URL?.trim() ?? '') === '') {
    warnings.push(
      `PRIVACY_POLICY_URL is unset ${where}: candidates see no link to a privacy policy before their data goes to the provider`,
    );
  }
  if (botMinFillMs === 0) {
    warnings.push(
      `BOT_MIN_FILL_MS=0 ${where}: registrations need no form token, and no fill time is measured; a script reaches the provider as often as the rate limits and PROVIDER_CALLS_PER_MINUTE let it`,
    );
  }
  if (randomDataButton) {
    warnings.push(
      `RANDOM_DATA_BUTTON shows "Fill with Random Data" to every candidate ${where}: it fills the form with made-up answers they can send as a registration; set RANDOM_DATA_BUTTON=off`,
    );
  }
  return warnings;
}

/** The rules between variables, one line each, read from the variables as given. */
function crossProblems(raw: Env): string[] {
  const set = (name: string) => (raw[name]?.trim() ?? '') !== '';
  const problems: string[] = [];
  if (set('PROVIDER_API_BASE')) {
    const missing = ['PROVIDER_API_USER', 'PROVIDER_API_KEY'].filter((name) => !set(name));
    if (missing.length > 0) {
      problems.push(`PROVIDER_API_BASE is set, so ${missing.join(' and ')} must be set too`);
    }
    if (set('PROVIDER')) {
      problems.push('PROVIDER=sandbox and PROVIDER_API_BASE are both set: choose one provider');
    }
    const signs = publicDeploymentSigns(raw);
    const baseProblem =
      signs.length > 0 ? publicProviderBaseProblem(raw.PROVIDER_API_BASE ?? '') : null;
    if (baseProblem !== null) {
      // The origin alone is echoed: a user, password or query may hold a secret.
      problems.push(
        `PROVIDER_API_BASE must be the API's https:// origin, without a path, on a public deployment (${signs.join(', ')}): ${baseProblem} (its origin: ${URL.parse(withoutTrailingSlashes(raw.PROVIDER_API_BASE?.trim() ?? ''))?.origin})`,
      );
    }
    // Resume links are built on PUBLIC_BASE_URL: without it they name this machine's localhost,
    // which the real provider cannot fetch.
    if (signs.length > 0 && !set('PUBLIC_BASE_URL')) {
      problems.push(
        `PUBLIC_BASE_URL is unset on a public deployment (${signs.join(', ')}) with a real provider: resume links would point to http://localhost:${raw.PORT?.trim() || 3000}/…, which the provider cannot fetch; set it to the address candidates and the provider use, e.g. https://apply.example.com`,
      );
    }
  } else if (!set('PROVIDER')) {
    // A forgotten PROVIDER_API_BASE must not tell real candidates they are registered while
    // the sandbox keeps them in memory: outside development the sandbox is chosen by name.
    const signs = publicDeploymentSigns(raw);
    if (signs.length > 0) {
      problems.push(
        `PROVIDER_API_BASE is unset on a public deployment (${signs.join(', ')}): set PROVIDER_API_BASE, PROVIDER_API_USER and PROVIDER_API_KEY, or PROVIDER=sandbox to run the embedded sandbox, which keeps registrations in memory only`,
      );
    }
  }
  const port = Number(raw.PORT?.trim() || 3000);
  const metricsPort = Number(raw.METRICS_PORT?.trim() || DEFAULT_METRICS_PORT);
  if (port === metricsPort && port !== 0) {
    problems.push(
      `METRICS_PORT must differ from PORT (both ${port}): /metrics is never served on the app's port`,
    );
  }
  const wide = wideProxies(raw.TRUST_PROXY);
  if (wide.length > 0 && !isWord(ON_WORDS, raw.TRUST_PROXY_ALLOW_WIDE)) {
    problems.push(
      `TRUST_PROXY holds ${wide.join(', ')}, wider than a proxy fleet needs (an IPv4 /8, an IPv6 /32): list the proxies' own addresses or subnets, or set TRUST_PROXY_ALLOW_WIDE=1 if every address in it is a proxy of yours`,
    );
  }
  if (isWord(ON_WORDS, raw.OUTBOX)) {
    const missing = ['REDIS_URL', 'OUTBOX_KEY'].filter((name) => !set(name));
    if (missing.length > 0) {
      problems.push(
        `OUTBOX is on, so ${missing.join(' and ')} must be set too (the outbox is kept on Redis, encrypted under OUTBOX_KEY: openssl rand -base64 ${OUTBOX_KEY_BYTES})`,
      );
    }
  }
  if (raw.STORAGE?.trim() === 's3' && !set('S3_BUCKET')) {
    problems.push('STORAGE is s3, so S3_BUCKET must be set too');
  }
  return problems;
}

/** Where resume links may point on this deployment (docs/api.md, check 3). */
export function linkPolicy(config: Config): LinkHostPolicy {
  return {
    privateHosts: config.deployment === 'local',
    ownHost: config.publicBaseUrl === null ? null : new URL(config.publicBaseUrl).hostname,
  };
}

/** The configuration, or one line per problem: the variable's name, then what it must be. */
export function loadConfig(env: Env): ConfigResult {
  // Only the variables named in the schema are read from `env` (test/config-readme.test.ts).
  const parsed = ENV_SCHEMA.safeParse(env);
  const errors = [
    ...(parsed.error?.issues ?? []).map((issue) => `${String(issue.path.at(-1))} ${issue.message}`),
    ...crossProblems(env),
  ];
  if (!parsed.success || errors.length > 0) return { ok: false, errors };
  const { sandboxByName: _, trustProxyAllowWide: __, ...variables } = parsed.data;
  const deployment = publicDeploymentSigns(env).length > 0 ? 'public' : 'local';
  return {
    ok: true,
    config: { ...variables, deployment },
    warnings: configWarnings(env, variables.botMinFillMs, variables.randomDataButton),
  };
}
