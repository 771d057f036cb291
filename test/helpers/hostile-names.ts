// File names as hostile as a client can send, for property tests of the stored name.
import fc from 'fast-check';
import { uploadFilename } from '../../src/shared/upload-name.ts';

const PIECES = ['.', '..', '/', '\\', '-', '_', ' ', 'a', 'Z', '9', 'é', '😀', '%2e', '\u0000'];

/** Any unicode, lone surrogates, runs of dots and slashes, very long, and the browser's names. */
export const hostileNames = (maxLength: number) =>
  fc.oneof(
    fc.string({ unit: 'grapheme', maxLength }),
    fc.string({ unit: 'binary', maxLength }),
    fc
      .array(fc.constantFrom(...PIECES), { maxLength: Math.ceil(maxLength / 2) })
      .map((pieces) => pieces.join('')),
    fc
      .string({ unit: 'grapheme', minLength: 1, maxLength })
      .map((name) => uploadFilename(`${name}.pdf`, 1_700_000_000_000, Math.random)),
  );
