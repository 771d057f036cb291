import {
  EDUCATION_LEVELS,
  ELIGIBILITY_LABELS,
  ELIGIBILITY_STATUSES,
  JOB_TYPES,
  WORK_EXPERIENCE,
} from '../../shared/constants.ts';
import { CheckboxGroup, NumberField, SelectField, Switch, TextField } from '../fields/fields.tsx';

const asOptions = (values: readonly string[]) => values.map((value) => ({ value, label: value }));
const EXPERIENCE_OPTIONS = WORK_EXPERIENCE.map((value) => ({ value, label: `${value} years` }));
const ELIGIBILITY_OPTIONS = ELIGIBILITY_STATUSES.map((value) => ({
  value,
  label: ELIGIBILITY_LABELS[value],
}));

export function CareerStep() {
  return (
    <>
      <div className="row">
        <TextField name="desired_job_title" label="Desired Job Title" autoComplete="off" />
        <TextField
          name="latest_job_title"
          label="Latest Job Title"
          autoComplete="organization-title"
        />
      </div>
      <CheckboxGroup
        name="acceptable_job_types"
        legend="Acceptable Job Types"
        hint="Choose any that suit you. None chosen means Permanent."
        options={JOB_TYPES}
      />
      <div className="row">
        <NumberField name="salary_min" label="Minimum Salary" hint="USD per year" />
        <NumberField name="salary_max" label="Maximum Salary" hint="USD per year" />
      </div>
      <div className="row">
        <SelectField
          name="education_level"
          label="Education Level"
          options={asOptions(EDUCATION_LEVELS)}
          placeholder="Select…"
        />
        <SelectField
          name="work_experience"
          label="Work Experience"
          options={EXPERIENCE_OPTIONS}
          placeholder="Select…"
        />
      </div>
      <TextField name="key_skills" label="Key Skills" hint="Separate skills with commas" />
      <div className="row">
        <NumberField name="travel_radius" label="Travel Radius (miles)" />
        <SelectField
          name="eligibility_status"
          label="Eligibility Status"
          options={ELIGIBILITY_OPTIONS}
        />
      </div>
      <div className="switches">
        <Switch name="relocate" label="Willing to Relocate" />
        <Switch name="driving_license" label="Has Driving License" />
      </div>
    </>
  );
}
