// Errors of Node's own I/O come with no frames; withFrames and the log's serializer give them
// ours, and leave every other error's stack as it was.
import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { serializeError } from './logger.ts';
import { isFrameless, withFrames } from './stack.ts';

const MISSING = '/no/such/directory/resume.pdf';

/** What the local storage does: a stream into a file, whose open fails in libuv. */
const writeMissing = () => pipeline(Readable.from(['%PDF']), createWriteStream(MISSING));

async function saveMissing() {
  return await withFrames(writeMissing);
}

describe('errors of Node’s I/O', () => {
  it('come with no frames', async () => {
    const error = await writeMissing().catch((caught: unknown) => caught);
    expect(isFrameless(error)).toBe(true);
    expect((error as Error).stack).toBe(
      `Error: ENOENT: no such file or directory, open '${MISSING}'`,
    );
  });

  it('get the frames of the code awaiting them, name, message and code unchanged', async () => {
    const error = (await saveMissing().catch((caught: unknown) => caught)) as NodeJS.ErrnoException;
    expect(isFrameless(error)).toBe(false);
    expect(error.code).toBe('ENOENT');
    expect(error.message).toBe(`ENOENT: no such file or directory, open '${MISSING}'`);
    expect(error.stack).toMatch(/^Error: ENOENT: no such file or directory, open '.*'\n\s+at /);
    expect(error.stack).toMatch(/at (async )?saveMissing \(.*stack\.test\.ts:\d+:\d+\)/);
  });

  it('get the frames of the code logging them when nothing framed them before', async () => {
    const error = await writeMissing().catch((caught: unknown) => caught);
    const logged = serializeError(error) as unknown as {
      stack: string;
      code: string;
      type: string;
    };
    expect(logged).toMatchObject({ type: 'Error', code: 'ENOENT' });
    expect(logged.stack).toMatch(/stack\.test\.ts:\d+:\d+/);
    expect(logged.stack).not.toMatch(/\bserializeError\b/);
  });
});

describe('other errors', () => {
  it('keep their own stack, through withFrames and the serializer alike', async () => {
    const thrown = new Error('ours');
    const before = thrown.stack;
    await expect(
      withFrames(async () => {
        throw thrown;
      }),
    ).rejects.toBe(thrown);
    expect(thrown.stack).toBe(before);
    expect((serializeError(thrown) as { stack: string }).stack).toBe(before);
  });

  it('pass through when not errors at all', async () => {
    await expect(withFrames(() => Promise.reject('a string'))).rejects.toBe('a string');
    expect(serializeError('a string')).toBe('a string');
  });
});
