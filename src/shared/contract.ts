// What the browser and the server say to each other over HTTP (docs/api.md): the public
// configuration, the resume file inside a registration, the upload and registration answers, and
// the bot-defence fields. Each is defined once; the browser reads the server's JSON through its
// parsers (src/web/api-parsers.ts), never through a cast.
import { MAX_RESUME_BYTES, RESUME_TYPES, type ResumeType } from './constants.ts';

/** GET /api/config: what the browser may know of the configuration (an allow-list). */
export interface PublicConfig {
  jobBoardUrl: string;
  maxResumeBytes: number;
  resumeTypes: ResumeType[];
  randomDataButton: boolean;
  /** How long the same-device draft is kept after it was last saved (DRAFT_TTL_HOURS). */
  draftTtlHours: number;
  /**
   * What the notice where a file is chosen says becomes of it (docs/form.md): an upload no
   * registration named is deleted after RESUME_ORPHAN_MINUTES, one a registration named is kept
   * RESUME_RETENTION_DAYS.
   */
  resumeOrphanMinutes: number;
  resumeRetentionDays: number;
  /**
   * Linked in the notices at collection: on step 1 the policy, above Submit Registration both
   * (PRIVACY_POLICY_URL, PROVIDER_TERMS_URL).
   */
  privacyPolicyUrl: string | null;
  providerTermsUrl: string | null;
  /** Where a resume link may point (LinkHostPolicy): private hosts on a local deployment only, */
  privateLinkHosts: boolean;
  /** … and always the deployment's own host (PUBLIC_BASE_URL's), when it has one. */
  ownHost: string | null;
  /**
   * Whether the page reports its funnel (FUNNEL, docs/operations.md): off until the server says
   * so, so that a page that never hears it sends nothing.
   */
  funnel: boolean;
  /** FUNNEL_SOURCES: the sources and campaigns the page names by their own label (sourceOf). */
  funnelSources: string[];
}

/** Where a resume link may point (check 3; what each host is: link-hosts.ts). */
export interface LinkHostPolicy {
  /** Loopback and private hosts may be linked: a local deployment. */
  privateHosts: boolean;
  /** PUBLIC_BASE_URL's host name, allowed even when private (a board on an intranet). */
  ownHost: string | null;
}

/** `npm start`'s policy, and the one the checks assume when given none. */
export const LOCAL_LINKS: LinkHostPolicy = { privateHosts: true, ownHost: null };

export const DEFAULT_JOB_BOARD_URL = 'https://www.resume-library.com';

/** DRAFT_TTL_HOURS: a day by default; at most 30 days. */
export const DEFAULT_DRAFT_TTL_HOURS = 24;
export const MAX_DRAFT_TTL_HOURS = 720;

/**
 * RESUME_ORPHAN_MINUTES when unset: an hour covers filling in the form after attaching the
 * resume; a draft that comes back later asks for the resume again (docs/api.md).
 */
export const DEFAULT_ORPHAN_MINUTES = 60;
/** Well above the margin by which a registration gives up a resume before the sweep takes it. */
export const MIN_ORPHAN_MINUTES = 10;
/** A week; RESUME_RETENTION_DAYS still applies to every resume. */
export const MAX_ORPHAN_MINUTES = 7 * 24 * 60;
/** RESUME_RETENTION_DAYS: a month by default; at most a hundred years. */
export const DEFAULT_RETENTION_DAYS = 30;
export const MAX_RETENTION_DAYS = 36_500;

export const DEFAULT_PUBLIC_CONFIG: PublicConfig = {
  jobBoardUrl: DEFAULT_JOB_BOARD_URL,
  maxResumeBytes: MAX_RESUME_BYTES,
  resumeTypes: [...RESUME_TYPES],
  randomDataButton: true,
  draftTtlHours: DEFAULT_DRAFT_TTL_HOURS,
  resumeOrphanMinutes: DEFAULT_ORPHAN_MINUTES,
  resumeRetentionDays: DEFAULT_RETENTION_DAYS,
  privacyPolicyUrl: null,
  providerTermsUrl: null,
  // LOCAL_LINKS's
  privateLinkHosts: true,
  ownHost: null,
  funnel: false,
  funnelSources: [],
};

/** A resume file inside a registration body, as the browser sends it and the provider gets it. */
export interface UploadedResume {
  resume_content_base64: string;
  resume_filename: string;
  resume_filetype: string;
}

/** POST /api/upload's answer (docs/api.md). */
export type UploadAnswer =
  | { success: true; filename: string; url: string; delete_token: string }
  | { success: false; error: string };

export type FieldMessages = Record<string, string[]>;

/** The body of every /api/register answer (docs/api.md). */
export type RegistrationAnswer = ProviderAnswer | QueuedAnswer;

/** The provider's answer, a check's before the call, or ours when the provider never answered. */
interface ProviderAnswer {
  ok: boolean;
  status: number | null;
  message?: string;
  detail?: string;
  errors?: FieldMessages;
  data?: unknown;
  queued?: never;
}

/**
 * With OUTBOX=on, a registration the provider could not take now, kept by the server for later
 * delivery (202). It carries nothing else.
 */
interface QueuedAnswer {
  ok: true;
  status: 202;
  queued: true;
  message?: never;
  detail?: never;
  errors?: never;
  data?: never;
}

/** The honeypot a registration carries: a field people never see and bots love to fill. */
export const HONEYPOT_FIELD = 'website';
/** Milliseconds the browser measured from page load to submit. */
export const FILL_TIME_FIELD = 'fill_ms';
/** The form token (GET /api/form-token) a registration carries: the server measures the time. */
export const FORM_TOKEN_FIELD = 'form_token';
/** An uploaded resume's delete token (the upload's answer), sent with its registration. */
export const DELETE_TOKEN_FIELD = 'resume_delete_token';
/** The header that carries it with DELETE /api/upload/<name> (docs/api.md). */
export const DELETE_TOKEN_HEADER = 'delete-token';
/** The registration status of a form token missing, expired or already used (docs/api.md). */
export const FORM_TOKEN_REFUSED_STATUS = 428;

/** GET /api/form-token's answer (docs/api.md). */
export interface FormTokenAnswer {
  token: string;
  /** The least time, from the token's issue, before a registration with it is taken for a person's. */
  min_fill_ms: number;
}
