// A resume link into the board's own network (issue 31, item 6): the provider fetches the link,
// so a link to cloud metadata, a loopback service or a private host must never reach it. Over real
// HTTP, on a provider stand-in that records what it was sent; names resolve through a table
// (DNS is the edge of the process) so that a public-looking name can lead anywhere.
import fc from 'fast-check';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { LinkHostPolicy, PublicConfig } from '../../src/shared/contract.ts';
import { acceptedResumeLink } from '../../src/shared/url.ts';
import { type StartedApp, startApp } from '../helpers/app.ts';
import { candidate, register } from '../helpers/candidate.ts';
import { fixture } from '../helpers/fixtures.ts';
import { startStandIn } from '../helpers/provider-stand-in.mjs';
import { hostileResumeLinks } from '../helpers/resume-links.ts';
import { browserUpload } from '../helpers/upload.ts';

const INVALID_LINK = {
  ok: false,
  status: 400,
  message: 'Invalid resume URL format',
  detail: 'Invalid resume URL format',
};

const DNS: Record<string, string[]> = {
  'cv.example.com': ['93.184.216.34', '2606:2800:220:1::1'],
  'cv.attacker.example': ['10.0.0.5'],
  'rebind.attacker.example': ['93.184.216.34', '169.254.169.254'],
  'loop6.attacker.example': ['::1'],
  'jobs.example.com': ['10.1.2.3'],
};
const asked: string[] = [];
const resolveHost = async (host: string) => {
  asked.push(host);
  return DNS[host] ?? [];
};

const standIn = await startStandIn();
const credential = {
  PROVIDER_API_BASE: standIn.url,
  PROVIDER_API_USER: 'acme-user',
  PROVIDER_API_KEY: 'k3y-Secret-123',
};
/** A public deployment: its own address is public, so private hosts are not links. */
const board = await startApp(
  { ...credential, PUBLIC_BASE_URL: 'https://jobs.example.com' },
  { resolveHost },
);
/** What `npm start` gives: every address is on the developer's machine or network. */
const local = await startApp(credential, { resolveHost });

beforeEach(() => {
  standIn.reset();
  asked.length = 0;
});
afterAll(async () => {
  await board.close();
  await local.close();
  await standIn.close();
});

let sequence = 0;
const withLink = (url: string) =>
  candidate({ email: `c${sequence++}@example.com`, uploaded_resume: null, resume_url: url });

const registerLink = (app: StartedApp, url: string) => register(app.base, withLink(url));

/** The links the provider was sent. */
const sentLinks = () =>
  standIn.requests.map((request) => (request.body as { resume_url?: string }).resume_url);

describe('a public deployment', () => {
  it.each([
    'http://169.254.169.254/latest/meta-data/iam/',
    'http://2852039166/latest/meta-data/iam/',
    'http://[::ffff:169.254.169.254]/latest/meta-data/',
    'http://[fd00:ec2::254]/latest/meta-data/',
    'metadata.google.internal/computeMetadata/v1/',
    'http://127.0.0.1:6379/',
    'http://localhost:3000/candidate/resumes/0123456789abcdef0123456789abcdef.pdf',
    'http://10.0.0.1/cv.pdf',
    'http://192.168.1.1/cv.pdf',
    'http://[::1]/cv.pdf',
    'http://files.corp.internal/cv.pdf',
  ])('refuses %s: 400, nothing sent to the provider', async (url) => {
    const answer = await registerLink(board, url);
    expect([answer.status, answer.body]).toEqual([400, INVALID_LINK]);
    expect(standIn.requests).toEqual([]);
    // A host that is an address or a local name is judged as written: no lookup.
    expect(asked).toEqual([]);
  });

  it.each([
    ['cv.attacker.example', 'a private address'],
    ['rebind.attacker.example', 'cloud metadata among public addresses'],
    ['loop6.attacker.example', 'IPv6 loopback'],
  ])('refuses a name that resolves to %s (%s)', async (host) => {
    const answer = await registerLink(board, `https://${host}/cv.pdf`);
    expect([answer.status, answer.body]).toEqual([400, INVALID_LINK]);
    expect(standIn.requests).toEqual([]);
    expect(asked).toEqual([host]);
  });

  it('passes a public link, and one whose name does not resolve here, to the provider', async () => {
    for (const url of ['https://cv.example.com/ada.pdf', 'https://cv.unknown.example/ada.pdf']) {
      expect((await registerLink(board, url)).status).toBe(201);
    }
    expect(sentLinks()).toEqual([
      'https://cv.example.com/ada.pdf',
      'https://cv.unknown.example/ada.pdf',
    ]);
    expect(asked).toEqual(['cv.example.com', 'cv.unknown.example']);
  });

  it('passes its own resume links, wherever its own name resolves', async () => {
    // A resume stored here: one that is not gets a 400 of its own (test/ops/orphans.test.ts).
    const stored = await browserUpload(
      board.base,
      fixture('resume.pdf'),
      'cv.pdf',
      'application/pdf',
    );
    const own = (stored.body as { url: string }).url;
    expect(own).toMatch(/^https:\/\/jobs\.example\.com\/candidate\/resumes\/[0-9a-f]{32}\.pdf$/);
    expect((await registerLink(board, own)).status).toBe(201);
    expect(sentLinks()).toEqual([own]);
    expect(asked).toEqual([]);
  });

  it('looks nothing up when the resume is a file', async () => {
    const answer = await register(
      board.base,
      candidate({ email: 'file@example.com', resume_url: 'https://cv.attacker.example/cv.pdf' }),
    );
    expect(answer.status).toBe(201);
    expect(sentLinks()).toEqual(['']);
    expect(asked).toEqual([]);
  });

  it('tells the browser its policy', async () => {
    const config = await (await fetch(`${board.base}/api/config`)).json();
    expect(config).toMatchObject({ privateLinkHosts: false, ownHost: 'jobs.example.com' });
  });
});

describe('a public deployment without PUBLIC_BASE_URL', () => {
  it('does not start: its own links would name localhost, which the provider cannot fetch', async () => {
    await expect(startApp({ ...credential, HOST: '0.0.0.0' }, { resolveHost })).rejects.toThrow(
      'PUBLIC_BASE_URL is unset on a public deployment (HOST=0.0.0.0) with a real provider',
    );
  });
});

describe('a local deployment (npm start)', () => {
  it('passes loopback and private links, its own uploads among them', async () => {
    const links = [
      `${local.base}/candidate/resumes/0123456789abcdef0123456789abcdef.pdf`,
      'http://localhost:3000/cv.pdf',
      'http://10.0.0.1/cv.pdf',
      'https://cv.attacker.example/cv.pdf',
    ];
    for (const url of links) expect((await registerLink(local, url)).status).toBe(201);
    expect(sentLinks()).toEqual(links);
  });

  it.each([
    'http://169.254.169.254/latest/meta-data/iam/',
    'metadata.google.internal/computeMetadata/v1/',
    'https://rebind.attacker.example/cv.pdf',
  ])('still refuses %s', async (url) => {
    const answer = await registerLink(local, url);
    expect([answer.status, answer.body]).toEqual([400, INVALID_LINK]);
    expect(standIn.requests).toEqual([]);
  });

  it('tells the browser its policy', async () => {
    const config = await (await fetch(`${local.base}/api/config`)).json();
    expect(config).toMatchObject({ privateLinkHosts: true, ownHost: null });
  });
});

describe('the page and the server agree on every link (issue 44, item 8: one rule, acceptedResumeLink)', () => {
  /** The policy the page gets from GET /api/config, as the page reads it. */
  async function pagePolicy(app: StartedApp): Promise<LinkHostPolicy> {
    const config = (await (await fetch(`${app.base}/api/config`)).json()) as PublicConfig;
    return { privateHosts: config.privateLinkHosts, ownHost: config.ownHost };
  }

  /** The links, and a sample of the hostile ones the property tests run. */
  const LINKS = [
    'no es una url',
    'https://example.com/my cv.pdf',
    'http://example/cv.pdf',
    'ftp://example.com/cv.pdf',
    'javascript:alert(1)',
    'https://user:pw@example.com/cv.pdf',
    'https://example.com./cv.pdf',
    'bücher.example/cv.pdf',
    'example.com/cv/ada.pdf',
    ...fc.sample(
      hostileResumeLinks.filter((link) => link.trim() !== ''),
      { numRuns: 40, seed: 44 },
    ),
  ];

  it.each([
    ['a public deployment', () => board],
    ['a local deployment', () => local],
  ])(
    'on %s: the server refuses what the page refuses at Add, and takes what it attaches',
    async (_name, app) => {
      const policy = await pagePolicy(app());
      const verdicts = [];
      for (const link of LINKS) {
        const attached = acceptedResumeLink(link, policy);
        // The page sends what it attached; the server judges what it is sent.
        const answer = await registerLink(app(), attached?.url ?? link);
        verdicts.push({
          link,
          page: attached ? 'attached' : 'Please enter a valid URL',
          server:
            answer.status === 201 ? 'registered' : (answer.body as { message?: string }).message,
        });
      }
      expect(verdicts).toEqual(
        verdicts.map(({ link, page }) => ({
          link,
          page,
          server: page === 'attached' ? 'registered' : 'Invalid resume URL format',
        })),
      );
    },
  );
});
