// The browser's calls to our own server once the candidate acts: the upload, taking it back, and
// the registration (the configuration the page reads as it hydrates: config.ts). The provider is
// never called from here.
import { DELETE_TOKEN_HEADER, type RegistrationAnswer } from '../shared/contract.ts';
import { IDEMPOTENCY_HEADER } from '../shared/idempotency.ts';
import { parseRegistrationAnswer, parseUploadAnswer } from './api-parsers.ts';
import { pageLocale } from './i18n.ts';

export type UploadResult =
  | { ok: true; filename: string; url: string; deleteToken: string }
  | { ok: false; reason: 'server' | 'cancelled'; status: number; error?: string };

export interface UploadHandle {
  result: Promise<UploadResult>;
  cancel(): void;
}

/** POST /api/upload with `filename` before `file`, reporting progress from 0 to 1. */
export function uploadResume(
  file: File,
  uniqueName: string,
  onProgress: (fraction: number) => void,
): UploadHandle {
  const xhr = new XMLHttpRequest();
  const result = new Promise<UploadResult>((resolve) => {
    const failed = (reason: 'server' | 'cancelled') => () =>
      resolve({ ok: false, reason, status: xhr.status, error: errorOf(xhr) });
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const answer = parseUploadAnswer(parseJson(xhr.responseText));
      if (xhr.status === 200 && answer?.success) {
        const { filename, url, delete_token: deleteToken } = answer;
        resolve({ ok: true, filename, url, deleteToken });
      } else {
        failed('server')();
      }
    };
    xhr.onerror = failed('server');
    xhr.ontimeout = failed('server');
    xhr.onabort = failed('cancelled');
  });
  const form = new FormData();
  form.append('filename', uniqueName);
  form.append('file', file);
  xhr.open('POST', '/api/upload');
  // The page's language, for the server's answers (docs/languages.md): a browser that asks for another
  // one still gets the page's own in its toasts and errors.
  xhr.setRequestHeader('accept-language', pageLocale());
  xhr.withCredentials = true;
  xhr.send(form);
  return { result, cancel: () => xhr.abort() };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function errorOf(xhr: XMLHttpRequest): string | undefined {
  const answer = parseUploadAnswer(parseJson(xhr.responseText));
  return answer && !answer.success ? answer.error : undefined;
}

/** What POST /api/register got: its HTTP status and its body (null: none that could be read). */
interface RegisterResult {
  /** Null when no answer came at all, or it was cut off: the server may have registered or not. */
  status: number | null;
  answer: RegistrationAnswer | null;
}

/** POST /api/register with the submission's idempotency key (docs/form.md). */
export async function register(body: unknown, idempotencyKey: string): Promise<RegisterResult> {
  try {
    const response = await fetch('/api/register', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'accept-language': pageLocale(),
        [IDEMPOTENCY_HEADER]: idempotencyKey,
      },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, answer: parseRegistrationAnswer(parseJson(text)) };
  } catch {
    return { status: null, answer: null };
  }
}

/** Reads a file as base64 (without the data: prefix) for the local preview. */
export function readAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result ?? '');
      const comma = url.indexOf(',');
      if (comma < 0) reject(new Error('Unexpected data URL'));
      else resolve(url.slice(comma + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsDataURL(file);
  });
}

/**
 * DELETE /api/upload/<name> with the upload's delete token (docs/api.md): the server deletes the
 * file at `url` now rather than at the orphan sweep. Sent and left: it outlives the page
 * (keepalive), and a file it cannot delete goes at the sweep all the same.
 */
export function deleteUpload(url: string, deleteToken: string): void {
  let name: string | undefined;
  try {
    name = new URL(url, document.baseURI).pathname.split('/').pop();
  } catch {
    return;
  }
  if (!name) return;
  fetch(`/api/upload/${encodeURIComponent(name)}`, {
    method: 'DELETE',
    headers: { [DELETE_TOKEN_HEADER]: deleteToken },
    keepalive: true,
  }).catch(() => undefined);
}
