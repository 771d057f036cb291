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

export function createLogger(destination?: DestinationStream, level = 'info'): Logger {
  return pino({ level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, destination);
}
