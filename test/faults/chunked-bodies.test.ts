// A chunked body past its limit (issue 31, item 8): no Content-Length warns the server, so it
// must stop reading where the limit is crossed and answer 413 then, not read 60 MB and answer
// after them. Over a raw socket, writing as fast as the server takes the bytes: what it had taken
// when the answer came, what it took in all, and that the answer arrives whole (no reset).
import { connect, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { REGISTER_BODY_LIMIT } from '../../src/server/routes/register.ts';
import { MAX_RESUME_BYTES } from '../../src/shared/constants.ts';
import { listFiles, startApp } from '../helpers/app.ts';

const MB = 1024 * 1024;
/** What the client offers: far past either limit. */
const OFFERED = 60 * MB;
/** What the server may read past a limit before it stops: the chunk that crossed it and a few. */
const READ_AHEAD = MB;
/** Loopback's socket buffers, on both ends, hold up to some 10 MB that no one has read. */
const BUFFERS = 12 * MB;

const started = await startApp();
afterAll(() => started.close());

interface Seen {
  /** The answer's bytes as received, whole. */
  answer: string;
  /** Body bytes written when the answer's first byte came (the kernel's buffers included). */
  writtenAtAnswer: number | null;
  /** What the server read of the connection, in all, once it closed. */
  serverRead: number;
}

/** Sends `head`, then `filler` until OFFERED, chunked, while reading whatever comes back. */
async function sendChunked(
  path: string,
  contentType: string,
  head: Buffer,
  filler: Buffer,
): Promise<Seen> {
  const { port } = new URL(started.base);
  const accepted = new Promise<Socket>((resolve) => started.app.server.once('connection', resolve));
  const exchange = new Promise<Omit<Seen, 'serverRead'>>((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    const received: Buffer[] = [];
    let writtenAtAnswer: number | null = null;
    let written = 0;
    let stopped = false;
    const frame = (data: Buffer) =>
      Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')]);
    const pump = () => {
      while (!stopped && written < OFFERED) {
        const more = socket.write(frame(written === 0 ? Buffer.concat([head, filler]) : filler));
        written += written === 0 ? head.length + filler.length : filler.length;
        if (!more) return;
      }
    };
    socket.on('connect', () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${contentType}\r\nTransfer-Encoding: chunked\r\n\r\n`,
      );
      pump();
    });
    socket.on('drain', pump);
    socket.on('data', (chunk) => {
      writtenAtAnswer ??= written;
      received.push(chunk);
    });
    // The server closing its side ends the exchange: no more is written.
    socket.on('end', () => {
      stopped = true;
      socket.destroy();
    });
    socket.on('error', () => {
      stopped = true;
    });
    socket.on('close', () => {
      resolve({ answer: Buffer.concat(received).toString('latin1'), writtenAtAnswer });
    });
    socket.setTimeout(30_000, () => reject(new Error('no answer in 30 s')));
  });
  const [seen, server] = await Promise.all([exchange, accepted]);
  if (!server.destroyed) await new Promise((resolve) => server.once('close', resolve));
  return { ...seen, serverRead: server.bytesRead };
}

const statusOf = (answer: string) => /^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1];
const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
const headerOf = (answer: string, name: string) =>
  new RegExp(`\r\n${name}: ([^\r]*)`, 'i').exec(answer)?.[1];

const requestLines = (url: string) =>
  started
    .logs()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((entry) => entry.msg === 'request' && entry.url === url);

describe('a chunked body of 60 MB', () => {
  it('to /api/upload: 413 once the file passes 5 MB, read no further, nothing stored', async () => {
    const boundary = 'x-boundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
    );
    const seen = await sendChunked(
      '/api/upload',
      `multipart/form-data; boundary=${boundary}`,
      head,
      Buffer.alloc(64 * 1024, 0x20),
    );
    expect(statusOf(seen.answer)).toBe('413');
    expect(headerOf(seen.answer, 'connection')).toBe('close');
    expect(bodyOf(seen.answer)).toEqual({
      success: false,
      error: 'File is too large. The maximum size is 5MB.',
    });
    expect(seen.serverRead).toBeLessThan(MAX_RESUME_BYTES + READ_AHEAD);
    expect(seen.writtenAtAnswer).toBeLessThan(MAX_RESUME_BYTES + READ_AHEAD + BUFFERS);
    expect(await listFiles(started.uploadDir)).toEqual([]);
    expect(requestLines('/api/upload').at(-1)).toMatchObject({ status: 413 });
  });

  it('to /api/register: 413 once it passes the limit, read no further', async () => {
    const seen = await sendChunked(
      '/api/register',
      'application/json',
      Buffer.from('{"first_name":"'),
      Buffer.alloc(64 * 1024, 0x61),
    );
    expect(statusOf(seen.answer)).toBe('413');
    expect(headerOf(seen.answer, 'connection')).toBe('close');
    expect(bodyOf(seen.answer)).toEqual({
      ok: false,
      status: 413,
      message: 'Request body is too large',
      detail: 'Request body is too large',
    });
    expect(seen.serverRead).toBeLessThan(REGISTER_BODY_LIMIT + READ_AHEAD);
    expect(seen.writtenAtAnswer).toBeLessThan(REGISTER_BODY_LIMIT + READ_AHEAD + BUFFERS);
    expect(requestLines('/api/register').at(-1)).toMatchObject({ status: 413 });
  });

  it('leaves the server answering the next candidate at once', async () => {
    expect((await fetch(`${started.base}/healthz`)).status).toBe(200);
  });
});
