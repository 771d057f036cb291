// Structured logs that never carry a password, resume content or a credential.
import pino, { type DestinationStream, type Logger } from 'pino';

export const REDACTED_PATHS = [
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
 * A logger to `destination`, or by default to stdout through pino's asynchronous, buffered
 * destination: one write per 4 KB instead of one per line, which cost a registration more
 * than all of its validation (BENCHMARKS.md). Pino flushes the buffer when the process exits;
 * only a kill -9 or a power cut can lose the last second of lines.
 */
export function createLogger(destination?: DestinationStream, level = 'info'): Logger {
  const options = { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } };
  if (destination) return pino(options, destination);
  const logger = pino(options, pino.destination({ dest: 1, minLength: BUFFER_BYTES, sync: false }));
  setInterval(() => logger.flush(), FLUSH_EVERY_MS).unref();
  return logger;
}
