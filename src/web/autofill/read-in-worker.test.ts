// The reader off the page's thread (issue 31, item 9): what the worker does with a file
// (readFields), and how the page deals with the worker (readInWorker) — its answer, its silence
// past the time limit, its failures — with a stand-in worker and fake time. The real worker in
// a real browser is e2e/autofill.spec.ts's.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COLUMN_TRAP_FIELDS, columnTrapPdf } from '../../../test/helpers/column-trap.mjs';
import { loadNodePdfjs } from '../../../test/helpers/node-pdfjs.ts';
import { NotDownloaded } from '../load-once.ts';
import { readFields } from './read-fields.ts';
import { type ReaderWorker, readInWorker } from './read-in-worker.ts';
import { READ_TIME_LIMIT_MS } from './read-result.ts';

const RESUMES = path.resolve(import.meta.dirname, '../../../test/fixtures/resumes');
const resume = (name: string) => new Uint8Array(readFileSync(path.join(RESUMES, name)));

/** A worker that does nothing by itself: the test says what it says. */
class StandIn implements ReaderWorker {
  readonly posted: { message: Uint8Array; transfer: Transferable[] }[] = [];
  terminated = 0;
  private readonly events = new EventTarget();
  postMessage(message: Uint8Array, transfer: Transferable[]) {
    this.posted.push({ message, transfer });
  }
  addEventListener(type: string, listener: (event: Event) => void) {
    this.events.addEventListener(type, listener);
  }
  terminate() {
    this.terminated++;
  }
  say(data: unknown) {
    this.events.dispatchEvent(new MessageEvent('message', { data }));
  }
  /** An error event, as a worker fires it; returned to see whether it was handled. */
  fail(type: 'error' | 'messageerror' = 'error') {
    const event = new Event(type, { cancelable: true });
    this.events.dispatchEvent(event);
    return event;
  }
}

afterEach(() => {
  vi.useRealTimers();
});

describe('readFields: the worker’s job', () => {
  it('reads a file to the fields it holds', async () => {
    expect(await readFields(resume('text-zoe-nguyen.txt'), { loadPdfjs: loadNodePdfjs })).toEqual({
      reader: 'found',
      fields: expect.objectContaining({ first_name: 'Zoe', email: 'zoe.nguyen@example.com' }),
    });
  });

  it('reads the crafted PDF of issue 31 to its resume’s fields', async () => {
    const bytes = new Uint8Array(await columnTrapPdf());
    expect(await readFields(bytes, { loadPdfjs: loadNodePdfjs })).toEqual({
      reader: 'found',
      fields: COLUMN_TRAP_FIELDS,
    });
  });

  it('finds nothing in a file it cannot read', async () => {
    expect(await readFields(resume('word-97.doc'), { loadPdfjs: loadNodePdfjs })).toEqual({
      reader: 'found',
      fields: {},
    });
  });

  it('says that pdf.js did not download, rather than that the PDF is unreadable', async () => {
    const loadPdfjs = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await readFields(resume('pdfkit-one-jane-doe.pdf'), { loadPdfjs })).toEqual({
      reader: 'not-downloaded',
    });
  });
});

describe('readInWorker: the page’s side', () => {
  const bytes = () => new Uint8Array([1, 2, 3]);

  it('gives the bytes over to the worker, takes what it found and ends it', async () => {
    const worker = new StandIn();
    const data = bytes();
    const reading = readInWorker(data, worker);
    expect(worker.posted).toEqual([{ message: data, transfer: [data.buffer] }]);
    worker.say({ reader: 'ready' });
    worker.say({ reader: 'found', fields: { email: 'jane@example.com', phone: '+14155550100' } });
    expect(await reading).toEqual({ email: 'jane@example.com', phone: '+14155550100' });
    expect(worker.terminated).toBe(1);
  });

  it('takes only the fields a resume fills, and only text', async () => {
    const worker = new StandIn();
    const reading = readInWorker(bytes(), worker);
    worker.say({ reader: 'found', fields: { email: 'a@b.co', password: 'x', zip_code: 12345 } });
    expect(await reading).toEqual({ email: 'a@b.co' });
  });

  it('takes no greeting of pdf.js’s worker code, nor anything untagged, for an answer', async () => {
    const worker = new StandIn();
    const reading = readInWorker(bytes(), worker);
    worker.say({ reader: 'ready' });
    worker.say({ sourceName: 'worker', targetName: 'main', action: 'ready', data: bytes() });
    worker.say({ reader: 'found', fields: null });
    worker.say('found');
    worker.say(null);
    expect(worker.terminated).toBe(0);
    worker.say({ reader: 'found', fields: { first_name: 'Jane' } });
    expect(await reading).toEqual({ first_name: 'Jane' });
  });

  it('ends a worker still busy at the time limit, 15 s, having found nothing', async () => {
    vi.useFakeTimers();
    const worker = new StandIn();
    const reading = readInWorker(bytes(), worker);
    worker.say({ reader: 'ready' });
    expect(READ_TIME_LIMIT_MS).toBe(15_000);
    await vi.advanceTimersByTimeAsync(READ_TIME_LIMIT_MS - 1);
    expect(worker.terminated).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(worker.terminated).toBe(1);
    // An answer that comes too late changes nothing.
    worker.say({ reader: 'found', fields: { first_name: 'Jane' } });
    expect(await reading).toEqual({});
    expect(worker.terminated).toBe(1);
  });

  it('has found nothing when the worker fails once it runs, and says nothing more of it', async () => {
    const worker = new StandIn();
    const reading = readInWorker(bytes(), worker);
    worker.say({ reader: 'ready' });
    const error = worker.fail();
    expect(await reading).toEqual({});
    expect(error.defaultPrevented).toBe(true);
    expect(worker.terminated).toBe(1);
  });

  it('has found nothing when the answer cannot be read', async () => {
    const worker = new StandIn();
    const reading = readInWorker(bytes(), worker);
    worker.say({ reader: 'ready' });
    worker.fail('messageerror');
    expect(await reading).toEqual({});
    expect(worker.terminated).toBe(1);
  });

  it('is NotDownloaded when the worker fails before it runs: its script did not arrive', async () => {
    const worker = new StandIn();
    const reading = readInWorker(bytes(), worker);
    worker.fail();
    await expect(reading).rejects.toBeInstanceOf(NotDownloaded);
    expect(worker.terminated).toBe(1);
  });

  it('is NotDownloaded when the worker says that pdf.js did not arrive', async () => {
    const worker = new StandIn();
    const reading = readInWorker(bytes(), worker);
    worker.say({ reader: 'ready' });
    worker.say({ reader: 'not-downloaded' });
    await expect(reading).rejects.toBeInstanceOf(NotDownloaded);
    expect(worker.terminated).toBe(1);
  });
});
