// readLimited over generated bodies and hostile Content-Encoding values: it reads exactly what
// fits, decodes what it says it can, and refuses the rest without throwing.
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readLimited } from './read-body.ts';

const bodyOf = (chunks: Uint8Array[]) => Readable.from(chunks.map((chunk) => Buffer.from(chunk)));

describe('readLimited', () => {
  it('reads a body to the byte when it fits, and refuses it when it does not, plain or gzip', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.uint8Array({ maxLength: 300 }), { maxLength: 8 }),
        fc.integer({ min: 0, max: 1_500 }),
        fc.boolean(),
        async (chunks, limit, gzip) => {
          const whole = Buffer.concat(chunks.map((chunk) => Buffer.from(chunk)));
          const read = await readLimited(
            gzip ? bodyOf([gzipSync(whole)]) : bodyOf(chunks),
            gzip ? 'gzip' : undefined,
            limit,
          );
          expect(read).toEqual(
            whole.length > limit ? { unread: 'too_large' } : { text: whole.toString('utf8') },
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  // Plain text under any coding but identity: not decodable (gzip, br, …) or not known.
  it('takes any Content-Encoding: a body that is not in it is left unread, never thrown on', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 100 }),
          fc.constantFrom(
            'GZIP',
            ' identity ',
            'gzip, br',
            'br;q=1',
            'compress',
            '\u0000',
            '__proto__',
            'constructor',
            'toString',
          ),
          fc.string({ maxLength: 5 }).map((tail) => `${'gzip,'.repeat(10_000)}${tail}`),
          fc.array(fc.constantFrom('gzip', 'br', ''), { maxLength: 3 }),
        ),
        async (header) => {
          const read = await readLimited(bodyOf([Buffer.from('plain text')]), header);
          const coding = (Array.isArray(header) ? header.join(',') : header).trim().toLowerCase();
          expect(read).toEqual(
            coding === '' || coding === 'identity'
              ? { text: 'plain text' }
              : { unread: 'encoding' },
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});
