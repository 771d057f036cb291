// One resume upload at a time: the XHR to /api/upload, its progress and its cancelling, and
// what each answer means for the candidate (docs/form.md: the local preview is optional).
import { t } from '@lingui/core/macro';
import { useRef, useState } from 'react';
import { PROVIDER_TEXTS, say, UPLOAD_TOAST_TEXTS } from '../../shared/messages.ts';
import type { ResumeFile } from '../../shared/schema.ts';
import { uploadFilename } from '../../shared/upload-name.ts';
import { readAsBase64, type UploadHandle, type UploadResult, uploadResume } from '../api.ts';
import type { HeldResume } from '../resume.ts';
import { notify } from '../toast/index.ts';

export interface Upload {
  /** From 0 to 1 while a file is sending, else null. */
  progress: number | null;
  /** What a screen reader hears about the upload. */
  status: string;
  /** Sends a held file: the resume to attach, or null when it was refused, failed or cancelled. */
  send: (held: HeldResume) => Promise<ResumeFile | null>;
  cancel: () => void;
}

export function useUpload({
  onUploaded,
  onError,
}: {
  onUploaded: (file: ResumeFile) => void;
  onError: (message: string | null) => void;
}): Upload {
  const [progress, setProgress] = useState<number | null>(null);
  const [status, setStatus] = useState('');
  const upload = useRef<UploadHandle | null>(null);

  const send = async ({ pending: file, filetype }: HeldResume) => {
    onError(null);
    setProgress(0);
    const { name } = file;
    setStatus(t`Uploading ${name}`);
    const handle = uploadResume(
      file,
      uploadFilename(file.name, Date.now(), Math.random),
      setProgress,
    );
    upload.current = handle;
    const result = await handle.result;
    upload.current = null;
    setProgress(null);
    const resume = await resumeFromUpload(file, filetype, result, onError);
    setStatus(!result.ok && result.reason === 'cancelled' ? t`Upload cancelled` : '');
    if (resume) onUploaded(resume);
    return resume;
  };

  return { progress, status, send, cancel: () => upload.current?.cancel() };
}

/**
 * What an upload's answer means for the candidate, wherever the file was chosen (step 3, or step
 * 1's "Start with your resume"): the toasts, the field's message for a refused file, and the
 * resume to attach, with its local preview when the file can be read (docs/form.md: optional); null
 * when the server refused it or the candidate cancelled.
 */
async function resumeFromUpload(
  file: File,
  filetype: string,
  result: UploadResult,
  onError: (message: string) => void,
): Promise<ResumeFile | null> {
  if (!result.ok) {
    if (result.reason === 'server') {
      if (result.error && (result.status === 413 || result.status === 415)) onError(result.error);
      notify(
        'error',
        result.status === 429
          ? say(PROVIDER_TEXTS.tooManyRequests)
          : say(UPLOAD_TOAST_TEXTS.serverError),
      );
    }
    return null;
  }
  const resume: ResumeFile = {
    filename: file.name,
    filetype,
    uploadedUrl: result.url,
    ...(result.deleteToken ? { deleteToken: result.deleteToken } : {}),
  };
  try {
    resume.base64 = await readAsBase64(file);
    notify('success', say(UPLOAD_TOAST_TEXTS.success));
  } catch {
    notify('success', say(UPLOAD_TOAST_TEXTS.successWithoutPreview));
  }
  return resume;
}
