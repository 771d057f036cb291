// The operations variables of DESIGN §2.
import { describe, expect, it } from 'vitest';
import { loadConfig, parseRateLimit } from '../../src/server/config.ts';

describe('operations configuration', () => {
  it('has the defaults of DESIGN §2', () => {
    const loaded = loadConfig({});
    expect(loaded.ok && loaded.config).toMatchObject({
      storage: 'local',
      redisUrl: null,
      rateLimit: {
        register: { max: 10, windowMs: 600_000 },
        upload: { max: 20, windowMs: 600_000 },
      },
      trustProxy: false,
      botMinFillMs: 1500,
      embedOrigins: [],
      corsOrigins: [],
      retentionDays: 30,
    });
  });

  it('reads every operations variable', () => {
    const loaded = loadConfig({
      STORAGE: 's3',
      S3_BUCKET: 'resumes',
      S3_REGION: 'eu-west-1',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: 'on',
      REDIS_URL: 'redis://cache:6379',
      RATE_LIMIT_REGISTER: '5/30s',
      RATE_LIMIT_UPLOAD: 'off',
      TRUST_PROXY: '2',
      BOT_MIN_FILL_MS: '0',
      EMBED_ORIGINS: 'https://jobs.example.com',
      RESUME_RETENTION_DAYS: '7',
    });
    expect(loaded.ok && loaded.config).toMatchObject({
      storage: 's3',
      s3: {
        bucket: 'resumes',
        region: 'eu-west-1',
        endpoint: 'http://127.0.0.1:9000',
        forcePathStyle: true,
      },
      redisUrl: 'redis://cache:6379',
      rateLimit: { register: { max: 5, windowMs: 30_000 }, upload: null },
      trustProxy: 2,
      botMinFillMs: 0,
      embedOrigins: ['https://jobs.example.com'],
      retentionDays: 7,
    });
  });

  it.each([
    [{ STORAGE: 'ftp' }, 'STORAGE must be "local" or "s3" (got "ftp")'],
    [{ STORAGE: 's3' }, 'STORAGE is s3, so S3_BUCKET must be set too'],
    [
      { RATE_LIMIT_REGISTER: 'ten' },
      'RATE_LIMIT_REGISTER must look like 10/10m (N per Ns, Nm or Nh) or be "off" (got "ten")',
    ],
    [
      { TRUST_PROXY: 'not-an-ip' },
      'TRUST_PROXY must be true, false, a hop count, or a comma-separated list of addresses or CIDRs (got "not-an-ip")',
    ],
    [
      { EMBED_ORIGINS: 'not-a-url' },
      'EMBED_ORIGINS must be a list of origins such as https://jobs.example.com (got "not-a-url")',
    ],
    [{ REDIS_URL: 'http://user:secret@cache' }, 'REDIS_URL must be a redis:// or rediss:// URL'],
    [
      { RESUME_RETENTION_DAYS: '0' },
      'RESUME_RETENTION_DAYS must be a whole number from 1 to 36500 (got "0")',
    ],
  ])('names the bad variable in %j', (env, line) => {
    expect(loadConfig(env)).toEqual({ ok: false, errors: [line] });
  });

  it.each([
    ['10/10m', { max: 10, windowMs: 600_000 }],
    ['5/30s', { max: 5, windowMs: 30_000 }],
    ['100/1h', { max: 100, windowMs: 3_600_000 }],
    ['off', null],
    ['0/1m', undefined],
    ['10', undefined],
    ['10/0s', undefined],
  ])('parseRateLimit(%j) → %j', (text, expected) => {
    expect(parseRateLimit(text)).toEqual(expected);
  });
});
