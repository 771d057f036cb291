// The "Upload File" tab: a drop zone with a Select Resume button, and the upload's progress.
import { type FileRejection, useDropzone } from 'react-dropzone';
import type { PublicConfig } from '../../shared/contract.ts';
import { FIELD_MESSAGES, UPLOAD_TOASTS } from '../../shared/messages.ts';
import type { UploadedResumeInfo } from '../../shared/payload.ts';
import { RESUME_ACCEPT } from '../../shared/resume-type.ts';
import { RESUME_HINT_ID, SELECT_RESUME_ID } from '../fields/fields.tsx';
import { notify } from '../toast.tsx';
import { useUpload } from './useUpload.ts';

function rejectionMessage(rejections: FileRejection[]): string {
  const tooLarge = rejections.some((r) => r.errors.some((e) => e.code === 'file-too-large'));
  return tooLarge ? FIELD_MESSAGES.resumeTooLarge : FIELD_MESSAGES.resumeFileType;
}

export function UploadPanel({
  config,
  onUploaded,
  onError,
}: {
  config: PublicConfig;
  onUploaded: (info: UploadedResumeInfo) => void;
  onError: (message: string | null) => void;
}) {
  const { progress, status, send, cancel } = useUpload({ onUploaded, onError });
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
        id={SELECT_RESUME_ID}
        type="button"
        className="button"
        onClick={open}
        disabled={uploading}
        aria-describedby={RESUME_HINT_ID}
      >
        Select Resume
      </button>
      {uploading && <Progress percent={Math.round(progress * 100)} onCancel={cancel} />}
      <p className="visually-hidden" aria-live="polite">
        {status}
      </p>
    </div>
  );
}

function Progress({ percent, onCancel }: { percent: number; onCancel: () => void }) {
  return (
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
      <button type="button" className="button button--quiet" onClick={onCancel}>
        Cancel<span className="visually-hidden"> upload</span>
      </button>
    </div>
  );
}
