import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/server/config.ts';
import { runMain, startMain } from './helpers/main-process.ts';

function errorsOf(env: Record<string, string>): string[] {
  const result = loadConfig(env);
  if (result.ok) throw new Error('expected configuration errors');
  return result.errors;
}

describe('loadConfig', () => {
  it('gives every README.md default when no variable is set', () => {
    const result = loadConfig({});
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      // null means http://localhost:{listening port}
      publicBaseUrl: null,
      // null means the embedded sandbox on this server
      provider: { baseUrl: null, user: 'sandbox', key: 'sandbox-key', timeoutMs: 30_000 },
      jobBoardUrl: 'https://www.resume-library.com',
      uploadDir: './data/resumes',
      randomDataButton: true,
    });
  });

  it('reads well-formed values and drops a trailing slash from URLs', () => {
    const result = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      PUBLIC_BASE_URL: 'https://jobs.example.com/',
      PROVIDER_API_BASE: 'https://api.example.com/',
      PROVIDER_API_USER: 'acme',
      PROVIDER_API_KEY: 'k3y',
      PROVIDER_TIMEOUT_MS: '1500',
      JOB_BOARD_URL: 'https://board.example.com',
      UPLOAD_DIR: '/var/resumes',
      RANDOM_DATA_BUTTON: 'off',
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      publicBaseUrl: 'https://jobs.example.com',
      provider: {
        baseUrl: 'https://api.example.com',
        user: 'acme',
        key: 'k3y',
        timeoutMs: 1500,
      },
      jobBoardUrl: 'https://board.example.com',
      uploadDir: '/var/resumes',
      randomDataButton: false,
    });
  });

  it('treats an empty variable as unset', () => {
    const result = loadConfig({ PORT: '', PROVIDER_API_BASE: '  ', RANDOM_DATA_BUTTON: '' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.config.port).toBe(3000);
    expect(result.config.provider.baseUrl).toBeNull();
    expect(result.config.randomDataButton).toBe(true);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT must be a whole number from 0 to 65535 (got "abc")'],
    [{ PORT: '70000' }, 'PORT must be a whole number from 0 to 65535 (got "70000")'],
    [
      { PROVIDER_API_BASE: 'not-a-url', PROVIDER_API_USER: 'u', PROVIDER_API_KEY: 'k' },
      'PROVIDER_API_BASE must be an http:// or https:// URL (got "not-a-url")',
    ],
    [
      { PUBLIC_BASE_URL: 'ftp://x' },
      'PUBLIC_BASE_URL must be an http:// or https:// URL (got "ftp://x")',
    ],
    [{ RANDOM_DATA_BUTTON: 'maybe' }, 'RANDOM_DATA_BUTTON must be "on" or "off" (got "maybe")'],
    [
      { PROVIDER_TIMEOUT_MS: '0' },
      'PROVIDER_TIMEOUT_MS must be a whole number from 1 to 600000 (got "0")',
    ],
    [{ DRAFT_TTL_HOURS: '0' }, 'DRAFT_TTL_HOURS must be a whole number from 1 to 720 (got "0")'],
    [{ DRAFT_TTL_HOURS: '1d' }, 'DRAFT_TTL_HOURS must be a whole number from 1 to 720 (got "1d")'],
    [
      { METRICS_PORT: 'none' },
      'METRICS_PORT must be a whole number from 0 to 65535, or "off" (got "none")',
    ],
    [
      { METRICS_PORT: '65536' },
      'METRICS_PORT must be a whole number from 0 to 65535, or "off" (got "65536")',
    ],
    [
      { METRICS_PORT: '3000' },
      "METRICS_PORT must differ from PORT (both 3000): /metrics is never served on the app's port",
    ],
    [
      { PORT: '9464' },
      "METRICS_PORT must differ from PORT (both 9464): /metrics is never served on the app's port",
    ],
    [
      { OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' },
      'OTEL_EXPORTER_OTLP_ENDPOINT must be an http:// or https:// URL (got "collector:4318")',
    ],
    [
      { S3_MAX_CONCURRENT_UPLOADS: '0' },
      'S3_MAX_CONCURRENT_UPLOADS must be a whole number from 1 to 1000 (got "0")',
    ],
    [
      { S3_MAX_CONCURRENT_UPLOADS: 'unlimited' },
      'S3_MAX_CONCURRENT_UPLOADS must be a whole number from 1 to 1000 (got "unlimited")',
    ],
  ])('reports the malformed variable %o in one line naming it', (env, line) => {
    expect(errorsOf(env)).toEqual([line]);
  });

  it('names both missing credential variables in one line when PROVIDER_API_BASE is set alone', () => {
    expect(errorsOf({ PROVIDER_API_BASE: 'https://api.example.com' })).toEqual([
      'PROVIDER_API_BASE is set, so PROVIDER_API_USER and PROVIDER_API_KEY must be set too',
    ]);
  });

  it('names only the missing key when the user is given', () => {
    expect(
      errorsOf({ PROVIDER_API_BASE: 'https://api.example.com', PROVIDER_API_USER: 'acme' }),
    ).toEqual(['PROVIDER_API_BASE is set, so PROVIDER_API_KEY must be set too']);
  });

  describe('the embedded sandbox outside development', () => {
    const line = (signs: string) =>
      `PROVIDER_API_BASE is unset on a public deployment (${signs}): set PROVIDER_API_BASE, PROVIDER_API_USER and PROVIDER_API_KEY, or PROVIDER=sandbox to run the embedded sandbox, which keeps registrations in memory only`;

    it.each([
      [{ HOST: '0.0.0.0' }, 'HOST=0.0.0.0'],
      [{ HOST: '::' }, 'HOST=::'],
      [{ HOST: '192.0.2.10' }, 'HOST=192.0.2.10'],
      [
        { PUBLIC_BASE_URL: 'https://apply.example.com/jobs' },
        'PUBLIC_BASE_URL=https://apply.example.com',
      ],
      [{ PUBLIC_BASE_URL: 'http://10.0.0.5:3000' }, 'PUBLIC_BASE_URL=http://10.0.0.5:3000'],
      [{ RANDOM_DATA_BUTTON: 'off' }, 'RANDOM_DATA_BUTTON=off'],
      [{ RANDOM_DATA_BUTTON: 'No' }, 'RANDOM_DATA_BUTTON=No'],
      [
        { HOST: '0.0.0.0', PUBLIC_BASE_URL: 'https://a.example', RANDOM_DATA_BUTTON: 'false' },
        'HOST=0.0.0.0, PUBLIC_BASE_URL=https://a.example, RANDOM_DATA_BUTTON=false',
      ],
    ])('is refused with %j and no PROVIDER, naming %s', (env, signs) => {
      expect(errorsOf(env)).toEqual([line(signs)]);
    });

    it.each([
      {},
      { HOST: 'localhost' },
      { HOST: '127.0.0.1' },
      { HOST: '127.1.2.3' },
      { HOST: '::1' },
      { PUBLIC_BASE_URL: 'http://localhost:3000' },
      { PUBLIC_BASE_URL: 'http://127.0.0.1:8080' },
      { PUBLIC_BASE_URL: 'http://[::1]:3000' },
      { RANDOM_DATA_BUTTON: 'on' },
    ])('runs on a developer’s machine with %j and no configuration', (env) => {
      const result = loadConfig(env);
      expect(result.ok && result.config.provider.baseUrl).toBeNull();
    });

    it('runs anywhere when PROVIDER=sandbox chooses it by name', () => {
      const result = loadConfig({
        PROVIDER: 'sandbox',
        HOST: '0.0.0.0',
        PUBLIC_BASE_URL: 'https://apply.example.com',
        RANDOM_DATA_BUTTON: 'off',
      });
      expect(result.ok && result.config.provider).toEqual({
        baseUrl: null,
        user: 'sandbox',
        key: 'sandbox-key',
        timeoutMs: 30_000,
      });
    });

    it('is never needed with a real provider', () => {
      const result = loadConfig({
        HOST: '0.0.0.0',
        PUBLIC_BASE_URL: 'https://apply.example.com',
        PROVIDER_API_BASE: 'https://api.example.com',
        PROVIDER_API_USER: 'acme',
        PROVIDER_API_KEY: 'k3y',
      });
      expect(result.ok && result.config.provider.baseUrl).toBe('https://api.example.com');
    });

    it.each([
      [
        {
          PROVIDER: 'sandbox',
          PROVIDER_API_BASE: 'https://api.example.com',
          PROVIDER_API_USER: 'u',
          PROVIDER_API_KEY: 'k',
        },
        'PROVIDER=sandbox and PROVIDER_API_BASE are both set: choose one provider',
      ],
      [
        { PROVIDER: 'resume-library' },
        'PROVIDER must be "sandbox" or unset (got "resume-library")',
      ],
    ])('names the conflict in %j', (env, problem) => {
      expect(errorsOf(env)).toEqual([problem]);
    });
  });

  describe('PUBLIC_BASE_URL on a public deployment with a real provider', () => {
    const provider = {
      PROVIDER_API_BASE: 'https://api.example.com',
      PROVIDER_API_USER: 'acme',
      PROVIDER_API_KEY: 'k3y',
    };
    const line = (signs: string, port: number) =>
      `PUBLIC_BASE_URL is unset on a public deployment (${signs}) with a real provider: resume links would point to http://localhost:${port}/…, which the provider cannot fetch; set it to the address candidates and the provider use, e.g. https://apply.example.com`;

    it.each([
      [{ HOST: '0.0.0.0' }, 'HOST=0.0.0.0', 3000],
      [{ HOST: '::', PORT: '8080' }, 'HOST=::', 8080],
      [{ RANDOM_DATA_BUTTON: 'off' }, 'RANDOM_DATA_BUTTON=off', 3000],
      [
        { HOST: '192.0.2.10', RANDOM_DATA_BUTTON: 'false', PUBLIC_BASE_URL: ' ' },
        'HOST=192.0.2.10, RANDOM_DATA_BUTTON=false',
        3000,
      ],
    ])('is required with %j, naming %s', (env, signs, port) => {
      expect(errorsOf({ ...provider, ...env })).toEqual([line(signs, port)]);
    });

    it.each([
      {},
      { HOST: '127.0.0.1' },
      { HOST: '0.0.0.0', PUBLIC_BASE_URL: 'https://apply.example.com' },
      { RANDOM_DATA_BUTTON: 'off', PUBLIC_BASE_URL: 'http://10.0.0.5:3000' },
    ])('is not required with %j', (env) => {
      expect(loadConfig({ ...provider, ...env }).ok).toBe(true);
    });

    it('is not asked of the sandbox chosen by name, whose links stay on this server', () => {
      expect(loadConfig({ PROVIDER: 'sandbox', HOST: '0.0.0.0' }).ok).toBe(true);
    });
  });

  it.each([
    ['warn', 'warn'],
    ['DEBUG', 'debug'],
    ['', 'info'],
  ])('reads LOG_LEVEL=%j as %s', (value, level) => {
    const result = loadConfig({ LOG_LEVEL: value });
    expect(result.ok && result.config.logLevel).toBe(level);
  });

  it.each([
    ['a public deployment without a privacy policy', { HOST: '0.0.0.0', PROVIDER: 'sandbox' }, 1],
    [
      'a public deployment with one',
      {
        HOST: '0.0.0.0',
        PROVIDER: 'sandbox',
        PRIVACY_POLICY_URL: 'https://jobs.example.com/privacy',
      },
      0,
    ],
    ['a developer on this machine', {}, 0],
  ])('warns %s about the missing notice: %i line', (_what, env, lines) => {
    const result = loadConfig(env);
    if (!result.ok) throw new Error(result.errors.join('\n'));
    // The random-data button's line has its own test (test/public-settings.test.ts).
    expect(result.warnings.filter((line) => !line.startsWith('RANDOM_DATA_BUTTON'))).toEqual(
      lines === 0
        ? []
        : [
            'PRIVACY_POLICY_URL is unset on a public deployment (HOST=0.0.0.0): candidates see no link to a privacy policy before their data goes to the provider',
          ],
    );
  });

  it.each([
    [
      'a public deployment',
      { HOST: '0.0.0.0', PROVIDER: 'sandbox', PRIVACY_POLICY_URL: 'https://jobs.example.com/p' },
      true,
    ],
    [
      'a public deployment with the default',
      {
        HOST: '0.0.0.0',
        PROVIDER: 'sandbox',
        PRIVACY_POLICY_URL: 'https://jobs.example.com/p',
        BOT_MIN_FILL_MS: '',
      },
      false,
    ],
    ['a developer on this machine', {}, false],
  ])(
    'says at start when BOT_MIN_FILL_MS=0 lets registrations through without a token, on %s',
    (_what, env, said) => {
      const result = loadConfig({ BOT_MIN_FILL_MS: '0', ...env });
      if (!result.ok) throw new Error(result.errors.join('\n'));
      expect(result.warnings.filter((line) => !line.startsWith('RANDOM_DATA_BUTTON'))).toEqual(
        said
          ? [
              'BOT_MIN_FILL_MS=0 on a public deployment (HOST=0.0.0.0): registrations need no form token, and no fill time is measured; a script reaches the provider as often as the rate limits and PROVIDER_CALLS_PER_MINUTE let it',
            ]
          : [],
      );
    },
  );

  it('reads the privacy policy and the provider’s terms, and refuses a link that is not http(s)', () => {
    const result = loadConfig({
      PRIVACY_POLICY_URL: 'https://jobs.example.com/privacy/',
      PROVIDER_TERMS_URL: 'https://www.resume-library.com/terms',
    });
    if (!result.ok) throw new Error(result.errors.join('\n'));
    expect(result.config.privacyPolicyUrl).toBe('https://jobs.example.com/privacy');
    expect(result.config.providerTermsUrl).toBe('https://www.resume-library.com/terms');
    expect(errorsOf({ PRIVACY_POLICY_URL: 'javascript:alert(1)' })).toEqual([
      'PRIVACY_POLICY_URL must be an http:// or https:// URL (got "javascript:alert(1)")',
    ]);
  });

  it('takes any value of the notice’s links and the draft’s hours: a well-formed one, or one line naming the variable', () => {
    const hostile = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 300 }),
      fc.webUrl(),
      fc.integer({ min: -10, max: 1_000 }).map(String),
      fc.constantFrom(
        'javascript:alert(1)',
        'https://',
        ' 24 ',
        '1e3',
        '0x18',
        `${'9'.repeat(400)}`,
      ),
      fc.string({ maxLength: 20 }).map((tail) => `https://${'a'.repeat(5_000)}${tail}`),
    );
    const names = fc.constantFrom('PRIVACY_POLICY_URL', 'PROVIDER_TERMS_URL', 'DRAFT_TTL_HOURS');
    fc.assert(
      fc.property(names, hostile, (name, value) => {
        const result = loadConfig({ [name]: value });
        if (!result.ok) {
          expect(result.errors).toHaveLength(1);
          expect(result.errors[0]?.startsWith(`${name} must be `)).toBe(true);
          return;
        }
        const { privacyPolicyUrl, providerTermsUrl, draftTtlHours } = result.config;
        for (const url of [privacyPolicyUrl, providerTermsUrl]) {
          if (url !== null) expect(new URL(url).protocol).toMatch(/^https?:$/);
        }
        expect(Number.isInteger(draftTtlHours) && draftTtlHours >= 1 && draftTtlHours <= 720).toBe(
          true,
        );
      }),
      { numRuns: 2_000 },
    );
  });

  it('sends 16 uploads to S3 at once unless S3_MAX_CONCURRENT_UPLOADS says otherwise', () => {
    const maxOf = (env: Record<string, string>) => {
      const result = loadConfig(env);
      if (!result.ok) throw new Error(result.errors.join('\n'));
      return result.config.s3.maxConcurrentUploads;
    };
    expect(maxOf({})).toBe(16);
    expect(maxOf({ S3_MAX_CONCURRENT_UPLOADS: '' })).toBe(16);
    expect(maxOf({ S3_MAX_CONCURRENT_UPLOADS: ' 4 ' })).toBe(4);
    expect(maxOf({ S3_MAX_CONCURRENT_UPLOADS: '1' })).toBe(1);
    expect(maxOf({ S3_MAX_CONCURRENT_UPLOADS: '1000' })).toBe(1000);
  });

  it('takes any value of S3_MAX_CONCURRENT_UPLOADS: a whole number from 1 to 1000, or one line naming it', () => {
    const hostile = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 300 }),
      fc.integer({ min: -10, max: 2_000 }).map(String),
      fc.double().map(String),
      fc.constantFrom(
        '0',
        '-1',
        '1001',
        '16.5',
        '1e2',
        '0x10',
        '+16',
        '١٦',
        'Infinity',
        'NaN',
        'off',
        '16\u0000',
        `${'9'.repeat(400)}`,
        `${'0'.repeat(400)}16`,
      ),
    );
    fc.assert(
      fc.property(hostile, (value) => {
        const result = loadConfig({ S3_MAX_CONCURRENT_UPLOADS: value });
        if (!result.ok) {
          expect(result.errors).toEqual([
            `S3_MAX_CONCURRENT_UPLOADS must be a whole number from 1 to 1000 (got "${value.trim()}")`,
          ]);
          return;
        }
        const max = result.config.s3.maxConcurrentUploads;
        expect(Number.isInteger(max) && max >= 1 && max <= 1000).toBe(true);
        // Either the number as written, or unset (empty or blank): the default.
        expect(max).toBe(value.trim() === '' ? 16 : Number(value.trim()));
      }),
      { numRuns: 2_000 },
    );
  });

  it('serves metrics on loopback port 9464 unless told otherwise; "off" serves none', () => {
    const metricsOf = (env: Record<string, string>) => {
      const result = loadConfig(env);
      if (!result.ok) throw new Error(result.errors.join('\n'));
      return result.config.metrics;
    };
    expect(metricsOf({})).toEqual({ port: 9464, host: '127.0.0.1' });
    expect(metricsOf({ METRICS_PORT: 'OFF' })).toEqual({ port: null, host: '127.0.0.1' });
    expect(metricsOf({ METRICS_PORT: '0', PORT: '0' })).toEqual({ port: 0, host: '127.0.0.1' });
    expect(metricsOf({ METRICS_PORT: '9100', METRICS_HOST: '10.0.0.11' })).toEqual({
      port: 9100,
      host: '10.0.0.11',
    });
  });

  it('takes any value of METRICS_PORT and the OTLP endpoints: a well-formed one, or one line naming the variable', () => {
    const hostile = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 300 }),
      fc.webUrl(),
      fc.integer({ min: -10, max: 70_000 }).map(String),
      fc.constantFrom(
        'off',
        'OFF',
        '3000',
        '9464',
        '0',
        '1e3',
        '0x18',
        'http://',
        `${'9'.repeat(400)}`,
      ),
      fc.string({ maxLength: 20 }).map((tail) => `http://${'a'.repeat(5_000)}${tail}`),
    );
    const names = fc.constantFrom(
      'METRICS_PORT',
      'OTEL_EXPORTER_OTLP_ENDPOINT',
      'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT',
    );
    fc.assert(
      fc.property(names, hostile, (name, value) => {
        const result = loadConfig({ [name]: value });
        if (!result.ok) {
          expect(result.errors).toHaveLength(1);
          expect(result.errors[0]?.startsWith(`${name} must `)).toBe(true);
          return;
        }
        const { metrics, otel } = result.config;
        if (metrics.port !== null) {
          expect(Number.isInteger(metrics.port) && metrics.port <= 65535).toBe(true);
          expect(metrics.port).not.toBe(result.config.port);
        }
        for (const url of [otel.endpoint, otel.tracesEndpoint]) {
          if (url !== null) expect(new URL(url).protocol).toMatch(/^https?:$/);
        }
      }),
      { numRuns: 2_000 },
    );
  });

  it('takes any METRICS_HOST as given, trimmed, for the listener to try (metrics-listener.test.ts)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 300 }),
          fc.ipV6(),
          fc.string({ maxLength: 5 }).map((tail) => `${'a.'.repeat(5_000)}${tail}`),
        ),
        (value) => {
          const result = loadConfig({ METRICS_HOST: value });
          if (!result.ok) throw new Error(result.errors.join('\n'));
          expect(result.config.metrics.host).toBe(value.trim() === '' ? '127.0.0.1' : value.trim());
        },
      ),
      { numRuns: 500 },
    );
  });

  it('names a LOG_LEVEL pino does not know', () => {
    expect(errorsOf({ LOG_LEVEL: 'verbose' })).toEqual([
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "verbose")',
    ]);
  });

  it('gives one line per bad variable when several are bad', () => {
    const errors = errorsOf({
      PORT: 'abc',
      PUBLIC_BASE_URL: 'ftp://x',
      RANDOM_DATA_BUTTON: 'maybe',
      PROVIDER_TIMEOUT_MS: '0',
    });
    // The order of the lines is not part of the contract.
    expect([...errors].sort()).toEqual([
      'PORT must be a whole number from 0 to 65535 (got "abc")',
      'PROVIDER_TIMEOUT_MS must be a whole number from 1 to 600000 (got "0")',
      'PUBLIC_BASE_URL must be an http:// or https:// URL (got "ftp://x")',
      'RANDOM_DATA_BUTTON must be "on" or "off" (got "maybe")',
    ]);
  });
});

describe('the real entry point', () => {
  it('exits with code 1 and one "Configuration error" line on stderr per bad variable', async () => {
    const exit = await runMain({ PORT: 'abc', PUBLIC_BASE_URL: 'ftp://x' });
    expect(exit.code).toBe(1);
    expect(exit.stdout).toBe('');
    expect(exit.stderr.trim().split('\n')).toEqual([
      'Configuration error: PORT must be a whole number from 0 to 65535 (got "abc")',
      'Configuration error: PUBLIC_BASE_URL must be an http:// or https:// URL (got "ftp://x")',
    ]);
  });

  it('refuses to start a public deployment with no provider, in one line naming the variables', async () => {
    const exit = await runMain({
      HOST: '0.0.0.0',
      PUBLIC_BASE_URL: 'https://apply.example.com/',
      RANDOM_DATA_BUTTON: 'off',
    });
    expect(exit).toMatchObject({ code: 1, stdout: '' });
    expect(exit.stderr.trim().split('\n')).toEqual([
      'Configuration error: PROVIDER_API_BASE is unset on a public deployment (HOST=0.0.0.0, PUBLIC_BASE_URL=https://apply.example.com, RANDOM_DATA_BUTTON=off): set PROVIDER_API_BASE, PROVIDER_API_USER and PROVIDER_API_KEY, or PROVIDER=sandbox to run the embedded sandbox, which keeps registrations in memory only',
    ]);
  });

  it('refuses to start a public deployment with a real provider and no PUBLIC_BASE_URL, in one line', async () => {
    const exit = await runMain({
      HOST: '0.0.0.0',
      PORT: '3100',
      PROVIDER_API_BASE: 'https://api.example.com',
      PROVIDER_API_USER: 'acme',
      PROVIDER_API_KEY: 'k3y',
    });
    expect(exit).toMatchObject({ code: 1, stdout: '' });
    expect(exit.stderr.trim().split('\n')).toEqual([
      'Configuration error: PUBLIC_BASE_URL is unset on a public deployment (HOST=0.0.0.0) with a real provider: resume links would point to http://localhost:3100/…, which the provider cannot fetch; set it to the address candidates and the provider use, e.g. https://apply.example.com',
    ]);
  });

  it('refuses to start with a provider but no credential, naming both variables', async () => {
    const exit = await runMain({ PROVIDER_API_BASE: 'https://api.example.com' });
    expect(exit.code).toBe(1);
    expect(exit.stderr.trim().split('\n')).toEqual([
      'Configuration error: PROVIDER_API_BASE is set, so PROVIDER_API_USER and PROVIDER_API_KEY must be set too',
    ]);
  });

  it('starts on the sandbox, serves /api/config and shuts down cleanly on SIGTERM', async () => {
    const uploadDir = await mkdtemp(path.join(os.tmpdir(), 'resume-main-'));
    try {
      const main = await startMain({
        UPLOAD_DIR: uploadDir,
        RANDOM_DATA_BUTTON: 'off',
        PROVIDER: 'sandbox',
      });
      const exited = main.exited.then(({ code }) => code);
      try {
        const response = await fetch(`${main.base}/api/config`, {
          signal: AbortSignal.timeout(5_000),
        });
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual({
          jobBoardUrl: 'https://www.resume-library.com',
          maxResumeBytes: 5_242_880,
          resumeTypes: ['pdf', 'doc', 'docx', 'txt', 'rtf'],
          randomDataButton: false,
          draftTtlHours: 24,
          resumeOrphanMinutes: 60,
          resumeRetentionDays: 30,
          privacyPolicyUrl: null,
          providerTermsUrl: null,
          // RANDOM_DATA_BUTTON=off says real candidates: no private hosts in resume links.
          privateLinkHosts: false,
          ownHost: null,
          funnel: true,
          funnelSources: [],
        });
        // RANDOM_DATA_BUTTON=off marks a public deployment: one line about the missing notice.
        expect(main.stdout()).toContain(
          'PRIVACY_POLICY_URL is unset on a public deployment (RANDOM_DATA_BUTTON=off)',
        );
        expect(main.stdout()).toContain(
          'using the embedded sandbox provider: registrations are kept in memory and reach no provider',
        );
      } finally {
        main.child.kill('SIGTERM');
      }
      const code = await Promise.race([
        exited,
        new Promise<string>((resolve) => setTimeout(() => resolve('still running'), 12_000)),
      ]);
      if (code === 'still running') main.child.kill('SIGKILL');
      expect(code).toBe(0);
      expect(main.stderr()).toBe('');
    } finally {
      await rm(uploadDir, { recursive: true, force: true });
    }
  });
});
