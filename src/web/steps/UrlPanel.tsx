// The "Add URL" tab: a link to the resume, checked and completed (docs/form.md) before it attaches.
// What is typed here is not an answer until it attaches: the form holds the attached link.
import { t } from '@lingui/core/macro';
import { useState } from 'react';
import type { LinkHostPolicy } from '../../shared/contract.ts';
import { FIELD_TEXTS, say, UPLOAD_TOAST_TEXTS } from '../../shared/messages.ts';
import { acceptedResumeLink } from '../../shared/url.ts';
import { FieldShell, fieldId, RESUME_HINT_ID } from '../fields/index.ts';
import { notify } from '../toast/index.ts';
import { tooLongFor } from './too-long.ts';

/** The link input's id, where Replace puts the focus. */
export const RESUME_URL_INPUT_ID = fieldId('resume_url_input');

export function UrlPanel({
  onAttach,
  links,
}: {
  onAttach: (url: string) => void;
  /** Where a link may point: a link into the board's own network is not a valid URL here. */
  links: LinkHostPolicy;
}) {
  const [input, setInput] = useState('');
  const [error, setError] = useState<string | null>(null);

  const attach = () => {
    try {
      // The server's own rule (check 3): what it would refuse is never attached.
      const link = acceptedResumeLink(input, links);
      const problem = link ? tooLongFor('resume_url', link.url) : say(FIELD_TEXTS.url);
      if (!link || problem) {
        setError(problem);
        document.getElementById(RESUME_URL_INPUT_ID)?.focus();
        return;
      }
      setError(null);
      setInput(link.url);
      onAttach(link.url);
    } catch {
      notify('error', say(UPLOAD_TOAST_TEXTS.urlError));
    }
  };

  return (
    <FieldShell name="resume_url_input" label={t`Resume URL`} error={error ?? undefined}>
      {(control) => (
        <div className="url-row">
          <input
            {...control}
            // The step's hint describes the input until an error takes its place.
            aria-describedby={control['aria-describedby'] ?? RESUME_HINT_ID}
            type="url"
            inputMode="url"
            autoComplete="url"
            spellCheck={false}
            value={input}
            onChange={(event) => setInput(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                attach();
              }
            }}
          />
          <button type="button" className="button" onClick={attach}>
            {t`Add`}
          </button>
          <button type="button" className="button" onClick={attach}>
            {t`Submit URL`}
          </button>
        </div>
      )}
    </FieldShell>
  );
}
