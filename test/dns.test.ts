// Resume links' names resolved over real DNS (UDP, a stand-in server on 127.0.0.1): both
// families, their TTLs honoured, one lookup per name at a time, and a silent or unknown name
// judged on its name alone.
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { dnsResolver } from '../src/server/dns.ts';
import { startDnsStandIn } from './helpers/dns-stand-in.ts';

const dns = await startDnsStandIn({
  'cv.example.com': { a: ['93.184.216.34'], aaaa: ['2606:2800:220:1::1'], ttl: 60 },
  'rebind.example': { a: ['169.254.169.254'], ttl: 0 },
  'short.example': { a: ['10.0.0.5', '10.0.0.6'], aaaa: ['fd00::5'], ttl: 1 },
});
afterAll(() => dns.close());
beforeEach(() => {
  dns.asked.length = 0;
  dns.silent = false;
});

let clock = 1_000_000;
const now = () => clock;

describe('dnsResolver', () => {
  it('answers a name’s IPv4 and IPv6 addresses, asking once for each', async () => {
    const resolve = dnsResolver({ servers: [dns.server], now });
    expect((await resolve('cv.example.com')).sort()).toEqual([
      '2606:2800:220:1::1',
      '93.184.216.34',
    ]);
    expect(dns.asked.sort()).toEqual(['cv.example.com A', 'cv.example.com AAAA']);
  });

  it('remembers an answer for its TTL, and asks again after it', async () => {
    const resolve = dnsResolver({ servers: [dns.server], now });
    await resolve('short.example');
    clock += 999;
    expect((await resolve('short.example')).sort()).toEqual(['10.0.0.5', '10.0.0.6', 'fd00::5']);
    expect(dns.asked).toHaveLength(2);
    clock += 1;
    await resolve('short.example');
    expect(dns.asked).toHaveLength(4);
  });

  it('never remembers a TTL of 0', async () => {
    const resolve = dnsResolver({ servers: [dns.server], now });
    expect(await resolve('rebind.example')).toEqual(['169.254.169.254']);
    await resolve('rebind.example');
    expect(dns.asked).toHaveLength(4);
  });

  it('looks a name up once for every registration that asks meanwhile', async () => {
    const resolve = dnsResolver({ servers: [dns.server], now });
    const answers = await Promise.all(Array.from({ length: 20 }, () => resolve('cv.example.com')));
    expect(new Set(answers.map((answer) => answer.sort().join()))).toEqual(
      new Set(['2606:2800:220:1::1,93.184.216.34']),
    );
    expect(dns.asked).toHaveLength(2);
  });

  it('answers nothing for a name that does not exist, and remembers that for 30 s', async () => {
    const resolve = dnsResolver({ servers: [dns.server], now });
    expect(await resolve('nowhere.example')).toEqual([]);
    clock += 29_999;
    expect(await resolve('nowhere.example')).toEqual([]);
    expect(dns.asked).toHaveLength(2);
  });

  it('answers nothing when the server stays silent past the timeout', async () => {
    dns.silent = true;
    const resolve = dnsResolver({ servers: [dns.server], timeoutMs: 200, now });
    expect(await resolve('cv.example.com')).toEqual([]);
    expect(dns.asked.sort()).toEqual(['cv.example.com A', 'cv.example.com AAAA']);
  });
});
