// The embedded sandbox provider (README.md): a real HTTP route that behaves like the provider.
// It validates with its own reading of the provider's rules and never imports the wizard's
// schema, so a bug in the shared schema is not mirrored here.
import { STATUS_CODES } from 'node:http';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import * as z from 'zod/mini';
import { basicAuthorization } from './basic-auth.ts';
import { PROVIDER_REGISTER_PATH } from './client.ts';

export interface SandboxOptions {
  user: string;
  key: string;
}

/** How many registrations the sandbox remembers before forgetting the oldest. */
const MEMORY_LIMIT = 50_000;

const PROBLEM_TYPE = 'https://sandbox.invalid/problems/';
const yesNo = z.enum(['1', '0']);
const text = z.string();

const candidate = z.object({
  first_name: text.check(z.minLength(1, 'First name is required')),
  last_name: text.check(z.minLength(1, 'Last name is required')),
  email: text.check(
    z.regex(/^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i, 'Candidate rejected due to invalid email address'),
  ),
  password: text.check(z.minLength(1, 'Password is required')),
  zip_code: text.check(z.regex(/^\d{5}$/, 'Zip code must be 5 digits')),
  country_id: z.literal('US', 'Only US candidates are accepted'),
  phone: text.check(z.regex(/^\+?\d*$/, 'Phone may hold digits and a leading plus only')),
  home_town: text,
  desired_job_title: text,
  latest_job_title: text,
  acceptable_job_types: z.array(z.enum(['Permanent', 'Contract', 'Temp', 'Part Time'])),
  salary_min: z.number().check(z.minimum(0)),
  salary_max: z.number().check(z.minimum(0)),
  travel_radius: z.number().check(z.minimum(0)),
  education_level: text,
  work_experience: text,
  relocate: yesNo,
  driving_license: yesNo,
  eligibility_status: z.enum(['auth_any_employer', 'auth_current_employer', 'auth_sponsorship']),
  key_skills: text,
  registration_date: text.check(z.minLength(1, 'Registration date is required')),
  resume_url: text,
  uploaded_resume: z.nullable(
    z.object({
      resume_content_base64: text.check(
        z.regex(/^[A-Za-z0-9+/]+={0,2}$/, 'Resume content must be base64'),
      ),
      resume_filename: text.check(z.minLength(1, 'Resume file name is required')),
      resume_filetype: text.check(z.minLength(1, 'Resume file type is required')),
    }),
  ),
});

function problem(reply: FastifyReply, status: number, detail: string, extra: object = {}) {
  const title = STATUS_CODES[status] ?? 'Error';
  return reply
    .code(status)
    .type('application/problem+json')
    .send({
      type: `${PROBLEM_TYPE}${title.toLowerCase().replaceAll(' ', '-')}`,
      title,
      status,
      detail,
      ...extra,
    });
}

/** A realistic answer for each status an email `status-NNN@…` asks for. */
function forcedAnswer(reply: FastifyReply, status: number) {
  if (status >= 200 && status < 300) {
    if (status === 204) return reply.code(204).send();
    return reply.code(status).send({ id: `sandbox-forced-${status}`, status: 'registered' });
  }
  switch (status) {
    case 400:
      return problem(reply, 400, 'Candidate rejected due to invalid email address', {
        email: ['This email address is not accepted'],
      });
    case 401:
      return problem(reply, 401, 'Invalid API credentials');
    case 403:
      return problem(reply, 403, 'This account may not register candidates');
    case 409:
      return problem(reply, 409, 'Candidate already exists');
    case 422:
      return problem(reply, 422, 'The resume could not be read', {
        resume: ['The resume could not be parsed'],
      });
    case 429:
      reply.header('retry-after', '60');
      return problem(reply, 429, 'Rate limit exceeded: try again in 60 seconds');
    default:
      return problem(reply, status, `The sandbox answered ${status} as the email asked`);
  }
}

function authorized(header: string | undefined, options: SandboxOptions): boolean {
  return header === basicAuthorization(options.user, options.key);
}

export const sandboxProvider: FastifyPluginAsync<SandboxOptions> = async (app, options) => {
  const registered = new Set<string>();

  app.post(PROVIDER_REGISTER_PATH, async (request, reply) => {
    if (!authorized(request.headers.authorization, options)) {
      reply.header('www-authenticate', 'Basic realm="sandbox"');
      return problem(reply, 401, 'Invalid API credentials');
    }
    const body = request.body as Record<string, unknown> | null;
    const email = typeof body?.email === 'string' ? body.email : '';
    const forced = /^status-(\d{3})@/i.exec(email);
    const forcedStatus = forced ? Number(forced[1]) : 0;
    if (forcedStatus >= 200 && forcedStatus <= 599) return forcedAnswer(reply, forcedStatus);

    const parsed = candidate.safeParse(body);
    if (!parsed.success) {
      const fields: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'body');
        fields[field] = [...(fields[field] ?? []), issue.message];
      }
      const count = Object.keys(fields).length;
      return problem(
        reply,
        400,
        `The candidate has ${count} invalid field${count === 1 ? '' : 's'}`,
        fields,
      );
    }
    const data = parsed.data;
    const hasFile = data.uploaded_resume !== null;
    if (hasFile === (data.resume_url !== '')) {
      return problem(reply, 400, 'Send exactly one of uploaded_resume and resume_url', {
        resume: ['Send a resume file or a resume URL'],
      });
    }
    const key = data.email.toLowerCase();
    if (registered.has(key)) return problem(reply, 409, 'Candidate already exists');
    registered.add(key);
    if (registered.size > MEMORY_LIMIT) {
      registered.delete(registered.values().next().value as string);
    }
    return reply.code(201).send({ id: `sandbox-${registered.size}`, status: 'registered' });
  });
};
