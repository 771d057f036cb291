// One provider contract (README.md, STYLE §9) for both providers the tests run without an
// account: the embedded sandbox and the shared stand-in behaving like the provider. It holds
// what the app relies on; the sandbox's finer field rules stay in sandbox.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CREDENTIAL } from '../src/server/config.ts';
import { startApp } from './helpers/app.ts';
import { candidate } from './helpers/candidate.ts';
import { basicAuth, postToProvider } from './helpers/provider-call.ts';
import {
  behaveLikeProvider,
  type ProviderCredential,
  REGISTER_PATH,
  startStandIn,
} from './helpers/provider-stand-in.mjs';

interface Provider {
  /** The provider API base; the register path goes after it. */
  base: string;
  credential: ProviderCredential;
  close(): Promise<void>;
}

const post = (provider: Provider, body: unknown, authorization?: string) =>
  postToProvider(`${provider.base}${REGISTER_PATH}`, body, authorization);

const PROBLEM_TYPE = /^application\/problem\+json/;
const problemOf = (status: number) => ({
  type: expect.any(String),
  title: expect.any(String),
  status,
  detail: expect.any(String),
});

const ERROR_TRIGGERS = [400, 401, 403, 409, 418, 422, 429, 500, 502, 503, 504];

/** A request with the provider's own credential. */
const call = (provider: Provider, body: unknown) =>
  post(provider, body, basicAuth(provider.credential));

/** Credentials, field checks, success and the one-registration-per-email rule. */
function registrationContract(current: () => Provider) {
  it('answers 401 problem+json with a Basic challenge without the credential', async () => {
    const answer = await post(current(), candidate({ email: 'no-auth@example.com' }));
    expect(answer.status).toBe(401);
    expect(answer.contentType).toMatch(PROBLEM_TYPE);
    expect(answer.headers.get('www-authenticate')).toMatch(/^Basic /);
    expect(answer.body).toMatchObject(problemOf(401));
  });

  it('answers 401 to a wrong key, even for a trigger email', async () => {
    const wrong = basicAuth({ user: current().credential.user, key: 'wrong' });
    for (const email of ['wrong-key@example.com', 'status-201@example.com']) {
      expect((await post(current(), candidate({ email }), wrong)).status).toBe(401);
    }
  });

  it('answers 400 problem+json with one key per invalid field', async () => {
    const answer = await call(
      current(),
      candidate({ email: 'fields@example.com', first_name: '', zip_code: '1234' }),
    );
    expect(answer.status).toBe(400);
    expect(answer.contentType).toMatch(PROBLEM_TYPE);
    expect(answer.body).toMatchObject({
      ...problemOf(400),
      first_name: [expect.any(String)],
      zip_code: [expect.any(String)],
    });
    expect(answer.body).not.toHaveProperty('last_name');
    expect(answer.body).not.toHaveProperty('email');
  });

  it('answers 400 naming every required field when the body is empty', async () => {
    const answer = await call(current(), {});
    expect(answer.status).toBe(400);
    expect(answer.contentType).toMatch(PROBLEM_TYPE);
    expect(answer.body).toMatchObject(problemOf(400));
    for (const field of ['first_name', 'last_name', 'email', 'password', 'zip_code']) {
      expect(answer.body?.[field], field).toEqual([expect.any(String)]);
    }
  });

  it('registers with 201 and a JSON body with an id, then answers 409 problem+json to the same email in another letter case', async () => {
    const first = await call(current(), candidate({ email: 'case@example.com' }));
    expect(first.status).toBe(201);
    expect(first.contentType).toMatch(/^application\/json/);
    expect(first.body).toMatchObject({ id: expect.any(String) });
    const second = await call(current(), candidate({ email: 'Case@Example.COM' }));
    expect(second.status).toBe(409);
    expect(second.contentType).toMatch(PROBLEM_TYPE);
    expect(second.body).toMatchObject(problemOf(409));
  });
}

/** `status-NNN@…` emails answer NNN, every time. */
function triggerContract(current: () => Provider) {
  const trigger = (status: number) =>
    call(current(), candidate({ email: `status-${status}@example.com` }));

  it.each(ERROR_TRIGGERS)(
    'answers status-%i@example.com with that status as problem+json',
    async (status) => {
      const answer = await trigger(status);
      expect(answer.status).toBe(status);
      expect(answer.contentType).toMatch(PROBLEM_TYPE);
      expect(answer.body).toMatchObject(problemOf(status));
    },
  );

  it.each([200, 201, 202])(
    'answers status-%i@example.com with that status and an id',
    async (status) => {
      const answer = await trigger(status);
      expect(answer.status).toBe(status);
      expect(answer.body).toMatchObject({ id: expect.any(String) });
    },
  );

  it('answers status-204@example.com with 204 and no body', async () => {
    const answer = await trigger(204);
    expect(answer.status).toBe(204);
    expect(answer.body).toBeNull();
  });

  it('lets a trigger email answer again and again: it is never remembered', async () => {
    for (let attempt = 0; attempt < 2; attempt++) {
      expect((await trigger(202)).status).toBe(202);
    }
  });
}

function providerContract(name: string, make: () => Promise<Provider>) {
  describe(`the ${name}`, () => {
    let provider: Provider;

    beforeAll(async () => {
      provider = await make();
    });

    afterAll(async () => {
      await provider?.close();
    });

    registrationContract(() => provider);
    triggerContract(() => provider);
  });
}

providerContract('embedded sandbox', async () => {
  const app = await startApp();
  return { base: `${app.base}/sandbox`, credential: SANDBOX_CREDENTIAL, close: () => app.close() };
});

providerContract('provider stand-in', async () => {
  const credential = { user: 'contract-user', key: 'contract-key' };
  const standIn = await startStandIn(behaveLikeProvider(credential));
  return { base: standIn.url, credential, close: () => standIn.close() };
});
