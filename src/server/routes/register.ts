// POST /api/register: checks, sanitising and defaults, bot defence, then the provider
// (docs/api.md).
import type { MessageDescriptor } from '@lingui/core';
import type { FastifyBaseLogger, FastifyError, FastifyPluginAsync } from 'fastify';
import {
  DELETE_TOKEN_FIELD,
  FORM_TOKEN_FIELD,
  FORM_TOKEN_REFUSED_STATUS,
  type LinkHostPolicy,
  LOCAL_LINKS,
  type RegistrationAnswer,
} from '../../shared/contract.ts';
import { IDEMPOTENCY_HEADER, isIdempotencyKey } from '../../shared/idempotency.ts';
import { isRecord } from '../../shared/is-record.ts';
import {
  CHECK_TEXTS,
  PROVIDER_TEXTS,
  RESUME_GONE_TEXT,
  SUBMISSION_TEXTS,
} from '../../shared/messages.ts';
import { messagesByField } from '../../shared/schema.ts';
import type { RateLimit } from '../config.ts';
import { answerLocale, inLanguage, translate } from '../i18n.ts';
import type { Metrics } from '../metrics.ts';
import type { Outbox } from '../outbox/outbox.ts';
import { deliveryOf, queueReason } from '../outbox/policy.ts';
import { limitedBy, siteLimited, TooManyRequests } from '../plugins/rate-limit.ts';
import type { CallCeiling } from '../provider/ceiling.ts';
import type { ProviderClient } from '../provider/client.ts';
import { botReason } from '../registration/bot.ts';
import { checkedResume, failedCheck, firstTooLong, linkedHost } from '../registration/checks.ts';
import { type ResolveHost, resolvesOutward } from '../registration/link-addresses.ts';
import { toProviderCandidate } from '../registration/provider-candidate.ts';
import {
  type ProviderResult,
  type RegistrationOutcome,
  registrationAnswer,
  rejectedAnswer,
} from '../registration/registration-outcome.ts';
import {
  MAX_RESUME_BASE64_LENGTH,
  registrationRequestSchema,
} from '../registration/request-schema.ts';
import type { ResumeStorage } from '../storage/storage.ts';
import { entryIdOf, keyHash, SETTLED_STATUSES, type Submissions } from '../submissions.ts';
import { provesUpload } from '../tokens/delete-token.ts';
import { type FormTokenProblem, readFormToken } from '../tokens/form-token.ts';
import type { TokenUses } from '../tokens/token-uses.ts';

/**
 * A 5 MB resume as base64 plus the rest of the candidate: every other field at its longest,
 * even with each character escaped as \uXXXX, takes under 30 KB.
 * @internal Tests name it, not its figure (register-limits, nginx, chunked-bodies, readme-facts).
 */
export const REGISTER_BODY_LIMIT = MAX_RESUME_BASE64_LENGTH + 64 * 1024;

export interface RegisterRouteOptions {
  provider: ProviderClient;
  metrics: Metrics;
  limit: RateLimit | null;
  /** BOT_MIN_FILL_MS: the least age of a registration's form token; 0: no token needed. */
  botMinFillMs: number;
  /** The form token's signing key, and which tokens have been used. */
  formTokens: { key: Buffer; uses: TokenUses };
  /** The delete token's signing key (tokens/delete-token.ts). */
  deleteKey: Buffer;
  /** PROVIDER_CALLS_PER_MINUTE, for the whole deployment; null: no ceiling. */
  ceiling: CallCeiling | null;
  storage: ResumeStorage;
  /** The stored resume a resume_url links to on this deployment, or null (storedNameIn). */
  ownResume: (url: string) => string | null;
  /** Names an own resume in a registration: no orphan now, or 'gone' (storage/own-resume.ts). */
  referenceResume: (name: string, log: FastifyBaseLogger) => Promise<'kept' | 'gone'>;
  /** Where a resume link may point (check 3), and how its name is resolved to see where. */
  links: LinkHostPolicy;
  resolveHost: ResolveHost;
  /** With OUTBOX=on: where a registration the provider cannot take now is kept. */
  outbox: Pick<Outbox, 'enqueue' | 'holds' | 'deliveredLate'> | null;
  /** Each submission's answer, by its idempotency key. */
  submissions: Submissions;
  /** With the outbox: how long the provider has before the registration is queued. */
  firstTryMs: number;
  /** PROVIDER_TIMEOUT_MS: how long a provider call may go on. */
  providerTimeoutMs: number;
}

/** A registration the outbox keeps for later delivery (docs/api.md). */
const QUEUED: RegistrationAnswer = { ok: true, status: 202, queued: true };

/** What a bot is told: the very answer to a registration the provider accepted with a 201. */
const DECOY_SUCCESS: RegistrationAnswer = { ok: true, status: 201, data: {} };

/** `promise`'s value, or null once `ms` have passed (the promise goes on). */
function withinOrNull<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The answer of a call cut short by the first try, once it comes: a registration the provider
 * took (or already had) is not sent again from the outbox.
 */
function lateAnswer(
  call: Promise<{ result: ProviderResult }>,
  id: string,
  outbox: Pick<Outbox, 'deliveredLate'>,
  log: FastifyBaseLogger,
) {
  void call
    .then(({ result }) => {
      const delivery = deliveryOf(result);
      if (delivery.kind === 'delivered') return outbox.deliveredLate(id, delivery.result);
      log.info(
        { outboxEntry: id, late: delivery.kind },
        'the provider answered a queued registration late; it stays queued',
      );
    })
    .catch((error: unknown) => {
      log.warn(
        { err: error, outboxEntry: id },
        'a late provider answer could not be recorded; the entry is delivered again (a 409 counts as delivered)',
      );
    });
}

/** The provider-latency label of a call: its status, "not_json", "timeout" or "network". */
function latencyResult(result: ProviderResult, outcome: RegistrationOutcome): string {
  if (outcome === 'provider_not_json') return 'not_json';
  return result.kind === 'response' ? String(result.status) : result.kind;
}

export const registerRoute: FastifyPluginAsync<RegisterRouteOptions> = async (app, options) => {
  const { provider, metrics } = options;
  app.post(
    '/api/register',
    {
      bodyLimit: REGISTER_BODY_LIMIT,
      ...limitedBy(options.limit),
      onRequest: siteLimited(app, 'register', options.limit, options.metrics),
      errorHandler: (error: FastifyError, request, reply) => {
        // Errors before the handler (bad JSON, too large, a rate limit) in this route's shape.
        const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
        if (status === 500) throw error;
        const message =
          error instanceof TooManyRequests
            ? translate(answerLocale(request.headers), PROVIDER_TEXTS.tooManyRequests)
            : error.message;
        return reply.code(status).send(rejectedAnswer(message, undefined, status));
      },
    },
    async (request, reply) => {
      const invalid = (answer: RegistrationAnswer) => {
        metrics.registrations.inc({ outcome: 'invalid', status: '400' });
        request.logFields = { outcome: 'invalid' };
        return reply.code(400).send(answer);
      };
      const locale = answerLocale(request.headers);
      const say = (message: MessageDescriptor) => translate(locale, message);
      const language = { say, english: locale === 'en' };
      /** A form token missing, forged, expired or spent: the page asks for a new one. */
      const refusedToken = (problem: FormTokenProblem | 'spent') => {
        const status = FORM_TOKEN_REFUSED_STATUS;
        metrics.registrations.inc({ outcome: 'form_token', status: String(status) });
        request.logFields = { outcome: 'form_token', formToken: problem };
        return reply
          .code(status)
          .send(rejectedAnswer(say(SUBMISSION_TEXTS.formToken), undefined, status));
      };
      // First of all, so that no pattern below ever reads a longer value.
      const tooLong = firstTooLong(request.body);
      if (tooLong) {
        const message = say(tooLong.text);
        return invalid(rejectedAnswer(message, { [tooLong.field]: [message] }));
      }
      // A resume stored here is linked as this deployment says it lives (PUBLIC_BASE_URL, else
      // http://localhost:PORT): ours to hand over, whatever host that is.
      const link = isRecord(request.body) ? request.body.resume_url : undefined;
      const own = typeof link === 'string' && options.ownResume(link) !== null;
      const links = own ? LOCAL_LINKS : options.links;
      const failed = failedCheck(request.body, links);
      if (failed) return invalid(rejectedAnswer(say(failed)));
      // Check 3 again where the link's name leads, once every other check has passed.
      const host = own ? null : linkedHost(request.body);
      if (host && !(await resolvesOutward(host, links, options.resolveHost))) {
        return invalid(rejectedAnswer(say(CHECK_TEXTS.resumeUrl)));
      }
      // The schema's messages are written when its issues are first read: inside, in the language.
      const parsed = inLanguage(locale, () => {
        const result = registrationRequestSchema.safeParse(request.body);
        if (result.success) return result;
        const { issues } = result.error;
        const first = issues[0]?.message ?? say(PROVIDER_TEXTS.invalidRequest);
        return { success: false as const, answer: rejectedAnswer(first, messagesByField(issues)) };
      });
      if (!parsed.success) return invalid(parsed.answer);
      // An inline resume passes POST /api/upload's checks: base64, size, type by its first bytes.
      const checked = checkedResume(parsed.data);
      if (!checked.ok) {
        const message = say(checked.text);
        return invalid(rejectedAnswer(message, { uploaded_resume: [message] }));
      }
      // After the checks, so that a malformed request always learns what is wrong. The form
      // token measures the fill time here (docs/api.md); without one, nothing is sent on.
      const body = request.body as Record<string, unknown>;
      /** The resume stored here that the registration names, if any. */
      const named = options.ownResume(parsed.data.resume_url ?? '');
      const token =
        options.botMinFillMs > 0
          ? readFormToken(options.formTokens.key, body[FORM_TOKEN_FIELD], Date.now())
          : null;
      if (token && !token.ok) return refusedToken(token.problem);
      const tooYoung = token?.ok === true && token.ageMs < options.botMinFillMs;
      const bot = botReason(body, options.botMinFillMs) ?? (tooYoung ? 'too_fast' : null);
      if (bot) {
        metrics.botRejections.inc({ reason: bot });
        metrics.registrations.inc({ outcome: 'bot', status: 'none' });
        // Not sent to the provider; the resume it names is removed only when the upload is
        // proved its own (its delete token): a link alone may be anybody's.
        const proved =
          named !== null && provesUpload(options.deleteKey, named, body[DELETE_TOKEN_FIELD]);
        const removed =
          proved &&
          (await options.storage.remove(named).then(
            () => true,
            (error: unknown) => {
              request.log.warn({ err: error }, 'a bot’s resume could not be removed');
              return false;
            },
          ));
        request.logFields = { outcome: 'bot', botReason: bot, botResumeRemoved: removed };
        return reply.code(201).send(DECOY_SUCCESS);
      }

      // Named by a registration, a resume stored here is no orphan (docs/operations.md); one no
      // longer stored would reach the provider as a dead link: attached again (docs/api.md).
      if (named !== null && (await options.referenceResume(named, request.log)) === 'gone') {
        const message = say(RESUME_GONE_TEXT);
        return invalid(rejectedAnswer(message, { resume_url: [message] }));
      }

      // One registration per submission: a repeat gets the first one's answer (docs/api.md).
      const sent = request.headers[IDEMPOTENCY_HEADER];
      if (sent !== undefined && !isIdempotencyKey(sent)) {
        request.log.info('an Idempotency-Key that is not 16 to 64 letters, digits, - or _');
        return invalid(rejectedAnswer(say(PROVIDER_TEXTS.invalidRequest)));
      }
      const submission = sent ?? null;
      // One token, one submission: a retry of this one (its idempotency key) may use it again.
      if (token?.ok) {
        const use = await options.formTokens.uses.use(
          token.id,
          submission === null ? null : keyHash(submission),
        );
        if (use === 'spent') return refusedToken('spent');
        if (use === 'unavailable') request.log.warn('a form token’s use could not be recorded');
      }
      const claim = submission === null ? null : await options.submissions.claim(submission);
      if (claim?.kind === 'replay') {
        const { status: replayed, answer } = claim.settled;
        metrics.registrations.inc({ outcome: 'replayed', status: String(replayed) });
        request.logFields = { outcome: 'replayed', replayedStatus: replayed };
        return reply.code(replayed).header('idempotent-replayed', 'true').send(answer);
      }
      const { outbox } = options;
      const held = claim?.kind === 'go' ? submission : null;
      /** The answer, with the submission settled by it (or let go, for the next try). */
      const answered = (httpStatus: number, answer: RegistrationAnswer) => {
        if (held !== null) {
          const kept = SETTLED_STATUSES.has(httpStatus)
            ? options.submissions.settle(held, { status: httpStatus, answer })
            : options.submissions.release(held);
          void kept.catch((error: unknown) => {
            request.log.warn({ err: error }, 'a submission’s answer was not kept');
          });
        }
        return reply.code(httpStatus).send(answer);
      };
      const entryId = held === null ? undefined : entryIdOf(held);
      // The request before this one with the same key queued it, then died before answering.
      if (
        claim?.kind === 'go' &&
        claim.takeover &&
        outbox &&
        entryId &&
        (await outbox.holds(entryId))
      ) {
        metrics.registrations.inc({ outcome: 'queued', status: 'none' });
        request.logFields = { outcome: 'queued', outboxEntry: entryId, takenOver: true };
        return answered(202, QUEUED);
      }

      const candidate = toProviderCandidate(checked.request, new Date());
      /** Kept for later, with the resume stored here held till then; null: Redis did not take it. */
      const queue = async (
        when: { retryAfterMs?: number; notBeforeMs?: number },
        status: string,
        logFields: object,
      ) => {
        const resumeName = candidate.uploaded_resume ? null : named;
        const queued = await (outbox as NonNullable<typeof outbox>)
          .enqueue(candidate, { resumeName, ...when, ...(entryId ? { id: entryId } : {}) })
          .then(
            (entry) => ({ entry }),
            (error: unknown) => ({ error }),
          );
        if ('error' in queued) {
          request.log.error({ err: queued.error }, 'the outbox did not take a registration');
          return null;
        }
        metrics.registrations.inc({ outcome: 'queued', status });
        request.logFields = {
          outcome: 'queued',
          outboxEntry: queued.entry.id,
          outboxRetryInMs: queued.entry.retryInMs,
          ...logFields,
        };
        return queued.entry;
      };

      // The deployment's ceiling on provider calls: past it, kept for later or asked again.
      const turn = (await options.ceiling?.take()) ?? { ok: true };
      if (!turn.ok) {
        metrics.ceilingReached.inc();
        const later = { notBeforeMs: turn.retryAfterMs };
        if (outbox && (await queue(later, 'none', { ceiling: true }))) {
          return answered(202, QUEUED);
        }
        metrics.registrations.inc({ outcome: 'ceiling', status: '503' });
        request.logFields = { outcome: 'ceiling' };
        reply.header('retry-after', String(Math.ceil(turn.retryAfterMs / 1000)));
        return answered(503, rejectedAnswer(say(SUBMISSION_TEXTS.busy), undefined, 503));
      }

      const stopTimer = metrics.providerLatency.startTimer();
      const span = request.span.child('provider register');
      const call = provider.register(candidate, span.traceparent).then((made) => {
        const { result } = made;
        span.end(result.kind === 'response' ? { status: result.status } : { error: result.kind });
        stopTimer({ result: latencyResult(result, registrationAnswer(result, language).outcome) });
        return made;
      });
      // With the outbox, a provider that has not answered within OUTBOX_FIRST_TRY_MS is treated
      // as one that timed out: the registration is queued, and the call goes on.
      const first = outbox ? await withinOrNull(call, options.firstTryMs) : await call;
      const { result, log } = first ?? {
        result: { kind: 'timeout' } as const,
        log: { providerMs: options.firstTryMs, providerError: 'first try' },
      };
      if (outbox && queueReason(result) !== null) {
        // Not now, says the provider (its status counted, though the candidate is told it never
        // answered usefully).
        const retryAfterMs = result.kind === 'response' ? result.retryAfterMs : undefined;
        const entry = await queue(
          {
            ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
            // The call still under way may answer till PROVIDER_TIMEOUT_MS: not sent again before.
            ...(first === null
              ? { notBeforeMs: options.providerTimeoutMs - options.firstTryMs + 1_000 }
              : {}),
          },
          result.kind === 'response' ? String(result.status) : 'none',
          log,
        );
        if (entry) {
          if (first === null) lateAnswer(call, entry.id, outbox, request.log);
          return answered(202, QUEUED);
        }
        // Redis did not take it: the candidate is told as without the outbox.
      }
      // Cut short, and not queued: the call's own answer, however long it takes.
      const made = first ?? (await call);
      const { httpStatus, answer, outcome } = registrationAnswer(made.result, language);
      const madeStatus = made.result.kind === 'response' ? String(made.result.status) : 'none';
      metrics.registrations.inc({ outcome, status: madeStatus });
      request.logFields = { outcome, ...made.log };
      return answered(httpStatus, answer);
    },
  );
};
