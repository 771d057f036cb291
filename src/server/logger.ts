// Structured logs that never carry a password, resume content or a credential.
import pino, { type DestinationStream, type Logger } from 'pino';
import { isFrameless } from './stack.ts';

const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'password',
  '*.password',
  '*.*.password',
  'resume_content_base64',
  '*.resume_content_base64',
  '*.*.resume_content_base64',
];

/** Lines wait in memory until this many bytes are ready, or FLUSH_EVERY_MS has passed. */
const BUFFER_BYTES = 4096;
const FLUSH_EVERY_MS = 1000;

/**
 * pino's serializer of `err`, after giving an error with no frames at all (one Node's I/O made,
 * which no code of ours has framed: stack.ts) the frames of the code that logs it. Node maps
 * them to our source files like every other stack (boot.ts).
 * @internal stack.test.ts checks the frames it maps, apart from a logger.
 */
export function serializeError(error: unknown) {
  if (isFrameless(error)) Error.captureStackTrace(error, serializeError);
  return pino.stdSerializers.err(error as Error);
}

/**
 * A logger to `destination`, or by default to stdout through pino's asynchronous, buffered
 * destination: one write per 4 KB instead of one per line, which cost a registration more
 * than all of its validation (BENCHMARKS.md). Pino flushes the buffer when the process exits;
 * only a kill -9 or a power cut can lose the last second of lines.
 */
export function createLogger(destination?: DestinationStream, level = 'info'): Logger {
  const options = {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: { err: serializeError },
  };
  if (destination) return pino(options, destination);
  const logger = pino(options, pino.destination({ dest: 1, minLength: BUFFER_BYTES, sync: false }));
  setInterval(() => logger.flush(), FLUSH_EVERY_MS).unref();
  return logger;
}
