// The "Add URL" tab: a link to the resume, checked and completed (spec §4) before it attaches.
import { useId, useState } from 'react';
import { FIELD_MESSAGES, UPLOAD_TOASTS } from '../../shared/messages.ts';
import { resumeLinkFrom } from '../../shared/url.ts';
import {
  controlProps,
  ErrorText,
  fieldClassName,
  fieldId,
  RESUME_HINT_ID,
} from '../fields/fields.tsx';
import { notify } from '../toast.tsx';
import { tooLongFor } from './too-long.ts';

export function UrlPanel({ onAttach }: { onAttach: (url: string) => void }) {
  const [input, setInput] = useState('');
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  // The step's hint describes the input until an error takes its place.
  const control = controlProps(
    error
      ? { id: fieldId('resume_url_input'), errorId }
      : { id: fieldId('resume_url_input'), hintId: RESUME_HINT_ID },
  );

  const attach = () => {
    try {
      const link = resumeLinkFrom(input);
      const problem = link ? tooLongFor('resume_url', link.url) : FIELD_MESSAGES.url;
      if (!link || problem) {
        setError(problem);
        document.getElementById(control.id)?.focus();
        return;
      }
      setError(null);
      setInput(link.url);
      onAttach(link.url);
    } catch {
      notify('error', UPLOAD_TOASTS.urlError);
    }
  };

  return (
    <div className={fieldClassName(error)}>
      <label htmlFor={control.id}>Resume URL</label>
      {error && <ErrorText id={errorId}>{error}</ErrorText>}
      <div className="url-row">
        <input
          id={control.id}
          type="url"
          inputMode="url"
          autoComplete="url"
          spellCheck={false}
          value={input}
          aria-invalid={control['aria-invalid']}
          aria-describedby={control['aria-describedby']}
          onChange={(event) => setInput(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              attach();
            }
          }}
        />
        <button type="button" className="button" onClick={attach}>
          Add
        </button>
        <button type="button" className="button" onClick={attach}>
          Submit URL
        </button>
      </div>
    </div>
  );
}
