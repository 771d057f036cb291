import { i18n } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import type { FormValues } from '../../shared/schema.ts';
import {
  DEFAULT_JOB_TYPE,
  EDUCATION_TEXTS,
  ELIGIBILITY_TEXTS,
  experienceText,
  JOB_TYPE_TEXTS,
  STEP_TITLE_TEXTS,
} from '../texts.ts';

interface Row {
  label: string;
  value: string;
}

// One formatter, built when the chunk loads (ahead of need): toLocaleString builds one per call,
// and the first costs ~50 ms of a slow phone's CPU on the way to the Resume step.
const US_NUMBER = new Intl.NumberFormat('en-US');
const money = (value: number) => (Number.isFinite(value) ? `$${US_NUMBER.format(value)}` : '—');
const yesNo = (value: string) => (value === '1' ? i18n._(msg`Yes`) : i18n._(msg`No`));
const orDash = (value: string) => (value.trim() === '' ? '—' : value);

export function personalRows(v: FormValues): Row[] {
  return [
    { label: i18n._(msg`Name`), value: orDash(`${v.first_name} ${v.last_name}`.trim()) },
    { label: i18n._(msg`Email`), value: orDash(v.email) },
    { label: i18n._(msg`Password`), value: v.password ? '••••••••' : '—' },
    { label: i18n._(msg`Phone`), value: orDash(v.phone) },
    { label: i18n._(msg`Zip Code`), value: orDash(v.zip_code) },
    { label: i18n._(msg`Home Town`), value: orDash(v.home_town) },
  ];
}

export function careerRows(v: FormValues): Row[] {
  const radius = Number.isFinite(v.travel_radius) ? String(v.travel_radius) : '—';
  return [
    { label: i18n._(msg`Desired Job Title`), value: orDash(v.desired_job_title) },
    { label: i18n._(msg`Latest Job Title`), value: orDash(v.latest_job_title) },
    {
      label: i18n._(msg`Job Types`),
      value:
        v.acceptable_job_types.map((type) => i18n._(JOB_TYPE_TEXTS[type])).join(', ') ||
        i18n._(JOB_TYPE_TEXTS[DEFAULT_JOB_TYPE]),
    },
    { label: i18n._(msg`Salary`), value: `${money(v.salary_min)} – ${money(v.salary_max)}` },
    {
      label: i18n._(msg`Education`),
      value: v.education_level ? i18n._(EDUCATION_TEXTS[v.education_level]) : '—',
    },
    {
      label: i18n._(msg`Experience`),
      value: v.work_experience ? i18n._(experienceText(v.work_experience)) : '—',
    },
    { label: i18n._(msg`Key Skills`), value: orDash(v.key_skills) },
    {
      label: i18n._(msg`Travel Radius`),
      value: i18n._(msg`${radius} miles`),
    },
    { label: i18n._(msg`Eligibility`), value: i18n._(ELIGIBILITY_TEXTS[v.eligibility_status]) },
    { label: i18n._(msg`Relocate`), value: yesNo(v.relocate) },
    { label: i18n._(msg`Driving License`), value: yesNo(v.driving_license) },
  ];
}

function Section({
  id,
  title,
  rows,
  onChange,
}: {
  id: string;
  title: string;
  rows: Row[];
  onChange: () => void;
}) {
  const headingId = `answers-${id}`;
  return (
    <section className="answers__section" aria-labelledby={headingId}>
      <div className="answers__head">
        <h3 id={headingId}>{title}</h3>
        <button type="button" className="link" onClick={onChange}>
          {t`Change`}
          <span className="visually-hidden"> {title}</span>
        </button>
      </div>
      <dl>
        {rows.map((row) => (
          <div key={row.label}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function CheckAnswers({
  values,
  onChange,
}: {
  values: FormValues;
  onChange: (step: number) => void;
}) {
  const [personal, career] = STEP_TITLE_TEXTS;
  return (
    <details className="answers" open>
      <summary>{t`Check your answers`}</summary>
      <Section
        id="personal-info"
        title={i18n._(personal)}
        rows={personalRows(values)}
        onChange={() => onChange(0)}
      />
      <Section
        id="career-info"
        title={i18n._(career)}
        rows={careerRows(values)}
        onChange={() => onChange(1)}
      />
    </details>
  );
}

/**
 * The notice at collection, above Submit Registration (issue 30): who receives the candidate's
 * data, and the board's privacy policy and the provider's terms where the board set their links
 * (PRIVACY_POLICY_URL, PROVIDER_TERMS_URL). Nothing to tick: it informs, it does not block.
 */
export function CollectionNotice({
  privacyPolicyUrl,
  providerTermsUrl,
}: {
  privacyPolicyUrl: string | null;
  providerTermsUrl: string | null;
}) {
  if (!privacyPolicyUrl && !providerTermsUrl) return null;
  // Beside the form (a board's frame included), not in its place.
  const link = (href: string, text: string) => (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {text}
    </a>
  );
  return (
    <p className="hint collection-notice">
      {t`When you submit, we send your answers and resume to Resume Library, which creates your candidate account.`}{' '}
      {privacyPolicyUrl && link(privacyPolicyUrl, t`Privacy policy`)}
      {privacyPolicyUrl && providerTermsUrl && ' · '}
      {providerTermsUrl && link(providerTermsUrl, t`Resume Library’s terms`)}
    </p>
  );
}
