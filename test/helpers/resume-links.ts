// Resume links as hostile as a candidate can type, for the property tests of the one rule the
// page's "Add" and the server's check 3 share (src/shared/url.ts acceptedResumeLink).
import fc from 'fast-check';
import { MAX_LENGTHS } from '../../src/shared/constants.ts';

const SCHEMES = [
  '',
  'https://',
  'http://',
  'HTTPS://',
  'Http://',
  'ftp://',
  'file://',
  'javascript:',
  'data:text/html,',
  'mailto:',
  '//',
  'https:/',
  'https:',
  ' https://',
  'https://https://',
];

const USERINFO = ['', 'user@', 'user:pw@', ':@', '@', 'ada%40example.com@'];

const NAMED_HOSTS = [
  'example.com',
  'cv.example.com',
  'EXAMPLE.COM',
  'localhost',
  'example',
  'resume',
  'example.com.',
  'example.com..',
  '.example.com',
  'exa mple.com',
  'no es una url',
  'exa_mple.com',
  '-bad.example',
  'example.123',
  'exa%6Dple.com',
  'example%2ecom',
  'bücher.example',
  'пример.рф',
  'xn--bcher-kva.example',
  '例え.テスト',
  'ｅｘａｍｐｌｅ.com',
  'example.com\u200b',
  '169.254.169.254',
  '127.0.0.1',
  '10.0.0.5',
  '0x7f.1',
  '2852039166',
  '256.1.1.1',
  '[::1]',
  '[fe80::1]',
  '[2001:4860:4860::8888]',
  '[::ffff:169.254.169.254]',
  'metadata.google.internal',
  'files.corp.internal',
  'jobs.example.com',
];

const PORTS = ['', ':8080', ':0', ':65535', ':65536', ':abc', ':'];

const PATHS = [
  '',
  '/',
  '/cv.pdf',
  '/my cv.pdf',
  '/my%20cv.pdf',
  '/%',
  '/%zz',
  '/../../etc/passwd',
  '/a%2F..%2Fb',
  '/résumé.pdf',
  '/\u0000',
  '\\cv.pdf',
  '?dl=1',
  '#page=2',
  '/cv.pdf?x=1#y',
];

const SPACE = ['', ' ', '  ', '\t', '\n', '\u00a0', '\u3000'];

/** A link built from hostile parts: scheme, user name, host, port, path, blanks around. */
const builtLink = fc
  .tuple(
    fc.constantFrom(...SPACE),
    fc.constantFrom(...SCHEMES),
    fc.constantFrom(...USERINFO),
    fc.oneof(
      fc.constantFrom(...NAMED_HOSTS),
      fc.domain(),
      fc.ipV4(),
      fc.ipV6().map((address) => `[${address}]`),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }),
    ),
    fc.constantFrom(...PORTS),
    fc.oneof(
      fc.constantFrom(...PATHS),
      fc.webPath(),
      fc.string({ unit: 'grapheme', maxLength: 40 }).map((path) => `/${path}`),
    ),
    fc.constantFrom(...SPACE),
  )
  .map((parts) => parts.join(''));

/** Any text, real web URLs, hostile built links, and very long ones (under the 2,048 limit). */
export const hostileResumeLinks = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  builtLink,
  builtLink,
  fc
    .tuple(builtLink, fc.integer({ min: 100, max: 1_900 }), fc.constantFrom('a', 'a.', '/', ' '))
    .map(([link, length, piece]) =>
      `${link}${piece.repeat(length / piece.length)}`.slice(0, MAX_LENGTHS.resume_url),
    ),
);
