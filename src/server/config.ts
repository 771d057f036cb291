// Configuration: the environment parsed once, through one zod schema, into a typed object
// (DESIGN §2). Every bad or missing variable is reported by name, one line each.
import * as z from 'zod/mini';
import { brandColorProblem } from '../shared/brand.ts';
import { DEFAULT_JOB_BOARD_URL } from '../shared/contract.ts';
import { withoutTrailingSlashes } from '../shared/url.ts';

export interface Config {
  port: number;
  host: string;
  /** External origin for public resume URLs; null means http://localhost:{listening port}. */
  publicBaseUrl: string | null;
  provider: {
    /** Provider API origin; null means the embedded sandbox on this server. */
    baseUrl: string | null;
    user: string;
    key: string;
    timeoutMs: number;
  };
  jobBoardUrl: string;
  uploadDir: string;
  randomDataButton: boolean;
  storage: 'local' | 's3';
  s3: { bucket: string; region: string | null; endpoint: string | null; forcePathStyle: boolean };
  redisUrl: string | null;
  rateLimit: { register: RateLimit | null; upload: RateLimit | null };
  /** Fastify's trustProxy: a hop count, a list of addresses/CIDRs, or all. */
  trustProxy: boolean | number | string[];
  botMinFillMs: number;
  embedOrigins: string[];
  /** The accent colour (#rrggbb) with at least 4.5:1 against white; null for today's blue. */
  brandColor: string | null;
  corsOrigins: string[];
  retentionDays: number;
}

export interface RateLimit {
  max: number;
  windowMs: number;
}

/** The sandbox's fixed credential, used when no provider is configured. */
export const SANDBOX_CREDENTIAL = { user: 'sandbox', key: 'sandbox-key' } as const;

export type ConfigResult = { ok: true; config: Config } | { ok: false; errors: string[] };

type Env = Record<string, string | undefined>;

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

const httpUrl = variable<string | null>(null, (raw) => {
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

const onOff = (fallback: boolean) =>
  variable(
    fallback,
    (raw) => {
      const word = raw.toLowerCase();
      if (['on', 'true', '1', 'yes'].includes(word)) return { value: true };
      if (['off', 'false', '0', 'no'].includes(word)) return { value: false };
      return must('must be "on" or "off"');
    },
    { shown: (raw) => raw.toLowerCase() },
  );

const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000 } as const;

/** `N/Ns`, `N/Nm`, `N/Nh` (N requests per window), or `off`. */
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

const ADDRESS = /^[0-9a-f.:]+(\/\d{1,3})?$/i;
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

const trustProxy = variable<Config['trustProxy']>(false, (raw) => {
  const word = raw.toLowerCase();
  if (word === 'false') return { value: false };
  if (word === 'true') return { value: true };
  if (/^\d+$/.test(raw)) return { value: Number(raw) };
  const list = raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  const valid = list.every((item) => ADDRESS.test(item) || NAMED_RANGES.includes(item));
  return list.length > 0 && valid
    ? { value: list }
    : must('must be true, false, a hop count, or a comma-separated list of addresses or CIDRs');
});

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

/** Every variable the server reads (DESIGN §2), and how. */
export const ENV_SCHEMA = z.object({
  PORT: whole(3000, 0, 65535),
  HOST: text('127.0.0.1'),
  PUBLIC_BASE_URL: httpUrl,
  PROVIDER_API_BASE: httpUrl,
  PROVIDER_API_USER: text(null),
  PROVIDER_API_KEY: text(null),
  PROVIDER_TIMEOUT_MS: whole(30_000, 1, 600_000),
  JOB_BOARD_URL: httpUrl,
  UPLOAD_DIR: text('./data/resumes'),
  RANDOM_DATA_BUTTON: onOff(true),
  STORAGE: storage,
  S3_BUCKET: text(''),
  S3_REGION: text(null),
  S3_ENDPOINT: httpUrl,
  S3_FORCE_PATH_STYLE: onOff(false),
  REDIS_URL: redisUrl,
  RATE_LIMIT_REGISTER: rateLimit('10/10m'),
  RATE_LIMIT_UPLOAD: rateLimit('20/10m'),
  TRUST_PROXY: trustProxy,
  BOT_MIN_FILL_MS: whole(1500, 0, 600_000),
  EMBED_ORIGINS: origins,
  BRAND_COLOR: brandColor,
  CORS_ORIGINS: origins,
  RESUME_RETENTION_DAYS: whole(30, 1, 36_500),
});

type ParsedEnv = z.output<typeof ENV_SCHEMA>;

/** The rules between variables, one line each, read from the variables as given. */
function crossProblems(raw: Env): string[] {
  const set = (name: string) => (raw[name]?.trim() ?? '') !== '';
  const problems: string[] = [];
  if (set('PROVIDER_API_BASE')) {
    const missing = ['PROVIDER_API_USER', 'PROVIDER_API_KEY'].filter((name) => !set(name));
    if (missing.length > 0) {
      problems.push(`PROVIDER_API_BASE is set, so ${missing.join(' and ')} must be set too`);
    }
  }
  if (raw.STORAGE?.trim() === 's3' && !set('S3_BUCKET')) {
    problems.push('STORAGE is s3, so S3_BUCKET must be set too');
  }
  return problems;
}

function toConfig(env: ParsedEnv): Config {
  return {
    port: env.PORT,
    host: env.HOST,
    publicBaseUrl: env.PUBLIC_BASE_URL,
    provider: {
      baseUrl: env.PROVIDER_API_BASE,
      user: env.PROVIDER_API_USER ?? SANDBOX_CREDENTIAL.user,
      key: env.PROVIDER_API_KEY ?? SANDBOX_CREDENTIAL.key,
      timeoutMs: env.PROVIDER_TIMEOUT_MS,
    },
    jobBoardUrl: env.JOB_BOARD_URL ?? DEFAULT_JOB_BOARD_URL,
    uploadDir: env.UPLOAD_DIR,
    randomDataButton: env.RANDOM_DATA_BUTTON,
    storage: env.STORAGE,
    s3: {
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
    },
    redisUrl: env.REDIS_URL,
    rateLimit: { register: env.RATE_LIMIT_REGISTER, upload: env.RATE_LIMIT_UPLOAD },
    trustProxy: env.TRUST_PROXY,
    botMinFillMs: env.BOT_MIN_FILL_MS,
    embedOrigins: env.EMBED_ORIGINS,
    brandColor: env.BRAND_COLOR,
    corsOrigins: env.CORS_ORIGINS,
    retentionDays: env.RESUME_RETENTION_DAYS,
  };
}

/** The configuration, or one line per problem: the variable's name, then what it must be. */
export function loadConfig(env: Env): ConfigResult {
  // Only the schema's own variables are read from the environment.
  const raw: Env = Object.fromEntries(
    Object.keys(ENV_SCHEMA.shape).map((name) => [name, env[name]]),
  );
  const parsed = ENV_SCHEMA.safeParse(raw);
  const errors = [
    ...(parsed.error?.issues ?? []).map((issue) => `${String(issue.path[0])} ${issue.message}`),
    ...crossProblems(raw),
  ];
  if (!parsed.success || errors.length > 0) return { ok: false, errors };
  return { ok: true, config: toConfig(parsed.data) };
}
