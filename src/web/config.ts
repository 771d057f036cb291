// The server's public configuration (docs/api.md), as the page reads it once it has hydrated:
// inlined into the page, else from GET /api/config; parsed, never cast. Apart from api.ts, whose
// calls only code loaded later makes.

import { isResumeType } from '../shared/constants.ts';
import {
  DEFAULT_PUBLIC_CONFIG,
  MAX_DRAFT_TTL_HOURS,
  MAX_ORPHAN_MINUTES,
  MAX_RETENTION_DAYS,
  MIN_ORPHAN_MINUTES,
  type PublicConfig,
} from '../shared/contract.ts';
import { isSourceLabel, MAX_FUNNEL_SOURCES, OTHER_SOURCE } from '../shared/funnel.ts';
import { isRecord } from '../shared/is-record.ts';

/**
 * The public configuration in `json`, each missing or malformed value replaced by its default.
 * @internal Pure, and tested directly in api-parsers.test.ts.
 */
export function parsePublicConfig(json: unknown): PublicConfig {
  const read = isRecord(json) ? json : {};
  const defaults = DEFAULT_PUBLIC_CONFIG;
  const { jobBoardUrl, maxResumeBytes, resumeTypes, randomDataButton, draftTtlHours } = read;
  const { privacyPolicyUrl, providerTermsUrl, privateLinkHosts, ownHost } = read;
  const { resumeOrphanMinutes, resumeRetentionDays, funnel, funnelSources } = read;
  return {
    jobBoardUrl:
      typeof jobBoardUrl === 'string' && jobBoardUrl !== '' ? jobBoardUrl : defaults.jobBoardUrl,
    maxResumeBytes:
      typeof maxResumeBytes === 'number' &&
      Number.isSafeInteger(maxResumeBytes) &&
      maxResumeBytes > 0
        ? maxResumeBytes
        : defaults.maxResumeBytes,
    resumeTypes:
      Array.isArray(resumeTypes) && resumeTypes.length > 0 && resumeTypes.every(isResumeType)
        ? resumeTypes
        : defaults.resumeTypes,
    randomDataButton:
      typeof randomDataButton === 'boolean' ? randomDataButton : defaults.randomDataButton,
    draftTtlHours: wholeIn(draftTtlHours, 1, MAX_DRAFT_TTL_HOURS) ?? defaults.draftTtlHours,
    resumeOrphanMinutes:
      wholeIn(resumeOrphanMinutes, MIN_ORPHAN_MINUTES, MAX_ORPHAN_MINUTES) ??
      defaults.resumeOrphanMinutes,
    resumeRetentionDays:
      wholeIn(resumeRetentionDays, 1, MAX_RETENTION_DAYS) ?? defaults.resumeRetentionDays,
    privacyPolicyUrl: webUrl(privacyPolicyUrl),
    providerTermsUrl: webUrl(providerTermsUrl),
    // The server checks every link again in any case.
    privateLinkHosts:
      typeof privateLinkHosts === 'boolean' ? privateLinkHosts : defaults.privateLinkHosts,
    ownHost: typeof ownHost === 'string' ? ownHost : null,
    // Only the server's word turns the funnel on.
    funnel: funnel === true,
    funnelSources: sourceList(funnelSources),
  };
}

/**
 * FUNNEL_SOURCES as the server sent it, or none when it is anything else: every visit that names
 * a source is then `other`, which the endpoint always takes.
 */
function sourceList(value: unknown): string[] {
  if (!Array.isArray(value) || value.length > MAX_FUNNEL_SOURCES) return [];
  return value.every((entry) => isSourceLabel(entry) && entry !== OTHER_SOURCE) ? value : [];
}

/** `value` when it is a whole number from `min` to `max` (the server's own bounds), else null. */
const wholeIn = (value: unknown, min: number, max: number): number | null =>
  Number.isInteger(value) && (value as number) >= min && (value as number) <= max
    ? (value as number)
    : null;

/** `value` when it is an http(s) URL, else null: the page links to nothing else. */
function webUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    // Not URL.parse: Safari has it only from 18.
    const { protocol } = new URL(value);
    return protocol === 'https:' || protocol === 'http:' ? value : null;
  } catch {
    return null;
  }
}

/** The configuration the page carries (embeddedConfig), else the defaults: known before hydrating. */
export const pageConfig = (doc: Document): PublicConfig =>
  embeddedConfig(doc) ?? DEFAULT_PUBLIC_CONFIG;

/** The server inlines /api/config into index.html as a JSON data block (no script runs). */
export function embeddedConfig(doc: Document): PublicConfig | null {
  const text = doc.getElementById('app-config')?.textContent;
  if (!text) return null;
  try {
    return parsePublicConfig(JSON.parse(text));
  } catch {
    return null;
  }
}

export async function fetchConfig(): Promise<PublicConfig> {
  const response = await fetch('/api/config');
  if (!response.ok) throw new Error(`GET /api/config answered ${response.status}`);
  return parsePublicConfig(await response.json());
}
