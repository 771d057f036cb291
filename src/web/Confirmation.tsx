import { t } from '@lingui/core/macro';
import { forwardRef } from 'react';
import { withoutTrailingSlashes } from '../shared/url.ts';
import { isEmbedded } from './embed/host.ts';

/** Stays above the (reset) form after a registration until the candidate starts again. */
export const Confirmation = forwardRef<
  HTMLHeadingElement,
  { jobBoardUrl: string; onDismiss: () => void }
>(function Confirmation({ jobBoardUrl, onDismiss }, ref) {
  const login = `${withoutTrailingSlashes(jobBoardUrl)}/login`;
  // One sentence to translate, the link where its address stands.
  const sentence = t`Your profile and resume are now in the Resume Library, where employers looking for people like you can find them. Log in at ${login} with your email and the password you chose to complete your profile and see matching jobs.`;
  const at = sentence.indexOf(login);
  const [before, after] = [sentence.slice(0, at), sentence.slice(at + login.length)];
  return (
    <section className="confirmation" role="status" aria-labelledby="confirmation-title">
      <h2 id="confirmation-title" ref={ref} tabIndex={-1}>
        {t`You're registered`}
      </h2>
      <p>
        {before}
        {/* Inside a job board's page, the login opens beside it rather than in the frame. */}
        <a href={login} {...(isEmbedded() ? { target: '_blank', rel: 'noopener' } : {})}>
          {login}
        </a>
        {after}
      </p>
      <button type="button" className="button button--quiet" onClick={onDismiss}>
        {t`Register someone else`}
      </button>
    </section>
  );
});
