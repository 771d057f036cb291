import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hostileResumeLinks } from '../../test/helpers/resume-links.ts';
import { type LinkHostPolicy, LOCAL_LINKS } from './contract.ts';
import { linkHostAllowed } from './link-hosts.ts';
import { acceptedResumeLink, looksLikeResumeUrl, resumeLinkFrom, withHttps } from './url.ts';

describe('a URL without http:// or https:// gets https:// prepended (docs/form.md)', () => {
  it.each([
    ['example.com/cv.pdf', 'https://example.com/cv.pdf'],
    ['www.example.com', 'https://www.example.com'],
    ['localhost:3000/candidate/resumes/x.pdf', 'https://localhost:3000/candidate/resumes/x.pdf'],
    ['http://example.com/cv.pdf', 'http://example.com/cv.pdf'],
    ['https://example.com/cv.pdf', 'https://example.com/cv.pdf'],
    ['HTTPS://example.com', 'HTTPS://example.com'],
    ['Http://example.com', 'Http://example.com'],
    ['  example.com  ', 'https://example.com'],
    ['  http://example.com ', 'http://example.com'],
    ['ftp://example.com/cv.pdf', 'https://ftp://example.com/cv.pdf'],
  ])('withHttps(%j) → %j', (input, output) => expect(withHttps(input)).toBe(output));
});

describe('attaching a resume link (docs/form.md)', () => {
  it.each([
    [
      'example.com/files/cv.pdf',
      { url: 'https://example.com/files/cv.pdf', filename: 'cv.pdf', filetype: 'pdf' },
    ],
    [
      'http://example.com/cv.pdf',
      { url: 'http://example.com/cv.pdf', filename: 'cv.pdf', filetype: 'pdf' },
    ],
    [
      'https://example.com/a/b/c/Resume-2026.pdf',
      {
        url: 'https://example.com/a/b/c/Resume-2026.pdf',
        filename: 'Resume-2026.pdf',
        filetype: 'pdf',
      },
    ],
    [
      'https://example.com/CV.PDF',
      { url: 'https://example.com/CV.PDF', filename: 'CV.PDF', filetype: 'pdf' },
    ],
    [
      'https://example.com/resume.DOCX',
      { url: 'https://example.com/resume.DOCX', filename: 'resume.DOCX', filetype: 'unknown' },
    ],
    [
      'https://example.com/resume.doc',
      { url: 'https://example.com/resume.doc', filename: 'resume.doc', filetype: 'unknown' },
    ],
    [
      'https://example.com/resume',
      { url: 'https://example.com/resume', filename: 'resume', filetype: 'unknown' },
    ],
    [
      'https://example.com/pdf',
      { url: 'https://example.com/pdf', filename: 'pdf', filetype: 'unknown' },
    ],
    [
      'https://example.com/a/My%20CV.PDF?x=1',
      { url: 'https://example.com/a/My%20CV.PDF?x=1', filename: 'My CV.PDF', filetype: 'pdf' },
    ],
    [
      'https://example.com/a/b/',
      { url: 'https://example.com/a/b/', filename: 'b', filetype: 'unknown' },
    ],
    [
      'https://drive.example.com/',
      { url: 'https://drive.example.com/', filename: 'drive.example.com', filetype: 'unknown' },
    ],
    [
      'localhost:3000/candidate/resumes/x.pdf',
      {
        url: 'https://localhost:3000/candidate/resumes/x.pdf',
        filename: 'x.pdf',
        filetype: 'pdf',
      },
    ],
    [
      '  example.com/cv.pdf  ',
      { url: 'https://example.com/cv.pdf', filename: 'cv.pdf', filetype: 'pdf' },
    ],
  ])('resumeLinkFrom(%j) → %j', (input, expected) => {
    expect(resumeLinkFrom(input)).toEqual(expected);
  });

  it.each([
    ['an empty URL', ''],
    ['a blank URL', '   '],
    ['a scheme alone', 'http://'],
    ['https:// alone', 'https://'],
    ['a host with a space', 'https://exa mple.com'],
    ['words with spaces', 'not a url'],
    ['a bad IPv4 host', 'http://256.1.1.1/x'],
    ['a missing scheme name', '://example.com'],
  ])('%s does not attach (Please enter a valid URL): %j', (_name, input) => {
    expect(resumeLinkFrom(input)).toBeNull();
  });
});

describe('check 3: looks like a host name with optional path (docs/form.md, docs/api.md)', () => {
  it.each([
    ['https://example.com/cv.pdf'],
    ['http://example.com/cv.pdf'],
    ['https://example.com'],
    ['example.com'],
    ['example.com/cv.pdf'],
    ['HTTP://EXAMPLE.COM/CV.PDF'],
    ['https://sub.example.co.uk/a/b.pdf'],
    ['https://my-files.example.com/cv.pdf'],
    ['http://example.com:8080/cv.pdf'],
    ['https://example.com/cv.pdf?dl=1#page=2'],
    ['http://localhost:3000/candidate/resumes/x.pdf'],
    ['http://localhost/candidate/resumes/x.pdf'],
    ['localhost:3000/candidate/resumes/x.pdf'],
    ['http://127.0.0.1:3000/candidate/resumes/x.pdf'],
    ['http://10.0.0.1/cv'],
    ['http://1.2.3.4'],
    ['http://[::1]:3000/cv'],
    ['  https://example.com/cv.pdf  '],
  ])('%j passes', (input) => {
    expect(looksLikeResumeUrl(input)).toBe(true);
  });

  it.each([
    [''],
    ['   '],
    ['not a url'],
    ['https://exa mple.com'],
    ['https://example.com/my cv.pdf'],
    ['https://resume/cv.pdf'],
    ['http://example'],
    ['https://exa_mple.com'],
    ['https://-bad.com'],
    ['https://example.123'],
    ['http://256.1.1.1/cv.pdf'],
    ['https://user:pw@example.com/cv.pdf'],
    ['ftp://example.com/cv.pdf'],
    ['javascript:alert(1)'],
    ['mailto:ada@example.com'],
    ['data:text/plain,hi'],
    ['http://'],
    ['://example.com'],
  ])('%j fails', (input) => {
    expect(looksLikeResumeUrl(input)).toBe(false);
  });
});

/** A public deployment whose own host is jobs.example.com (PUBLIC_BASE_URL). */
const PUBLIC_BOARD: LinkHostPolicy = { privateHosts: false, ownHost: 'jobs.example.com' };
const POLICIES = [LOCAL_LINKS, PUBLIC_BOARD];

describe('one rule for a resume link: the page\'s "Add" and the server\'s check 3 (issue 44, item 8)', () => {
  it.each<[string, string, LinkHostPolicy, string | null]>([
    ['a link', 'example.com/cv/ada.pdf', PUBLIC_BOARD, 'https://example.com/cv/ada.pdf'],
    ['http kept', 'http://example.com/cv.pdf', PUBLIC_BOARD, 'http://example.com/cv.pdf'],
    ['blanks around', '  example.com/cv.pdf\t', PUBLIC_BOARD, 'https://example.com/cv.pdf'],
    ['a port', 'https://example.com:8443/cv.pdf', PUBLIC_BOARD, 'https://example.com:8443/cv.pdf'],
    [
      'a space written %20',
      'example.com/my%20cv.pdf',
      PUBLIC_BOARD,
      'https://example.com/my%20cv.pdf',
    ],
    [
      'a unicode host (IDN)',
      'bücher.example/cv.pdf',
      PUBLIC_BOARD,
      'https://bücher.example/cv.pdf',
    ],
    ['its punycode', 'xn--bcher-kva.example/cv', PUBLIC_BOARD, 'https://xn--bcher-kva.example/cv'],
    ['a public IPv4', 'http://93.184.216.34/cv.pdf', PUBLIC_BOARD, 'http://93.184.216.34/cv.pdf'],
    ['a public IPv6', 'http://[2001:4860::1]/cv', PUBLIC_BOARD, 'http://[2001:4860::1]/cv'],
    ['localhost, locally', 'localhost:3000/cv.pdf', LOCAL_LINKS, 'https://localhost:3000/cv.pdf'],
    ['IPv6 loopback, locally', 'http://[::1]:3000/cv', LOCAL_LINKS, 'http://[::1]:3000/cv'],
    [
      "the board's own host",
      'jobs.example.com/r/a.pdf',
      PUBLIC_BOARD,
      'https://jobs.example.com/r/a.pdf',
    ],
    // Refused: what the server refuses.
    ["words with spaces (the issue's)", 'no es una url', LOCAL_LINKS, null],
    ['a space in the path', 'https://example.com/my cv.pdf', LOCAL_LINKS, null],
    ['a space in the host', 'https://exa mple.com/cv.pdf', LOCAL_LINKS, null],
    ['a no-break space', 'example.com/my\u00a0cv.pdf', LOCAL_LINKS, null],
    ['no dot in the host', 'http://example/cv.pdf', LOCAL_LINKS, null],
    ['one word', 'resume', LOCAL_LINKS, null],
    ['a trailing dot', 'https://example.com./cv.pdf', LOCAL_LINKS, null],
    ['a leading dot', 'https://.example.com/cv.pdf', LOCAL_LINKS, null],
    ['ftp', 'ftp://example.com/cv.pdf', LOCAL_LINKS, null],
    ['file', 'file:///etc/passwd', LOCAL_LINKS, null],
    ['javascript', 'javascript:alert(1)', LOCAL_LINKS, null],
    ['javascript with slashes', 'javascript://example.com/%0aalert(1)', LOCAL_LINKS, null],
    ['data', 'data:text/html,<script>alert(1)</script>', LOCAL_LINKS, null],
    ['mailto', 'mailto:ada@example.com', LOCAL_LINKS, null],
    ['a user name', 'https://user@example.com/cv.pdf', LOCAL_LINKS, null],
    ['a user name and password', 'https://user:pw@example.com/cv.pdf', LOCAL_LINKS, null],
    ['an underscore in the host', 'https://exa_mple.com/cv.pdf', LOCAL_LINKS, null],
    ['a numeric top-level domain', 'https://example.123/cv.pdf', LOCAL_LINKS, null],
    ['a bad IPv4', 'http://256.1.1.1/cv.pdf', LOCAL_LINKS, null],
    ['an empty link', '', LOCAL_LINKS, null],
    ['blanks', ' \t ', LOCAL_LINKS, null],
    ['a scheme alone', 'https://', LOCAL_LINKS, null],
    ['cloud metadata', '169.254.169.254/latest/meta-data/', LOCAL_LINKS, null],
    ['link-local IPv6', 'http://[fe80::1]/cv.pdf', LOCAL_LINKS, null],
    ['localhost on a public board', 'localhost:3000/cv.pdf', PUBLIC_BOARD, null],
    ['a private address on a public board', 'http://10.0.0.5/cv.pdf', PUBLIC_BOARD, null],
    ['IPv6 loopback on a public board', 'http://[::1]/cv.pdf', PUBLIC_BOARD, null],
    ['a very long host', `https://${'a'.repeat(300)}.example/cv.pdf`, LOCAL_LINKS, null],
  ])('%s: %j under %j → %j', (_name, input, policy, url) => {
    expect(acceptedResumeLink(input, policy)?.url ?? null).toBe(url);
  });

  it('gives the name and type of the link it accepts, as attaching one does', () => {
    expect(acceptedResumeLink('example.com/a/My%20CV.PDF?x=1', LOCAL_LINKS)).toEqual({
      url: 'https://example.com/a/My%20CV.PDF?x=1',
      filename: 'My CV.PDF',
      filetype: 'pdf',
    });
  });

  it.each(POLICIES)(
    'accepts only an http(s) link to a host with a dot, an address or localhost, with no space or user name, under %j',
    (policy) => {
      fc.assert(
        fc.property(hostileResumeLinks, (link) => {
          const accepted = acceptedResumeLink(link, policy);
          if (accepted === null) return;
          const { url } = accepted;
          expect(url).toMatch(/^https?:\/\/[^\s]+$/iu);
          const parsed = new URL(url);
          expect([parsed.username, parsed.password]).toEqual(['', '']);
          const host = parsed.hostname;
          const named = /^(?:localhost|\d+\.\d+\.\d+\.\d+|\[[\da-f:.]+\])$/iu.test(host);
          expect(named || /^[^.]+(?:\.[^.]+)+$/u.test(host)).toBe(true);
          expect(linkHostAllowed(host, policy)).toBe(true);
        }),
        { numRuns: 2_000 },
      );
    },
  );

  it.each(POLICIES)(
    'accepts again the link it attached: what the page sends, the server takes, under %j',
    (policy) => {
      fc.assert(
        fc.property(hostileResumeLinks, (link) => {
          const accepted = acceptedResumeLink(link, policy);
          if (accepted) expect(acceptedResumeLink(accepted.url, policy)).toEqual(accepted);
        }),
        { numRuns: 2_000 },
      );
    },
  );

  // Its patterns are held linear by test/patterns.test.ts; a slow one would pass the test's time
  // limit here, and no clock is read.
  it('refuses a very long link, whatever it repeats', () => {
    for (const piece of ['a', 'a.', 'a-', '.', '/', '%20', 'é', ' ', '[', ':']) {
      expect(acceptedResumeLink(`https://${piece.repeat(100_000)}`, LOCAL_LINKS), piece).toBeNull();
      expect(acceptedResumeLink(`${piece.repeat(100_000)}.com`, LOCAL_LINKS), piece).toBeNull();
    }
  });
});
