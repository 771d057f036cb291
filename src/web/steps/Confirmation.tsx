import { t } from '@lingui/core/macro';
import { forwardRef } from 'react';
import { withoutTrailingSlashes } from '../../shared/url.ts';
import { isEmbedded } from '../framed/index.ts';
import type { Confirmed } from '../wizard/index.ts';

/**
 * Stays above the (reset) form after a registration until the candidate starts again. A queued
 * registration (OUTBOX=on: the server delivers it later) is not yet in the Resume Library, and
 * the confirmation does not say it is.
 */
export const Confirmation = forwardRef<
  HTMLHeadingElement,
  { confirmed: Confirmed; jobBoardUrl: string; onDismiss: () => void }
>(function Confirmation({ confirmed, jobBoardUrl, onDismiss }, ref) {
  const login = `${withoutTrailingSlashes(jobBoardUrl)}/login`;
  const queued = confirmed === 'queued';
  // One sentence to translate, the link where its address stands.
  const sentence = queued
    ? t`We will send your profile and resume to the Resume Library shortly, and employers looking for people like you will be able to find them there. You will then be able to log in at ${login} with your email and the password you chose to complete your profile and see matching jobs.`
    : t`Your profile and resume are now in the Resume Library, where employers looking for people like you can find them. Log in at ${login} with your email and the password you chose to complete your profile and see matching jobs.`;
  const at = sentence.indexOf(login);
  const [before, after] = [sentence.slice(0, at), sentence.slice(at + login.length)];
  return (
    <section className="confirmation" role="status" aria-labelledby="confirmation-title">
      <h2 id="confirmation-title" ref={ref} tabIndex={-1}>
        {queued ? t`We have your registration` : t`You're registered`}
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
