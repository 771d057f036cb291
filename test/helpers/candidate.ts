// Registration bodies as the browser builds them (docs/form.md), with overrides, and ways to send
// them.
import http from 'node:http';

/** A short real PDF, base64-encoded, as the browser sends a generated or read resume. */
export const RESUME_BASE64 = Buffer.from('%PDF-1.4\n% Ada Lovelace resume\n%%EOF\n').toString(
  'base64',
);

export function candidate(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    password: 'S3cret-Passw0rd!',
    phone: '+15550109999',
    zip_code: '10001',
    home_town: 'New York',
    country_id: 'US',
    desired_job_title: 'Software Engineer',
    latest_job_title: 'Programmer',
    acceptable_job_types: ['Permanent'],
    salary_min: 10000,
    salary_max: 90000,
    education_level: 'Bachelors',
    work_experience: '5-10',
    key_skills: 'mathematics, programming',
    travel_radius: 25,
    eligibility_status: 'auth_any_employer',
    relocate: '1',
    driving_license: '1',
    resume_url: '',
    uploaded_resume: {
      resume_content_base64: RESUME_BASE64,
      resume_filename: 'ada.pdf',
      resume_filetype: 'pdf',
    },
    registration_date: '2024-05-01T12:00:00.000Z',
    ...overrides,
  };
}

export interface RegisterAnswer {
  status: number;
  contentType: string | null;
  body: unknown;
}

/** POST /api/register with `body`, and `headers` besides the JSON type (an Idempotency-Key). */
export async function register(
  base: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<RegisterAnswer> {
  const response = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    body: await response.json(),
  };
}

/** POST /api/register from the local address `from`, with a forged X-Forwarded-For; the status. */
export function registerFrom(base: string, from: string, candidateBody: object, forged: string) {
  const payload = JSON.stringify(candidateBody);
  return new Promise<number>((resolve, reject) => {
    const request = http.request(
      `${base}/api/register`,
      {
        method: 'POST',
        localAddress: from,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          'x-forwarded-for': forged,
        },
        timeout: 10_000,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('timeout', () => request.destroy(new Error('no answer in 10 s')));
    request.on('error', reject);
    request.end(payload);
  });
}
