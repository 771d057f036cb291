// Configuration: parsed once from the environment into a typed object (DESIGN §2). Every bad
// or missing variable is reported by name, one line each.

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
    return raw.replace(/\/+$/, '');
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
    jobBoardUrl: httpUrl(env, problems, 'JOB_BOARD_URL') ?? 'https://www.resume-library.com',
    uploadDir: value(env, 'UPLOAD_DIR') ?? './data/resumes',
    randomDataButton: onOff(env, problems, 'RANDOM_DATA_BUTTON', true),
  };
  return problems.list.length > 0 ? { ok: false, errors: problems.list } : { ok: true, config };
}
