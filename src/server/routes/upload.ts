// POST /api/upload: a streamed, checked resume upload (DESIGN §3).
import { randomBytes } from 'node:crypto';
import type { FastifyError, FastifyPluginAsync, FastifyReply } from 'fastify';
import { MAX_RESUME_BYTES, type ResumeType } from '../../shared/constants.ts';
import { UPLOAD_ERRORS } from '../../shared/messages.ts';
import { claimedResumeType } from '../../shared/resume-type.ts';
import type { RateLimit } from '../config.ts';
import type { Metrics } from '../metrics.ts';
import { limitedBy } from '../rate-limit.ts';
import type { ResumeStorage } from '../storage/storage.ts';
import { checkedUpload, UploadRejected } from '../upload-check.ts';

export interface UploadRouteOptions {
  storage: ResumeStorage;
  metrics: Metrics;
  limit: RateLimit | null;
  resumeUrl: (filename: string) => string;
}

type UploadError = keyof typeof UPLOAD_ERRORS;

/** One table of upload failures: status and message (DESIGN §3). */
const UPLOAD_STATUS: Record<UploadError, 400 | 413 | 415 | 500> = {
  noFile: 400,
  empty: 400,
  malformed: 400,
  tooLarge: 413,
  type: 415,
  contentMismatch: 415,
  storage: 500,
};

const MAX_HINT_LENGTH = 100;
/** Multipart framing around a 5 MB file never comes near this. */
const MAX_REQUEST_BYTES = MAX_RESUME_BYTES + 64 * 1024;

function fail(reply: FastifyReply, error: UploadError) {
  return reply.code(UPLOAD_STATUS[error]).send({ success: false, error: UPLOAD_ERRORS[error] });
}

/**
 * The stored name: 128 bits of server randomness, then the client's hint reduced to
 * [A-Za-z0-9._-] and capped, always ending in the verified type's extension.
 */
export function storedName(hint: string, type: ResumeType): string {
  const base = hint
    .replace(/[^A-Za-z0-9._-]/g, '')
    .replace(/^[.-]+/, '')
    .replace(/\.{2,}/g, '.')
    .slice(-MAX_HINT_LENGTH);
  const withExtension = base.toLowerCase().endsWith(`.${type}`) ? base : `${base}.${type}`;
  return `${randomBytes(16).toString('hex')}-${withExtension.replace(/^\./, '')}`;
}

function fieldValue(field: unknown): string | undefined {
  const value = (field as { value?: unknown } | undefined)?.value;
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

export const uploadRoute: FastifyPluginAsync<UploadRouteOptions> = async (app, options) => {
  const refuse = (reply: FastifyReply, error: UploadError) => {
    options.metrics.uploads.inc({ result: error });
    return fail(reply, error);
  };
  app.post(
    '/api/upload',
    {
      ...limitedBy(options.limit),
      errorHandler: (error: FastifyError, _request, reply) => {
        // Errors before the handler (a rate limit, a malformed request) in this route's shape.
        const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
        if (status === 500) throw error;
        return reply.code(status).send({ success: false, error: error.message });
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) return refuse(reply, 'malformed');
      if (Number(request.headers['content-length'] ?? 0) > MAX_REQUEST_BYTES) {
        // Nothing to gain from reading megabytes we will refuse.
        reply.header('connection', 'close');
        return refuse(reply, 'tooLarge');
      }
      const part = await request.file({
        throwFileSizeLimit: false,
        limits: { fileSize: MAX_RESUME_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
      });
      if (!part) return refuse(reply, 'noFile');

      const type = claimedResumeType(part.filename, part.mimetype);
      if (!type) {
        part.file.resume();
        await new Promise((resolve) => part.file.once('close', resolve));
        return refuse(reply, 'type');
      }
      // The `filename` field is a hint, read only if it came before the file (DESIGN §3).
      const name = storedName(fieldValue(part.fields.filename) ?? part.filename, type);
      try {
        const bytes = await options.storage.save(
          name,
          checkedUpload(part.file, type, () => part.file.truncated),
        );
        request.log.info({ bytes, type }, 'resume stored');
        options.metrics.uploads.inc({ result: 'stored' });
        options.metrics.uploadBytes.inc(bytes);
        return reply.send({ success: true, filename: name, url: options.resumeUrl(name) });
      } catch (error) {
        if (error instanceof UploadRejected) return refuse(reply, error.problem);
        if (request.raw.destroyed || request.raw.aborted) {
          request.log.info('upload aborted by the client');
          options.metrics.uploads.inc({ result: 'aborted' });
          return reply;
        }
        request.log.error({ err: error }, 'resume could not be stored');
        return refuse(reply, 'storage');
      }
    },
  );
};
