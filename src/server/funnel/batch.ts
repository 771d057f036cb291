// A funnel batch as POST /api/events takes it (docs/api.md): the shared allow-lists
// (src/shared/funnel.ts) made a strict schema. Any other key, type or value refuses the batch.
import * as z from 'zod/mini';
import {
  FUNNEL_DEVICES,
  FUNNEL_FIELDS,
  FUNNEL_FORMATS,
  FUNNEL_LANGUAGES,
  FUNNEL_OUTCOMES,
  FUNNEL_PAGES,
  FUNNEL_RULES,
  FUNNEL_STEPS,
  type FunnelBatch,
  MAX_BATCH_EVENTS,
  MAX_FIELDS_FILLED,
  OTHER_SOURCE,
} from '../../shared/funnel.ts';

const step = z.literal(FUNNEL_STEPS);

const event = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('step_shown'), step }),
  z.strictObject({ type: z.literal('step_completed'), step }),
  z.strictObject({
    type: z.literal('validation_shown'),
    field: z.enum(FUNNEL_FIELDS),
    rule: z.enum(FUNNEL_RULES),
  }),
  z.strictObject({
    type: z.literal('autofill_used'),
    format: z.enum(FUNNEL_FORMATS),
    filled: z.int().check(z.minimum(0), z.maximum(MAX_FIELDS_FILLED)),
  }),
  z.strictObject({ type: z.literal('language_switched'), to: z.enum(FUNNEL_LANGUAGES) }),
  z.strictObject({ type: z.literal('outcome'), outcome: z.enum(FUNNEL_OUTCOMES) }),
  z.strictObject({ type: z.literal('left'), step }),
]);

/** The schema of a batch on a deployment whose FUNNEL_SOURCES is `sources`. */
export function batchSchema(sources: readonly string[]) {
  return z.strictObject({
    context: z.strictObject({
      language: z.enum(FUNNEL_LANGUAGES),
      device: z.enum(FUNNEL_DEVICES),
      page: z.enum(FUNNEL_PAGES),
      source: z.optional(z.enum([OTHER_SOURCE, ...sources])),
    }),
    events: z.array(event).check(z.minLength(1), z.maxLength(MAX_BATCH_EVENTS)),
  }) satisfies z.ZodMiniType<FunnelBatch>;
}

export type BatchSchema = ReturnType<typeof batchSchema>;

/** The batch a body holds, or null when it holds anything else (nothing of it is kept). */
export function readBatch(schema: BatchSchema, body: string): FunnelBatch | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  const result = schema.safeParse(parsed);
  return result.success ? (result.data as FunnelBatch) : null;
}
