// POST /api/upload over real HTTP, with the form parts in the order a test asks for.
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

/** The browser's order: the unique name first, then the file (DESIGN §3). */
export function browserUpload(base: string, file: Uint8Array, name: string, type: string) {
  return upload(base, [
    { field: 'filename', value: `1732270000000-k3j4h5g6-${name}` },
    { file, name, type },
  ]);
}
