// Step 3: a resume from a file or from a link, in two tabs, and the one attached.
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { type KeyboardEvent, type ReactNode, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { MAX_RESUME_BYTES, RESUME_TYPES } from '../../shared/constants.ts';
import type { PublicConfig } from '../../shared/contract.ts';
import type { FormValues } from '../../shared/schema.ts';
import { resumeLinkFrom } from '../../shared/url.ts';
import {
  ErrorText,
  RESUME_ERROR_ID,
  RESUME_HINT_ID,
  SELECT_RESUME_ID,
  useFieldError,
} from '../fields/index.ts';
import { attachResume, isHeld } from '../resume.ts';
import { UploadPanel } from './UploadPanel.tsx';
import { RESUME_URL_INPUT_ID, UrlPanel } from './UrlPanel.tsx';

const TYPES = RESUME_TYPES.map((type) => type.toUpperCase());
/** What a resume may be: "PDF, DOC, DOCX, TXT or RTF, up to 5 MB", from the limits themselves. */
const [KINDS, LAST_KIND, MEGABYTES] = [
  TYPES.slice(0, -1).join(', '),
  TYPES.at(-1) ?? '',
  MAX_RESUME_BYTES / 1024 / 1024,
];
const resumeHint = () =>
  t`${KINDS} or ${LAST_KIND}, up to ${MEGABYTES} MB — or a link to your resume.`;
export const RESUME_HINT = `${KINDS} or ${LAST_KIND}, up to ${MEGABYTES} MB — or a link to your resume.`;

type Tab = 'file' | 'url';

/** The resume field: its hint and message, the two ways to attach one, and the one attached. */
export function ResumeStep({ config }: { config: PublicConfig }) {
  const form = useFormContext<FormValues>();
  const resume = form.watch('resume');
  const error = useFieldError('resume');
  const [tab, setTab] = useState<Tab>('file');
  const attachedName =
    resume && ('url' in resume ? resumeLinkFrom(resume.url)?.filename : resume.filename);

  /** An upload's problem, or null as a new upload starts. */
  const onUploadError = (message: string | null) =>
    message ? form.setError('resume', { type: 'upload', message }) : form.clearErrors('resume');
  const remove = () => form.setValue('resume', null, { shouldDirty: true });
  const pending = isHeld(resume) ? resume : undefined;

  return (
    <div className="resume">
      <p className="hint" id={RESUME_HINT_ID}>
        {resumeHint()}
      </p>
      {error && <ErrorText id={RESUME_ERROR_ID}>{error}</ErrorText>}
      <Tabs tab={tab} onTab={setTab} />
      <TabPanel name="file" shown={tab}>
        <UploadPanel
          config={config}
          onUploaded={(file) => attachResume(form, file)}
          onError={onUploadError}
          pending={pending}
          onPendingFailed={() => {
            const now = form.getValues('resume');
            if (isHeld(now) && now.pending === pending?.pending) {
              form.setValue('resume', null, { shouldDirty: true });
            }
          }}
        />
      </TabPanel>
      <TabPanel name="url" shown={tab}>
        <UrlPanel
          onAttach={(url) => attachResume(form, { url })}
          links={{ privateHosts: config.privateLinkHosts, ownHost: config.ownHost }}
        />
      </TabPanel>
      {attachedName && (
        <div className="attached" aria-live="polite">
          <p>
            {t`Resume added:`} <strong>{attachedName}</strong>
          </p>
          <div className="attached__actions">
            <button type="button" className="button button--quiet" onClick={remove}>
              {t`Remove`}
            </button>
            <button
              type="button"
              className="button button--quiet"
              onClick={() =>
                document
                  .getElementById(tab === 'file' ? SELECT_RESUME_ID : RESUME_URL_INPUT_ID)
                  ?.focus()
              }
            >
              {t`Replace`}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

const TABS: { id: Tab; label: MessageDescriptor }[] = [
  { id: 'file', label: msg`Upload File` },
  { id: 'url', label: msg`Add URL` },
];

function Tabs({ tab, onTab }: { tab: Tab; onTab: (tab: Tab) => void }) {
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = TABS.findIndex((item) => item.id === tab);
    const moves: Record<string, number> = {
      ArrowRight: 1,
      ArrowLeft: -1,
      Home: -index,
      End: TABS.length - 1 - index,
    };
    const move = moves[event.key];
    if (move === undefined) return;
    event.preventDefault();
    const next = TABS[(index + move + TABS.length) % TABS.length] as (typeof TABS)[number];
    onTab(next.id);
    document.getElementById(`tab-${next.id}`)?.focus();
  };
  return (
    <div role="tablist" aria-label={t`How to add your resume`} className="tabs">
      {TABS.map((item) => (
        <button
          key={item.id}
          type="button"
          role="tab"
          id={`tab-${item.id}`}
          aria-selected={tab === item.id}
          aria-controls={`panel-${item.id}`}
          tabIndex={tab === item.id ? 0 : -1}
          onClick={() => onTab(item.id)}
          onKeyDown={onKeyDown}
        >
          {i18n._(item.label)}
        </button>
      ))}
    </div>
  );
}

/** One tab's panel, labelled by its tab and hidden while another tab is selected. */
function TabPanel({ name, shown, children }: { name: Tab; shown: Tab; children: ReactNode }) {
  return (
    <div
      role="tabpanel"
      id={`panel-${name}`}
      aria-labelledby={`tab-${name}`}
      hidden={shown !== name}
      className="tabpanel"
    >
      {children}
    </div>
  );
}
