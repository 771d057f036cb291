// The catalogue's sentences that no function of src/shared chooses. Every other sentence is
// tested, in the spec's words, through the function that gives it (the schema, submission,
// checks, registration-outcome and toasts tests; the server's upload tests).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FIELD_MESSAGES, REGISTRATION_TOASTS, UPLOAD_TOASTS, withThousands } from './messages.ts';

describe('the sentences only the browser chooses (docs/form.md)', () => {
  // The resume panels (steps/UploadPanel.tsx, UrlPanel.tsx, useUpload.ts) and useWizard.ts pick
  // these in components and hooks, not in a pure function, so here the catalogue itself is held
  // to the spec's text.
  it.each([
    [
      'UPLOAD_TOASTS.serverError',
      UPLOAD_TOASTS.serverError,
      'There was an error uploading your file to the server. Please try again or use a resume URL instead.',
    ],
    [
      'UPLOAD_TOASTS.processingError',
      UPLOAD_TOASTS.processingError,
      'There was an error processing your file. Please try again.',
    ],
    ['UPLOAD_TOASTS.success', UPLOAD_TOASTS.success, 'Your resume has been uploaded successfully'],
    [
      'UPLOAD_TOASTS.successWithoutPreview',
      UPLOAD_TOASTS.successWithoutPreview,
      'Your resume has been uploaded successfully (without local preview)',
    ],
    [
      'UPLOAD_TOASTS.urlError',
      UPLOAD_TOASTS.urlError,
      'There was an error validating your URL. Please try again.',
    ],
    [
      'FIELD_MESSAGES.dropRejected',
      FIELD_MESSAGES.dropRejected,
      'Some files were rejected. Please check the file type.',
    ],
    ['FIELD_MESSAGES.url', FIELD_MESSAGES.url, 'Please enter a valid URL'],
    [
      'REGISTRATION_TOASTS.randomData',
      REGISTRATION_TOASTS.randomData,
      'Random data has been generated for testing',
    ],
  ])('%s reads %j', (_name, sentence, expected) => {
    expect(sentence).toBe(expected);
  });
});

describe('a limit in a message', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1,000'],
    [2048, '2,048'],
    [10_000, '10,000'],
    [1_000_001, '1,000,001'],
  ])('%i is written %s', (count, written) => {
    expect(withThousands(count)).toBe(written);
  });

  it('is written as en-US writes any whole number', () => {
    fc.assert(
      fc.property(fc.maxSafeNat(), (count) => {
        expect(withThousands(count)).toBe(count.toLocaleString('en-US'));
      }),
    );
  });
});
