// Errors made by Node's own I/O (a failed open, write or stat: ENOTDIR, ENOSPC, EACCES) carry no
// JavaScript frames: libuv made them, so their stack is their message alone, and a logged one
// says nothing of where it happened. Given the frames of the code that awaited them, Node then
// maps those to our source files like any other stack (boot.ts).

/** A line of a stack that names a place in code. */
const FRAME = /\n {4}at /;

/** Whether `error` is an Error whose stack names no place in code. */
export const isFrameless = (error: unknown): error is Error =>
  error instanceof Error && !FRAME.test(error.stack ?? '');

/**
 * `work`'s result; an error it rejects with that names no place in code is given the frames
 * of the code awaiting this call (V8's async stack: the storage method, the route), its name,
 * message and code unchanged. Other errors pass as they are.
 */
export async function withFrames<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isFrameless(error)) Error.captureStackTrace(error);
    throw error;
  }
}
