// From a resume's lines to the form fields filled (docs/autofill.md), as the tests read
// documents: the values the reader's worker finds (found.ts), those that pass the form's own
// check on the page (valid.ts). What the page fills from a file is exactly this.
import type { DocLine } from '../../src/web/autofill/document.ts';
import { type Extracted, fieldsFound } from '../../src/web/autofill/found.ts';
import { validFields } from '../../src/web/autofill/valid.ts';

export type { Extracted } from '../../src/web/autofill/found.ts';

/** The fields of a document's lines (a line may be plain text: what a test or a doc writes). */
export const extractFields = (lines: readonly (DocLine | string)[]): Extracted =>
  validFields(fieldsFound(lines));
