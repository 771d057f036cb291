// Code the page loads on demand (the later steps, the toasts, the form's rules) is asked for more
// than once: on the first input, then when it is needed. One request serves them all, and a
// request that failed (a phone between networks) is not remembered: the next ask tries again.
// Firefox and WebKit do remember it: a module whose download failed fails again from memory,
// without a request, for as long as the page lives. importOnDemand asks for the same file at a
// URL of its own after each failure, so that the next ask really goes to the network.

/** `load`, run once for every caller while it works; after a failure, run again on the next call. */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}

/** The module a loader imports, as the build wrote it: ``() => import(`./rules-B1x2.js`)``. */
const IMPORTED = /\bimport\(\s*(["'`])([^"'`\s]{1,300})\1\s*\)/;
/** Failed downloads so far, per module URL. */
const failures = new Map<string, number>();

/**
 * `importer()` (a function that only imports: `() => import('./rules.ts')`); after a failed
 * download, the same file at `?retry=N`, a URL the browser has no failure remembered for. The
 * built chunks share one folder, so the importer's relative path resolves against this module's.
 */
export function importOnDemand<M>(
  importer: () => Promise<M>,
  base = import.meta.url,
  importUrl = (url: string): Promise<M> => import(/* @vite-ignore */ url),
): Promise<M> {
  const specifier = IMPORTED.exec(importer.toString())?.[2];
  if (!specifier) return importer();
  const url = new URL(specifier, base).href;
  const failed = failures.get(url) ?? 0;
  const attempt = failed === 0 ? importer() : importUrl(`${url}?retry=${failed}`);
  return attempt.catch((error: unknown) => {
    failures.set(url, failed + 1);
    throw error;
  });
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
