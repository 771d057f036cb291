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
