// POST /api/upload: a streamed, checked resume upload (docs/api.md).
import { randomBytes } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { MAX_RESUME_BYTES } from '../../shared/constants.ts';
import { DELETE_TOKEN_HEADER, type UploadAnswer } from '../../shared/contract.ts';
import { PROVIDER_TEXTS, UPLOAD_ERROR_TEXTS } from '../../shared/messages.ts';
import { claimedResumeType } from '../../shared/resume-type.ts';
import { isStoredResumeName, storedResumeName } from '../../shared/upload-name.ts';
import type { RateLimit } from '../config.ts';
import { answerLocale, translate } from '../i18n.ts';
import type { Metrics } from '../metrics.ts';
import { UnsupportedBody } from '../plugins/body-encoding.ts';
import { stopReading } from '../plugins/early-answer.ts';
import { limitedBy, siteLimited, TooManyRequests } from '../plugins/rate-limit.ts';
import { wasCutAtShutdown } from '../plugins/shutdown.ts';
import { QUOTA_RETRY_AFTER_S, type StorageQuota } from '../storage/quota.ts';
import {
  type ResumeStorage,
  STORAGE_RETRY_AFTER_S,
  type StorageFailure,
  storageFailureOf,
} from '../storage/storage.ts';
import { checkedUpload, UploadRejected } from './upload-check.ts';
import { isCrossSiteUpload } from './upload-origin.ts';

export interface UploadRouteOptions {
  storage: ResumeStorage;
  metrics: Metrics;
  limit: RateLimit | null;
  resumeUrl: (filename: string) => string;
  /** The delete token the uploader alone is given (tokens/delete-token.ts). */
  deleteTokenOf: (filename: string) => string;
  /** Whether `token`, anything a client sent, is stored resume `filename`'s delete token. */
  provesUpload: (filename: string, token: unknown) => boolean;
  /** Origins whose pages may upload besides the Host asked on: PUBLIC_BASE_URL's, CORS_ORIGINS. */
  allowedOrigins: () => readonly string[];
  /** The total of stored resumes (UPLOAD_QUOTA_MB): an upload past it answers 503. */
  quota: StorageQuota;
}

/** An upload from another site's page, refused before its body is read (docs/api.md). */
class CrossSiteUpload extends Error {
  readonly statusCode = 403;
  constructor() {
    super("Uploads are accepted only from this site's own pages.");
  }
}

type UploadError = keyof typeof UPLOAD_ERROR_TEXTS;

/**
 * DELETE /api/upload/<name>'s refusals (docs/api.md). The page sends it only for a file it
 * uploaded, and shows nothing of the answer.
 * @internal test/upload-delete.test.ts asserts these exact answers.
 */
export const DELETE_REFUSED = {
  notFound: { success: false, error: 'No such upload' },
  forbidden: { success: false, error: 'This upload is not yours to delete.' },
  unavailable: {
    success: false,
    error: 'The upload cannot be deleted right now; try again later.',
  },
} as const;

/** One table of upload failures: status and message (docs/api.md). */
const UPLOAD_STATUS: Record<UploadError, 400 | 413 | 415 | 500 | 503> = {
  noFile: 400,
  empty: 400,
  malformed: 400,
  tooLarge: 413,
  type: 415,
  contentMismatch: 415,
  storage: 500,
  quota: 503,
};

/**
 * Multipart framing around a 5 MB file never comes near this.
 * @internal Tests name it, not its figure (test/ops/nginx.test.ts).
 */
export const MAX_REQUEST_BYTES = MAX_RESUME_BYTES + 64 * 1024;

/** What one upload came to: its metric label, status and, once stored, its answer. */
type UploadOutcome =
  | { result: 'stored'; status: 200; body: UploadAnswer; bytes: number }
  | { result: UploadError; status: number };

const failure = (error: UploadError): UploadOutcome => ({
  result: error,
  status: UPLOAD_STATUS[error],
});

/**
 * The storage message; 503 with Retry-After in an outage (the store timed out, could not be
 * reached, answered 5xx or SlowDown, or this instance sends it all the uploads it may at once:
 * trying again later may work), else 500.
 */
const storageFailure = (reply: FastifyReply, reason: StorageFailure): UploadOutcome => {
  if (reason === 'error') return failure('storage');
  reply.header('retry-after', String(STORAGE_RETRY_AFTER_S));
  return { result: 'storage', status: 503 };
};

/** The answer, a failure's message in the request's language (docs/languages.md). */
const send = (reply: FastifyReply, answer: UploadOutcome) =>
  reply.code(answer.status).send(
    answer.result === 'stored'
      ? answer.body
      : {
          success: false,
          error: translate(answerLocale(reply.request.headers), UPLOAD_ERROR_TEXTS[answer.result]),
        },
  );

const MULTIPART_LIMITS = {
  fileSize: MAX_RESUME_BYTES,
  files: 1,
  fields: 5,
  fieldSize: 1024,
  parts: 6,
};

/** Errors of a body that is not well-formed multipart (busboy's and the plugin's). */
function isMultipartError(error: unknown): boolean {
  const { code = '', message = '' } = (error ?? {}) as { code?: string; message?: string };
  return (
    code.startsWith('FST_') ||
    /multipart|boundary|unexpected end of form|part terminated|malformed/i.test(message)
  );
}

/** Stores one file part; resolves with the answer to send. */
async function store(
  part: MultipartFile,
  options: UploadRouteOptions,
  request: FastifyRequest,
): Promise<UploadOutcome> {
  const type = claimedResumeType(part.filename, part.mimetype);
  if (!type) {
    // Drain the part so the request completes and the client reads the answer.
    for await (const _chunk of part.file) {
      // discarded
    }
    return failure('type');
  }
  const name = storedResumeName(type, randomBytes(16).toString('hex'));
  // Past 5 MB the part is refused at once: busboy would discard the rest of it, however long,
  // before the answer could be sent. The storage sees its source fail and keeps nothing; the
  // connection closes after the answer (plugins/early-answer.ts), unread.
  part.file.once('limit', () => {
    stopReading(request.raw);
    part.file.destroy(new UploadRejected('tooLarge'));
  });
  try {
    const bytes = await options.storage.save(
      name,
      checkedUpload(part.file, type, () => part.file.truncated),
    );
    request.log.info({ bytes, type }, 'resume stored');
    options.metrics.uploadBytes.inc(bytes);
    return {
      result: 'stored',
      status: 200,
      body: {
        success: true,
        filename: name,
        url: options.resumeUrl(name),
        delete_token: options.deleteTokenOf(name),
      },
      bytes,
    };
  } catch (error) {
    if (error instanceof UploadRejected) return failure(error.problem);
    throw error;
  }
}

/**
 * Reads the parts in the order they arrive and stores the first file; fields (the browser's
 * `filename`, docs/api.md) are passed over, and nothing ever waits for a part after the file: the
 * stored name takes nothing from any name sent (storedResumeName). Undefined when the body holds
 * no file.
 */
async function storeFirstFile(
  request: FastifyRequest,
  storeFile: (part: MultipartFile) => Promise<UploadOutcome>,
): Promise<UploadOutcome | undefined> {
  // By hand, not for-await: leaving a for-await asks the parts for their end, which waits for the
  // rest of the body, and a file refused mid-way must be answered without reading it.
  const parts = request.parts({ limits: MULTIPART_LIMITS });
  for (;;) {
    const next = await parts.next();
    if (next.done) return undefined;
    if (next.value.type === 'file') return storeFile(next.value);
  }
}

export const uploadRoute: FastifyPluginAsync<UploadRouteOptions> = async (app, options) => {
  /** Sends an answer and counts it by result. */
  const answerWith = (reply: FastifyReply, answer: UploadOutcome) => {
    options.metrics.uploads.inc({ result: answer.result });
    return send(reply, answer);
  };
  // Shutdown waits for every upload's storage to settle, so that one cut or abandoned removes
  // its temporary file (or its S3 upload) before the process exits.
  const storing = new Set<Promise<unknown>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled(storing);
  });

  // The uploader's own way to take a file back ("Clear this form", docs/form.md): idempotent, and
  // limited as uploads are. A name the upload route gives out is all that is looked at.
  app.delete<{ Params: { name: string } }>(
    '/api/upload/:name',
    {
      ...limitedBy(options.limit),
      onRequest: siteLimited(app, 'upload-delete', options.limit, options.metrics),
      errorHandler: (error: FastifyError, request, reply) => {
        if (!(error instanceof TooManyRequests)) return reply.send(error);
        return reply.code(error.statusCode).send({
          success: false,
          error: translate(answerLocale(request.headers), PROVIDER_TEXTS.tooManyRequests),
        });
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      if (!isStoredResumeName(name)) return reply.code(404).send(DELETE_REFUSED.notFound);
      if (!options.provesUpload(name, request.headers[DELETE_TOKEN_HEADER])) {
        return reply.code(403).send(DELETE_REFUSED.forbidden);
      }
      try {
        // A name it no longer holds is no error: deleted already, or swept.
        await options.storage.remove(name);
      } catch (error) {
        const reason = storageFailureOf(error);
        options.metrics.storageErrors.inc({ operation: 'remove', reason });
        request.log.error({ err: error, storageError: reason }, 'upload could not be deleted');
        if (reason === 'error') throw error;
        reply.header('retry-after', String(STORAGE_RETRY_AFTER_S));
        return reply.code(503).send(DELETE_REFUSED.unavailable);
      }
      request.log.info('upload deleted by its uploader');
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/upload',
    {
      ...limitedBy(options.limit),
      // Before anything reads the body: another site's page must not make its visitors'
      // browsers store files here (a simple multipart POST needs no CORS preflight).
      onRequest: [
        async (request) => {
          if (isCrossSiteUpload(request.headers, options.allowedOrigins())) {
            throw new CrossSiteUpload();
          }
        },
        ...siteLimited(app, 'upload', options.limit, options.metrics),
      ],
      errorHandler: (error: FastifyError, request, reply) => {
        // Errors before the handler (a cross-site request, a rate limit, a body that cannot be
        // read or is not multipart) in this route's shape.
        const refused =
          error instanceof CrossSiteUpload
            ? 'cross_site'
            : error instanceof TooManyRequests
              ? 'rate_limited'
              : error instanceof UnsupportedBody
                ? 'malformed'
                : null;
        if (refused) {
          options.metrics.uploads.inc({ result: refused });
          const message =
            error instanceof TooManyRequests
              ? translate(answerLocale(request.headers), PROVIDER_TEXTS.tooManyRequests)
              : error.message;
          return reply.code(error.statusCode ?? 400).send({ success: false, error: message });
        }
        const status = error.statusCode && error.statusCode < 500 ? 400 : 500;
        if (status === 500) request.log.error({ err: error }, 'upload failed');
        return answerWith(reply, failure(status === 400 ? 'malformed' : 'storage'));
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) return answerWith(reply, failure('malformed'));
      if (Number(request.headers['content-length'] ?? 0) > MAX_REQUEST_BYTES) {
        // Nothing to gain from reading megabytes we will refuse.
        reply.header('connection', 'close');
        return answerWith(reply, failure('tooLarge'));
      }
      // The whole request's length bounds the file; a chunked one may bring the most a file may.
      const incoming = Math.min(
        Number(request.headers['content-length'] ?? 0) || MAX_RESUME_BYTES,
        MAX_RESUME_BYTES,
      );
      const ticket = options.quota.admit(incoming);
      if (!ticket) {
        // Full: nothing to gain from reading the file, and nothing frees up within seconds.
        reply.header('connection', 'close').header('retry-after', String(QUOTA_RETRY_AFTER_S));
        request.log.warn({ incoming }, 'upload refused: the storage quota is reached');
        return answerWith(reply, failure('quota'));
      }
      let answer: UploadOutcome | undefined;
      const work = storeFirstFile(request, (part) => store(part, options, request));
      storing.add(work);
      try {
        answer = await work;
        if (answer?.result === 'stored') ticket.stored(answer.bytes);
      } catch (error) {
        if (request.raw.socket?.destroyed) {
          // The client went away, or stalled through a shutdown; there is no one to answer.
          request.log.info(
            wasCutAtShutdown(request.raw)
              ? 'upload cut at shutdown'
              : 'upload aborted by the client',
          );
          options.metrics.uploads.inc({ result: 'aborted' });
          return reply;
        }
        if (isMultipartError(error)) return answerWith(reply, failure('malformed'));
        const reason = storageFailureOf(error);
        options.metrics.storageErrors.inc({ operation: 'save', reason });
        request.log.error({ err: error, storageError: reason }, 'resume could not be stored');
        return answerWith(reply, storageFailure(reply, reason));
      } finally {
        storing.delete(work);
        ticket.release();
      }
      return answerWith(reply, answer ?? failure('noFile'));
    },
  );
};
