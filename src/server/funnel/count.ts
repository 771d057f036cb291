// A funnel batch counted into the metrics: each label value is one the batch's schema allowed.
import { type FunnelBatch, NO_SOURCE } from '../../shared/funnel.ts';
import type { Metrics } from '../metrics.ts';

export function countBatch(metrics: Metrics, { context, events }: FunnelBatch) {
  const visit = {
    language: context.language,
    device: context.device,
    page: context.page,
    source: context.source ?? NO_SOURCE,
  };
  for (const event of events) {
    switch (event.type) {
      case 'step_shown':
        metrics.funnelStepsShown.inc({ step: String(event.step), ...visit });
        break;
      case 'step_completed':
        metrics.funnelStepsCompleted.inc({ step: String(event.step), ...visit });
        break;
      case 'left':
        metrics.funnelLeft.inc({ step: String(event.step), ...visit });
        break;
      case 'outcome':
        metrics.funnelOutcomes.inc({ outcome: event.outcome, ...visit });
        break;
      case 'validation_shown':
        metrics.funnelValidationMessages.inc({ field: event.field, rule: event.rule });
        break;
      case 'autofill_used':
        metrics.funnelAutofillFilled.observe({ format: event.format }, event.filled);
        break;
      case 'language_switched':
        metrics.funnelLanguageSwitches.inc({ to: event.to });
        break;
    }
  }
}
