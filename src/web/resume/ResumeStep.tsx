import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { type FileRejection, useDropzone } from 'react-dropzone';
import { useFormContext } from 'react-hook-form';
import { tooLongFor } from '../../shared/checks.ts';
import type { PublicConfig } from '../../shared/contract.ts';
import { FIELD_MESSAGES, PROVIDER_MESSAGES, UPLOAD_TOASTS } from '../../shared/messages.ts';
import type { UploadedResumeInfo } from '../../shared/payload.ts';
import { claimedResumeType, RESUME_ACCEPT } from '../../shared/resume-type.ts';
import type { FormValues } from '../../shared/schema.ts';
import { uploadFilename } from '../../shared/upload-name.ts';
import { resumeLinkFrom } from '../../shared/url.ts';
import { readAsBase64, type UploadHandle, uploadResume } from '../api.ts';
import { ErrorText, fieldId, RESUME_ERROR_ID } from '../fields/fields.tsx';
import { notify } from '../toast.tsx';

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
      <p className="hint" id="resume-hint">
        PDF, DOC, DOCX, TXT or RTF, up to 5 MB — or a link to your resume.
      </p>
      {error && <ErrorText id={RESUME_ERROR_ID}>{error}</ErrorText>}
      <Tabs tab={tab} onTab={setTab} />
      <div
        role="tabpanel"
        id="panel-file"
        aria-labelledby="tab-file"
        hidden={tab !== 'file'}
        className="tabpanel"
      >
        <UploadPanel config={config} onUploaded={attachFile} onError={onError} />
      </div>
      <div
        role="tabpanel"
        id="panel-url"
        aria-labelledby="tab-url"
        hidden={tab !== 'url'}
        className="tabpanel"
      >
        <UrlPanel onAttach={attachUrl} />
      </div>
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
                  .getElementById(tab === 'file' ? 'select-resume' : fieldId('resume_url_input'))
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

function rejectionMessage(rejections: FileRejection[]): string {
  const tooLarge = rejections.some((r) => r.errors.some((e) => e.code === 'file-too-large'));
  return tooLarge ? FIELD_MESSAGES.resumeTooLarge : FIELD_MESSAGES.resumeFileType;
}

function UploadPanel({
  config,
  onUploaded,
  onError,
}: {
  config: PublicConfig;
  onUploaded: (info: UploadedResumeInfo) => void;
  onError: (message: string | null) => void;
}) {
  const [progress, setProgress] = useState<number | null>(null);
  const [status, setStatus] = useState('');
  const upload = useRef<UploadHandle | null>(null);

  const send = async (file: File) => {
    const type = claimedResumeType(file.name, file.type);
    if (!type) {
      onError(FIELD_MESSAGES.resumeFileType);
      return;
    }
    onError(null);
    setProgress(0);
    setStatus(`Uploading ${file.name}`);
    const handle = uploadResume(
      file,
      uploadFilename(file.name, Date.now(), Math.random),
      setProgress,
    );
    upload.current = handle;
    const result = await handle.result;
    upload.current = null;
    setProgress(null);
    if (!result.ok) {
      setStatus(result.reason === 'cancelled' ? 'Upload cancelled' : '');
      if (result.reason === 'server') {
        if (result.error && (result.status === 413 || result.status === 415)) onError(result.error);
        notify(
          'error',
          result.status === 429 ? PROVIDER_MESSAGES.tooManyRequests : UPLOAD_TOASTS.serverError,
        );
      }
      return;
    }
    const info: UploadedResumeInfo = { url: result.url, filename: file.name, filetype: type };
    try {
      info.base64 = await readAsBase64(file);
      notify('success', UPLOAD_TOASTS.success);
    } catch {
      notify('success', UPLOAD_TOASTS.successWithoutPreview);
    }
    setStatus('');
    onUploaded(info);
  };

  const { getRootProps, getInputProps, open, isDragActive } = useDropzone({
    accept: RESUME_ACCEPT,
    maxSize: config.maxResumeBytes,
    multiple: false,
    noClick: true,
    noKeyboard: true,
    onDropAccepted: ([file]) => {
      if (file) send(file).catch(() => notify('error', UPLOAD_TOASTS.processingError));
    },
    onDropRejected: (rejections) => {
      const message = rejectionMessage(rejections);
      onError(message);
      notify(
        'error',
        message === FIELD_MESSAGES.resumeTooLarge ? message : FIELD_MESSAGES.dropRejected,
      );
    },
  });
  const uploading = progress !== null;
  const percent = Math.round((progress ?? 0) * 100);

  return (
    <div
      {...getRootProps({
        className: isDragActive ? 'dropzone dropzone--active' : 'dropzone',
        tabIndex: undefined,
        role: undefined,
      })}
    >
      <input {...getInputProps({ 'aria-label': 'Resume file' })} />
      <p>Drag and drop your resume here, or</p>
      <button
        id="select-resume"
        type="button"
        className="button"
        onClick={open}
        disabled={uploading}
        aria-describedby="resume-hint"
      >
        Select Resume
      </button>
      {uploading && (
        <div className="progress">
          <div
            role="progressbar"
            aria-label="Upload progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="progress__bar"
          >
            <span style={{ width: `${percent}%` }} />
          </div>
          <button
            type="button"
            className="button button--quiet"
            onClick={() => upload.current?.cancel()}
          >
            Cancel<span className="visually-hidden"> upload</span>
          </button>
        </div>
      )}
      <p className="visually-hidden" aria-live="polite">
        {status}
      </p>
    </div>
  );
}

function UrlPanel({ onAttach }: { onAttach: (url: string) => void }) {
  const [input, setInput] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = fieldId('resume_url_input');
  const errorId = useId();

  const attach = () => {
    try {
      const link = resumeLinkFrom(input);
      const problem = link ? tooLongFor('resume_url', link.url) : FIELD_MESSAGES.url;
      if (!link || problem) {
        setError(problem);
        document.getElementById(id)?.focus();
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
    <div className={error ? 'field field--invalid' : 'field'}>
      <label htmlFor={id}>Resume URL</label>
      {error && <ErrorText id={errorId}>{error}</ErrorText>}
      <div className="url-row">
        <input
          id={id}
          type="url"
          inputMode="url"
          autoComplete="url"
          spellCheck={false}
          value={input}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : 'resume-hint'}
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
