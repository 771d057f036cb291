// The "Upload File" tab: a drop zone with a Select Resume button, and the upload's progress.
// The drop zone is the native drag-and-drop events on a div around the file input.
import { t } from '@lingui/core/macro';
import { type DragEvent, useEffect, useRef, useState } from 'react';
import { RESUME_ACCEPT } from '../../shared/constants.ts';
import type { PublicConfig } from '../../shared/contract.ts';
import { FIELD_TEXTS, say, UPLOAD_TOAST_TEXTS } from '../../shared/messages.ts';
import type { ResumeFile } from '../../shared/schema.ts';
import { RESUME_HINT_ID, SELECT_RESUME_ID } from '../fields/index.ts';
import { chooseResume, type HeldResume } from '../resume.ts';
import { notify } from '../toast/index.ts';
import { uploadSentence } from './notice-texts.ts';
import { useUpload } from './useUpload.ts';

/** Where the file is chosen, what becomes of it once sent (docs/form.md): Select Resume's description. */
const UPLOAD_NOTICE_ID = 'upload-notice';

/** Whether a drag carries files (not text or a link dragged from the page). */
const carriesFiles = (event: DragEvent | globalThis.DragEvent) =>
  [...(event.dataTransfer?.types ?? [])].includes('Files');

export function UploadPanel({
  config,
  onUploaded,
  onError,
  pending,
  onPendingFailed,
}: {
  config: PublicConfig;
  onUploaded: (file: ResumeFile) => void;
  onError: (message: string | null) => void;
  /** A file attached but not yet sent (step 1's autofill): sent as this panel appears. */
  pending: HeldResume | undefined;
  /** The pending file was refused, failed or cancelled: it is no longer the resume. */
  onPendingFailed: () => void;
}) {
  const { progress, status, send, cancel } = useUpload({ onUploaded, onError });
  const input = useRef<HTMLInputElement>(null);
  const zone = useRef<HTMLDivElement>(null);
  // dragenter and dragleave fire for every child the pointer crosses: count them.
  const depth = useRef(0);
  const [dragActive, setDragActive] = useState(false);
  const uploading = progress !== null;

  const take = (files: readonly File[]) => {
    if (files.length === 0) return;
    const resume = chooseResume(files, config.maxResumeBytes);
    if (typeof resume === 'string') {
      onError(say(FIELD_TEXTS[resume]));
      notify('error', say(FIELD_TEXTS[resume === 'resumeTooLarge' ? resume : 'dropRejected']));
    } else {
      send(resume).catch(() => notify('error', say(UPLOAD_TOAST_TEXTS.processingError)));
    }
  };

  // A held file goes as soon as the step shows it, once (effects may run twice), with this
  // panel's progress; removing it meanwhile cancels the upload.
  const sent = useRef<File | null>(null);
  const file = pending?.pending;
  // biome-ignore lint/correctness/useExhaustiveDependencies: send, cancel, pending and onPendingFailed are new each render; the file alone decides.
  useEffect(() => {
    if (!pending || !file || sent.current === file) return;
    sent.current = file;
    send(pending).then(
      (resume) => {
        if (!resume) onPendingFailed();
      },
      () => {
        onPendingFailed();
        notify('error', say(UPLOAD_TOAST_TEXTS.processingError));
      },
    );
    return () => {
      if (sent.current === file) cancel();
    };
  }, [file]);

  // A file dropped beside the zone must not replace the form with the file.
  useEffect(() => {
    const outside = (event: globalThis.DragEvent) => {
      if (!zone.current?.contains(event.target as Node)) event.preventDefault();
    };
    document.addEventListener('dragover', outside);
    document.addEventListener('drop', outside);
    return () => {
      document.removeEventListener('dragover', outside);
      document.removeEventListener('drop', outside);
    };
  }, []);

  return (
    <>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target for the pointer; the Select Resume button is the way in for keyboards. */}
      <div
        ref={zone}
        className={dragActive ? 'dropzone dropzone--active' : 'dropzone'}
        onDragEnter={(event) => {
          event.preventDefault();
          if (!carriesFiles(event)) return;
          depth.current++;
          setDragActive(true);
        }}
        onDragOver={(event) => {
          event.preventDefault();
          if (carriesFiles(event)) event.dataTransfer.dropEffect = 'copy';
        }}
        onDragLeave={() => {
          depth.current = Math.max(0, depth.current - 1);
          if (depth.current === 0) setDragActive(false);
        }}
        onDrop={(event) => {
          event.preventDefault();
          depth.current = 0;
          setDragActive(false);
          if (carriesFiles(event)) take([...event.dataTransfer.files]);
        }}
      >
        <input
          ref={input}
          type="file"
          accept={RESUME_ACCEPT}
          aria-label={t`Resume file`}
          tabIndex={-1}
          className="visually-hidden"
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            // Choosing the same file again is a change too.
            event.target.value = '';
            take(files);
          }}
        />
        <p>{t`Drag and drop your resume here, or`}</p>
        <button
          id={SELECT_RESUME_ID}
          type="button"
          className="button"
          onClick={() => input.current?.click()}
          disabled={uploading}
          aria-describedby={`${RESUME_HINT_ID} ${UPLOAD_NOTICE_ID}`}
        >
          {t`Select Resume`}
        </button>
        {uploading && <Progress percent={Math.round(progress * 100)} onCancel={cancel} />}
        <p className="visually-hidden" aria-live="polite">
          {status}
        </p>
      </div>
      <p className="hint upload-notice" id={UPLOAD_NOTICE_ID}>
        {uploadSentence(say, config)}
      </p>
    </>
  );
}

function Progress({ percent, onCancel }: { percent: number; onCancel: () => void }) {
  return (
    <div className="progress">
      <div
        role="progressbar"
        aria-label={t`Upload progress`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="progress__bar"
      >
        <span style={{ width: `${percent}%` }} />
      </div>
      <button type="button" className="button button--quiet" onClick={onCancel}>
        {t`Cancel`}
        <span className="visually-hidden"> {t`upload`}</span>
      </button>
    </div>
  );
}
