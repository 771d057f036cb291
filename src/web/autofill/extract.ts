// From a resume's lines to the form fields it fills (docs/autofill.md): the values found
// (found.ts), those that pass the form's own check (valid.ts). What the page fills from a file
// the reader's worker read; the tests read documents through it.
import type { DocLine } from './document.ts';
import { type Extracted, fieldsFound } from './found.ts';
import { validFields } from './valid.ts';

export type { Extracted } from './found.ts';

/** The fields of a document's lines (a line may be plain text: what a test or a doc writes). */
export const extractFields = (lines: readonly (DocLine | string)[]): Extracted =>
  validFields(fieldsFound(lines));
