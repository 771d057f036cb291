import { describe, expect, it, vi } from 'vitest';
import { embedEvents, frameRequests } from '../../shared/embed-protocol.ts';
import { hostOrigin, postToHost, tellSource } from './host.ts';

interface Framing {
  embed?: string;
  allowed?: string;
  /** data-embed-host: the origin embed.js named, as the server accepted it. */
  named?: string;
  ancestors?: string[];
  referrer?: string;
  framed?: boolean;
}

/** A window as the browser would hand it to the form in the situation described. */
function windowFor({
  embed = '1',
  allowed,
  named,
  ancestors,
  referrer = '',
  framed = true,
}: Framing) {
  const parent = { postMessage: vi.fn() };
  const win = {
    document: {
      documentElement: { dataset: { embed, embedOrigins: allowed, embedHost: named } },
      referrer,
    },
    location: { ancestorOrigins: ancestors },
  } as unknown as Window & { parent: typeof parent };
  Object.assign(win, { parent: framed ? parent : win });
  return { win, parent };
}

const ALLOWED = 'https://jobs.example.com http://127.0.0.1:4100';

describe('the host the form may talk to', () => {
  it.each<[string, Framing, string | null]>([
    [
      'a listed host, as the browser records it',
      { allowed: ALLOWED, ancestors: ['https://jobs.example.com'] },
      'https://jobs.example.com',
    ],
    [
      'a listed host known by the referrer only',
      { allowed: ALLOWED, referrer: 'http://127.0.0.1:4100/careers?x=1' },
      'http://127.0.0.1:4100',
    ],
    [
      'the browser’s record over the referrer',
      {
        allowed: ALLOWED,
        ancestors: ['https://evil.example'],
        referrer: 'https://jobs.example.com/',
      },
      null,
    ],
    ['a host not listed', { allowed: ALLOWED, ancestors: ['https://evil.example'] }, null],
    [
      'a host that only starts like a listed one',
      { allowed: ALLOWED, ancestors: ['https://jobs.example.com.evil.example'] },
      null,
    ],
    [
      'no list at all (EMBED_ORIGINS unset)',
      { allowed: '', ancestors: ['https://jobs.example.com'] },
      null,
    ],
    [
      'a page not asked for in embed mode',
      { embed: '0', allowed: ALLOWED, ancestors: ['https://jobs.example.com'] },
      null,
    ],
    ['a page that is not framed', { allowed: ALLOWED, ancestors: [], framed: false }, null],
    ['no record and no referrer', { allowed: ALLOWED }, null],
    ['a referrer that is no URL', { allowed: ALLOWED, referrer: 'not a url' }, null],
    // Firefox on a board with Referrer-Policy: no-referrer: no record, no referrer.
    [
      'the origin embed.js named, when the browser records nothing',
      { allowed: ALLOWED, named: 'https://jobs.example.com' },
      'https://jobs.example.com',
    ],
    [
      'the browser’s record over the named origin',
      { allowed: ALLOWED, named: 'https://jobs.example.com', ancestors: ['https://evil.example'] },
      null,
    ],
    [
      'the browser’s record, listed, over another named one',
      {
        allowed: ALLOWED,
        named: 'https://jobs.example.com',
        ancestors: ['http://127.0.0.1:4100'],
      },
      'http://127.0.0.1:4100',
    ],
    [
      'the referrer over the named origin',
      { allowed: ALLOWED, named: 'https://jobs.example.com', referrer: 'https://evil.example/' },
      null,
    ],
    [
      'a named origin not listed (the server never writes one, but were it there)',
      { allowed: ALLOWED, named: 'https://evil.example' },
      null,
    ],
    [
      'a named origin in embed mode but not framed',
      { allowed: ALLOWED, named: 'https://jobs.example.com', framed: false },
      null,
    ],
    [
      'a named origin, ancestorOrigins empty (Chromium’s record of no ancestor)',
      { allowed: ALLOWED, named: 'http://127.0.0.1:4100', ancestors: [] },
      'http://127.0.0.1:4100',
    ],
  ])('%s → %j', (_what, framing, expected) => {
    expect(hostOrigin(windowFor(framing).win)).toBe(expected);
  });
});

describe('posting to the host', () => {
  it('posts to the host’s exact origin, never to *', () => {
    const { win, parent } = windowFor({
      allowed: ALLOWED,
      ancestors: ['https://jobs.example.com'],
    });
    postToHost(embedEvents.step(1), win);
    expect(parent.postMessage).toHaveBeenCalledWith(
      { type: 'resume-registration:step', step: 2, name: 'Career Info' },
      'https://jobs.example.com',
    );
  });

  it('posts to the named origin when the browser has no record and no referrer', () => {
    const { win, parent } = windowFor({ allowed: ALLOWED, named: 'http://127.0.0.1:4100' });
    postToHost(embedEvents.ready(), win);
    expect(parent.postMessage).toHaveBeenCalledWith(
      { type: 'resume-registration:ready' },
      'http://127.0.0.1:4100',
    );
  });

  it('names the visit’s source on every event once told, and never on the show-top request', () => {
    const { win, parent } = windowFor({
      allowed: ALLOWED,
      ancestors: ['https://jobs.example.com'],
    });
    tellSource('newsletter');
    try {
      postToHost(embedEvents.failed(502), win);
      postToHost(frameRequests.showTop(), win);
    } finally {
      tellSource(undefined);
    }
    postToHost(embedEvents.ready(), win);
    expect(parent.postMessage.mock.calls).toEqual([
      [
        { type: 'resume-registration:failed', status: 502, source: 'newsletter' },
        'https://jobs.example.com',
      ],
      [{ type: 'resume-registration:show-top' }, 'https://jobs.example.com'],
      [{ type: 'resume-registration:ready' }, 'https://jobs.example.com'],
    ]);
  });

  it('posts nothing to a host that is not listed', () => {
    const { win, parent } = windowFor({ allowed: ALLOWED, ancestors: ['https://evil.example'] });
    postToHost(embedEvents.registered(), win);
    expect(parent.postMessage).not.toHaveBeenCalled();
  });
});
