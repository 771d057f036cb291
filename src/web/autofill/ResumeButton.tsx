// Step 1's "Start with your resume" (docs/autofill.md): a label styled as a button for a file input,
// so it opens the chooser by mouse or keyboard even before the app has hydrated. This is all of
// it the first page load holds; everything else (reading, filling, attaching) loads from
// ./autofill.ts once a file is chosen.
import type { MessageDescriptor } from '@lingui/core';
import { useEffect, useRef, useState } from 'react';
import { RESUME_ACCEPT } from '../../shared/constants.ts';
import { LOADING_TOAST_TEXTS, say } from '../../shared/page-texts.ts';
import { withTexts } from '../i18n.ts';
import { downloaded, importOnDemand, NotDownloaded } from '../load-once.ts';
import { notify } from '../toast/index.ts';
import type { Wizard } from './autofill.ts';
import { AUTOFILL_MESSAGES } from './texts.ts';

export function ResumeButton({ wizard }: { wizard: Wizard }) {
  // A descriptor, so that a change of language says it again in the new one.
  const [status, setStatus] = useState<MessageDescriptor | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const reading = useRef(false);

  const take = async (target: HTMLInputElement) => {
    const file = target.files?.[0];
    // Choosing the same file again is a change too.
    target.value = '';
    // One resume at a time (a change seen both on hydration and as an event is one).
    if (!file || reading.current) return;
    reading.current = true;
    setStatus(null);
    try {
      // Destructured at once: Rolldown then leaves the chunk's exports as they are, rather than
      // rebuilding its namespace with helpers that would take a script request of their own on
      // every visit. The rest of the page's texts says how the reading went (i18n.ts).
      const { autofillFrom } = await withTexts(
        downloaded(
          importOnDemand(() =>
            import('./autofill.ts').then(({ autofillFrom }) => ({ autofillFrom })),
          ),
        ),
      );
      setStatus(await autofillFrom(file, wizard));
    } catch (error) {
      // The reader's code did not arrive: the file may be fine, and the next choice tries again.
      if (error instanceof NotDownloaded) notify('error', say(LOADING_TOAST_TEXTS.failed));
      else setStatus(AUTOFILL_MESSAGES.failed);
    } finally {
      reading.current = false;
    }
  };

  // A file chosen in the prerendered button, before this code was here.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on hydration.
  useEffect(() => {
    if (input.current?.files?.length) void take(input.current);
  }, []);

  return (
    <div className="autofill">
      <input
        ref={input}
        id="autofill-file"
        type="file"
        accept={RESUME_ACCEPT}
        className="visually-hidden"
        aria-describedby="autofill-hint"
        onChange={(event) => void take(event.target)}
      />
      <label htmlFor="autofill-file" className="button">
        {say(AUTOFILL_MESSAGES.button)}
      </label>
      <p id="autofill-hint" className="hint">
        {say(AUTOFILL_MESSAGES.hint)}
      </p>
      <p role="status" className="autofill__status">
        {status && say(status)}
      </p>
    </div>
  );
}
