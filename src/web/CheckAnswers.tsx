import { ELIGIBILITY_LABELS } from '../shared/constants.ts';
import type { FormValues } from '../shared/schema.ts';

interface Row {
  label: string;
  value: string;
}

// One formatter, built when the chunk loads (ahead of need): toLocaleString builds one per call,
// and the first costs ~50 ms of a slow phone's CPU on the way to the Resume step.
const US_NUMBER = new Intl.NumberFormat('en-US');
const money = (value: number) => (Number.isFinite(value) ? `$${US_NUMBER.format(value)}` : '—');
const yesNo = (value: string) => (value === '1' ? 'Yes' : 'No');
const orDash = (value: string) => (value.trim() === '' ? '—' : value);

export function personalRows(v: FormValues): Row[] {
  return [
    { label: 'Name', value: orDash(`${v.first_name} ${v.last_name}`.trim()) },
    { label: 'Email', value: orDash(v.email) },
    { label: 'Password', value: v.password ? '••••••••' : '—' },
    { label: 'Phone', value: orDash(v.phone) },
    { label: 'Zip Code', value: orDash(v.zip_code) },
    { label: 'Home Town', value: orDash(v.home_town) },
  ];
}

export function careerRows(v: FormValues): Row[] {
  return [
    { label: 'Desired Job Title', value: orDash(v.desired_job_title) },
    { label: 'Latest Job Title', value: orDash(v.latest_job_title) },
    { label: 'Job Types', value: v.acceptable_job_types.join(', ') || 'Permanent' },
    { label: 'Salary', value: `${money(v.salary_min)} – ${money(v.salary_max)}` },
    { label: 'Education', value: orDash(v.education_level) },
    { label: 'Experience', value: v.work_experience ? `${v.work_experience} years` : '—' },
    { label: 'Key Skills', value: orDash(v.key_skills) },
    {
      label: 'Travel Radius',
      value: `${Number.isFinite(v.travel_radius) ? v.travel_radius : '—'} miles`,
    },
    { label: 'Eligibility', value: ELIGIBILITY_LABELS[v.eligibility_status] },
    { label: 'Relocate', value: yesNo(v.relocate) },
    { label: 'Driving License', value: yesNo(v.driving_license) },
  ];
}

function Section({ title, rows, onChange }: { title: string; rows: Row[]; onChange: () => void }) {
  // An id holds no space: aria-labelledby reads a space-separated list of ids.
  const headingId = `answers-${title.toLowerCase().replaceAll(' ', '-')}`;
  return (
    <section className="answers__section" aria-labelledby={headingId}>
      <div className="answers__head">
        <h3 id={headingId}>{title}</h3>
        <button type="button" className="link" onClick={onChange}>
          Change<span className="visually-hidden"> {title}</span>
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
  return (
    <details className="answers" open>
      <summary>Check your answers</summary>
      <Section title="Personal Info" rows={personalRows(values)} onChange={() => onChange(0)} />
      <Section title="Career Info" rows={careerRows(values)} onChange={() => onChange(1)} />
    </details>
  );
}
