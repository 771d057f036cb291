// Step 3: a resume from a file or from a link, in two tabs, and the one attached.
import { type KeyboardEvent, type ReactNode, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { MAX_RESUME_BYTES, RESUME_TYPES } from '../../shared/constants.ts';
import type { PublicConfig } from '../../shared/contract.ts';
import type { FormValues } from '../../shared/schema.ts';
import { resumeLinkFrom } from '../../shared/url.ts';
import {
  ErrorText,
  fieldId,
  RESUME_ERROR_ID,
  RESUME_HINT_ID,
  SELECT_RESUME_ID,
} from '../fields/fields.tsx';
import type { UploadedResumeInfo } from '../wizard/submission.ts';
import { UploadPanel } from './UploadPanel.tsx';
import { UrlPanel } from './UrlPanel.tsx';

const TYPES = RESUME_TYPES.map((type) => type.toUpperCase());
/** What a resume may be: "PDF, DOC, DOCX, TXT or RTF, up to 5 MB", from the limits themselves. */
export const RESUME_HINT = `${TYPES.slice(0, -1).join(', ')} or ${TYPES.at(-1)}, up to ${
  MAX_RESUME_BYTES / 1024 / 1024
} MB — or a link to your resume.`;

interface Props {
  config: PublicConfig;
  resume: UploadedResumeInfo | null;
  onResume: (resume: UploadedResumeInfo | null) => void;
  /** A resume problem from a failed submit or the provider. */
  error: string | null;
  onError: (message: string | null) => void;
}

type Tab = 'file' | 'url';

export function ResumeStep({ config, resume, onResume, error, onError }: Props) {
  const { watch, setValue } = useFormContext<FormValues>();
  const resumeUrl = watch('resume_url');
  const [tab, setTab] = useState<Tab>('file');
  const link = resumeUrl ? resumeLinkFrom(resumeUrl) : null;
  const attachedName = link?.filename ?? resume?.filename ?? null;

  const attachFile = (info: UploadedResumeInfo) => {
    setValue('resume_url', '', { shouldDirty: true });
    onResume(info);
    onError(null);
  };
  const attachUrl = (url: string) => {
    setValue('resume_url', url, { shouldDirty: true });
    onResume(null);
    onError(null);
  };
  const remove = () => {
    setValue('resume_url', '', { shouldDirty: true });
    onResume(null);
  };

  return (
    <div className="resume">
      <p className="hint" id={RESUME_HINT_ID}>
        {RESUME_HINT}
      </p>
      {error && <ErrorText id={RESUME_ERROR_ID}>{error}</ErrorText>}
      <Tabs tab={tab} onTab={setTab} />
      <TabPanel name="file" shown={tab}>
        <UploadPanel config={config} onUploaded={attachFile} onError={onError} />
      </TabPanel>
      <TabPanel name="url" shown={tab}>
        <UrlPanel onAttach={attachUrl} />
      </TabPanel>
      {attachedName && (
        <div className="attached" aria-live="polite">
          <p>
            Resume added: <strong>{attachedName}</strong>
          </p>
          <div className="attached__actions">
            <button type="button" className="button button--quiet" onClick={remove}>
              Remove
            </button>
            <button
              type="button"
              className="button button--quiet"
              onClick={() =>
                document
                  .getElementById(tab === 'file' ? SELECT_RESUME_ID : fieldId('resume_url_input'))
                  ?.focus()
              }
            >
              Replace
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

const TABS: { id: Tab; label: string }[] = [
  { id: 'file', label: 'Upload File' },
  { id: 'url', label: 'Add URL' },
];

function Tabs({ tab, onTab }: { tab: Tab; onTab: (tab: Tab) => void }) {
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = TABS.findIndex((t) => t.id === tab);
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
    <div role="tablist" aria-label="How to add your resume" className="tabs">
      {TABS.map((t) => (
        <button
          key={t.id}
          type="button"
          role="tab"
          id={`tab-${t.id}`}
          aria-selected={tab === t.id}
          aria-controls={`panel-${t.id}`}
          tabIndex={tab === t.id ? 0 : -1}
          onClick={() => onTab(t.id)}
          onKeyDown={onKeyDown}
        >
          {t.label}
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
