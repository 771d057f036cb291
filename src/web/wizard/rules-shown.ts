// Which rule a validation message on screen says, by its key (FUNNEL_RULES): found by saying
// each rule's message in the page's language and comparing, so that a message the page did not
// write itself (the provider's, a server check's) names no rule, and nothing of its words goes
// anywhere. In the form's rules' chunk (rules.ts): a message shows only once they are here.
import { MAX_LENGTHS } from '../../shared/constants.ts';
import { FUNNEL_RULES, type FunnelRule } from '../../shared/funnel.ts';
import { FIELD_TEXTS, say, sayTooLong, type TooLongField } from '../../shared/messages.ts';

/** The length a field's "too long" message names: the resume's is its link's. */
function tooLongOf(field: string): string | null {
  const limited: TooLongField | null =
    field === 'resume' ? 'resume_url' : field in MAX_LENGTHS ? (field as TooLongField) : null;
  return limited && limited in MAX_LENGTHS
    ? sayTooLong(limited, MAX_LENGTHS[limited as keyof typeof MAX_LENGTHS])
    : null;
}

/**
 * The rule whose message, in the page's language now, is `message` for `field`; else null.
 * @internal rulesShown calls it; rules-shown.test.ts tests it directly.
 */
export function ruleOf(field: string, message: string): FunnelRule | null {
  for (const rule of FUNNEL_RULES) {
    if (rule === 'tooLong') continue;
    if (say(FIELD_TEXTS[rule]) === message) return rule;
  }
  return tooLongOf(field) === message ? 'tooLong' : null;
}

/** The messages on screen as field and rule, those that name a rule of ours. */
export function rulesShown(
  messages: readonly (readonly [field: string, message: string])[],
): [field: string, rule: FunnelRule][] {
  return messages.flatMap(([field, message]) => {
    const rule = ruleOf(field, message);
    return rule ? [[field, rule] as [string, FunnelRule]] : [];
  });
}
