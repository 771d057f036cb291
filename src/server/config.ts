// Configuration: parsed once from the environment into a typed object (DESIGN §2). Every bad
// or missing variable is reported by name, one line each.
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

class Problems {
  readonly list: string[] = [];
  add(name: string, message: string, value?: string) {
    this.list.push(`${name} ${message}${value === undefined ? '' : ` (got "${value}")`}`);
  }
}

function value(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw === '' ? undefined : raw;
}

function integer(
  env: Env,
  problems: Problems,
  name: string,
  fallback: number,
  min: number,
  max: number,
) {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  const parsed = Number(raw);
  if (!/^\d+$/.test(raw) || parsed < min || parsed > max) {
    problems.add(name, `must be a whole number from ${min} to ${max}`, raw);
    return fallback;
  }
  return parsed;
}

function httpUrl(env: Env, problems: Problems, name: string): string | undefined {
  const raw = value(env, name);
  if (raw === undefined) return undefined;
  try {
    const url = new URL(raw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('scheme');
    return withoutTrailingSlashes(raw);
  } catch {
    problems.add(name, 'must be an http:// or https:// URL', raw);
    return undefined;
  }
}

function onOff(env: Env, problems: Problems, name: string, fallback: boolean): boolean {
  const raw = value(env, name)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (['on', 'true', '1', 'yes'].includes(raw)) return true;
  if (['off', 'false', '0', 'no'].includes(raw)) return false;
  problems.add(name, 'must be "on" or "off"', raw);
  return fallback;
}

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

function rateLimit(env: Env, problems: Problems, name: string, fallback: string) {
  const raw = value(env, name) ?? fallback;
  const parsed = parseRateLimit(raw);
  if (parsed === undefined) {
    problems.add(name, 'must look like 10/10m (N per Ns, Nm or Nh) or be "off"', raw);
    return null;
  }
  return parsed;
}

function trustProxy(env: Env, problems: Problems): Config['trustProxy'] {
  const raw = value(env, 'TRUST_PROXY');
  if (raw === undefined || raw.toLowerCase() === 'false') return false;
  if (raw.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  const list = raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  const address = /^[0-9a-f.:]+(\/\d{1,3})?$/i;
  if (
    list.length === 0 ||
    !list.every(
      (item) =>
        address.test(item) || item === 'loopback' || item === 'linklocal' || item === 'uniquelocal',
    )
  ) {
    problems.add(
      'TRUST_PROXY',
      'must be true, false, a hop count, or a comma-separated list of addresses or CIDRs',
      raw,
    );
    return false;
  }
  return list;
}

function origins(env: Env, problems: Problems, name: string): string[] {
  const raw = value(env, name);
  if (raw === undefined) return [];
  const list = raw.split(/[\s,]+/).filter(Boolean);
  for (const origin of list) {
    try {
      const url = new URL(origin);
      if (url.origin !== withoutTrailingSlashes(origin) || !/^https?:$/.test(url.protocol))
        throw new Error('not an origin');
    } catch {
      problems.add(name, 'must be a list of origins such as https://jobs.example.com', origin);
    }
  }
  return list.map(withoutTrailingSlashes);
}

/** BRAND_COLOR, refused below 4.5:1 against white with the measured ratio (DESIGN §2). */
function brandColor(env: Env, problems: Problems): string | null {
  const raw = value(env, 'BRAND_COLOR');
  if (raw === undefined) return null;
  const problem = brandColorProblem(raw);
  if (problem) problems.add('BRAND_COLOR', problem, raw);
  return problem ? null : raw.toLowerCase();
}

export function loadConfig(env: Env): ConfigResult {
  const problems = new Problems();
  const port = integer(env, problems, 'PORT', 3000, 0, 65535);
  const providerBase = httpUrl(env, problems, 'PROVIDER_API_BASE');
  const user = value(env, 'PROVIDER_API_USER');
  const key = value(env, 'PROVIDER_API_KEY');
  if (value(env, 'PROVIDER_API_BASE') !== undefined) {
    const missing = [!user && 'PROVIDER_API_USER', !key && 'PROVIDER_API_KEY'].filter(Boolean);
    if (missing.length > 0) {
      problems.list.push(`PROVIDER_API_BASE is set, so ${missing.join(' and ')} must be set too`);
    }
  }
  const config: Config = {
    port,
    host: value(env, 'HOST') ?? '127.0.0.1',
    publicBaseUrl: httpUrl(env, problems, 'PUBLIC_BASE_URL') ?? null,
    provider: {
      baseUrl: providerBase ?? null,
      user: user ?? SANDBOX_CREDENTIAL.user,
      key: key ?? SANDBOX_CREDENTIAL.key,
      timeoutMs: integer(env, problems, 'PROVIDER_TIMEOUT_MS', 30_000, 1, 600_000),
    },
    jobBoardUrl: httpUrl(env, problems, 'JOB_BOARD_URL') ?? DEFAULT_JOB_BOARD_URL,
    uploadDir: value(env, 'UPLOAD_DIR') ?? './data/resumes',
    randomDataButton: onOff(env, problems, 'RANDOM_DATA_BUTTON', true),
    storage: 'local',
    s3: {
      bucket: value(env, 'S3_BUCKET') ?? '',
      region: value(env, 'S3_REGION') ?? null,
      endpoint: httpUrl(env, problems, 'S3_ENDPOINT') ?? null,
      forcePathStyle: onOff(env, problems, 'S3_FORCE_PATH_STYLE', false),
    },
    redisUrl: null,
    rateLimit: {
      register: rateLimit(env, problems, 'RATE_LIMIT_REGISTER', '10/10m'),
      upload: rateLimit(env, problems, 'RATE_LIMIT_UPLOAD', '20/10m'),
    },
    trustProxy: trustProxy(env, problems),
    botMinFillMs: integer(env, problems, 'BOT_MIN_FILL_MS', 1500, 0, 600_000),
    embedOrigins: origins(env, problems, 'EMBED_ORIGINS'),
    brandColor: brandColor(env, problems),
    corsOrigins: origins(env, problems, 'CORS_ORIGINS'),
    retentionDays: integer(env, problems, 'RESUME_RETENTION_DAYS', 30, 1, 36_500),
  };
  const storage = value(env, 'STORAGE') ?? 'local';
  if (storage === 'local' || storage === 's3') config.storage = storage;
  else problems.add('STORAGE', 'must be "local" or "s3"', storage);
  if (config.storage === 's3' && !config.s3.bucket) {
    problems.list.push('STORAGE is s3, so S3_BUCKET must be set too');
  }
  const redisUrl = value(env, 'REDIS_URL');
  if (redisUrl !== undefined) {
    if (/^rediss?:\/\/[^\s]+$/.test(redisUrl)) config.redisUrl = redisUrl;
    // Never echoed: the URL may carry a password.
    else problems.add('REDIS_URL', 'must be a redis:// or rediss:// URL');
  }
  return problems.list.length > 0 ? { ok: false, errors: problems.list } : { ok: true, config };
}
