// Code the page loads on demand (the later steps, the toasts, the form's rules) is asked for more
// than once: on the first input, then when it is needed. One request serves them all, and a
// request that failed (a phone between networks) is not remembered: the next ask tries again.

/** `load`, run once for every caller while it works; after a failure, run again on the next call. */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}

/** Code asked for on demand that did not arrive: the caller says so, and nothing typed is lost. */
export class NotDownloaded extends Error {
  constructor(cause: unknown) {
    super('Part of the form did not download', { cause });
    this.name = 'NotDownloaded';
  }
}

/** `load`'s promise, its failure marked as NotDownloaded. */
export function downloaded<T>(load: Promise<T>): Promise<T> {
  return load.catch((cause: unknown) => {
    throw new NotDownloaded(cause);
  });
}
