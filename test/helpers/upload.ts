// POST /api/upload over real HTTP, with the form parts in the order a test asks for, or with
// a body the test writes by hand, as slowly as it likes.
import { type ClientRequest, request } from 'node:http';

export type FormPart =
  | { field: string; value: string }
  | { file: Uint8Array; name: string; type?: string };

export interface UploadAnswer {
  status: number;
  body: unknown;
}

export async function upload(
  base: string,
  parts: FormPart[],
  timeoutMs = 10_000,
): Promise<UploadAnswer> {
  const form = new FormData();
  for (const part of parts) {
    if ('field' in part) form.append(part.field, part.value);
    else
      form.append(
        'file',
        new Blob([new Uint8Array(part.file)], { type: part.type ?? '' }),
        part.name,
      );
  }
  const response = await fetch(`${base}/api/upload`, {
    method: 'POST',
    body: form,
    signal: AbortSignal.timeout(timeoutMs),
  });
  return { status: response.status, body: await response.json() };
}

/** The browser's order: the unique name first, then the file (docs/api.md). */
export function browserUpload(base: string, file: Uint8Array, name: string, type: string) {
  return upload(base, [
    { field: 'filename', value: `1732270000000-k3j4h5g6-${name}` },
    { file, name, type },
  ]);
}

const BOUNDARY = 'hand-written-boundary';

/** The browser's two parts around a 512 KB PDF, in the pieces a test writes. */
export const HAND_WRITTEN_UPLOAD = {
  HEAD: Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="filename"\r\n\r\n1732270000000-k3j4h5g6-cv.pdf\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  ),
  PDF: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(512 * 1024, 0x20)]),
  TAIL: Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
};

/**
 * Opens an upload of HAND_WRITTEN_UPLOAD's length whose bytes the test writes to `client`;
 * `answer` resolves with what came back, or the error code that ended it.
 */
export function handWrittenUpload(base: string) {
  const { HEAD, PDF, TAIL } = HAND_WRITTEN_UPLOAD;
  const target = new URL('/api/upload', base);
  let client!: ClientRequest;
  const answer = new Promise<{ status: number; body: string } | { error: string }>((resolve) => {
    client = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          'content-length': HEAD.length + PDF.length + TAIL.length,
        },
      },
      (response) => {
        let body = '';
        response.on('data', (chunk) => {
          body += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        response.on('error', (error: NodeJS.ErrnoException) =>
          resolve({ error: error.code ?? error.message }),
        );
      },
    );
    client.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ error: error.code ?? error.message }),
    );
  });
  return { client, answer };
}
