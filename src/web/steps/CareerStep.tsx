import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import {
  EDUCATION_LEVELS,
  ELIGIBILITY_STATUSES,
  JOB_TYPES,
  WORK_EXPERIENCE,
} from '../../shared/constants.ts';
import { CheckboxGroup, NumberField, SelectField, Switch, TextField } from '../fields/index.ts';
import { EDUCATION_TEXTS, ELIGIBILITY_TEXTS, experienceText, JOB_TYPE_TEXTS } from '../texts.ts';

export function CareerStep() {
  const options = <V extends string>(values: readonly V[], label: (value: V) => string) =>
    values.map((value) => ({ value, label: label(value) }));
  return (
    <>
      <div className="row">
        <TextField name="desired_job_title" label={t`Desired Job Title`} autoComplete="off" />
        <TextField
          name="latest_job_title"
          label={t`Latest Job Title`}
          autoComplete="organization-title"
        />
      </div>
      <CheckboxGroup
        name="acceptable_job_types"
        legend={t`Acceptable Job Types`}
        hint={t`Choose any that suit you. None chosen means Permanent.`}
        options={options(JOB_TYPES, (type) => i18n._(JOB_TYPE_TEXTS[type]))}
      />
      <div className="row">
        <NumberField name="salary_min" label={t`Minimum Salary`} hint={t`USD per year`} />
        <NumberField name="salary_max" label={t`Maximum Salary`} hint={t`USD per year`} />
      </div>
      <div className="row">
        <SelectField
          name="education_level"
          label={t`Education Level`}
          options={options(EDUCATION_LEVELS, (level) => i18n._(EDUCATION_TEXTS[level]))}
          placeholder={t`Select…`}
        />
        <SelectField
          name="work_experience"
          label={t`Work Experience`}
          options={options(WORK_EXPERIENCE, (years) => i18n._(experienceText(years)))}
          placeholder={t`Select…`}
        />
      </div>
      <TextField name="key_skills" label={t`Key Skills`} hint={t`Separate skills with commas`} />
      <div className="row">
        <NumberField name="travel_radius" label={t`Travel Radius (miles)`} />
        <SelectField
          name="eligibility_status"
          label={t`Eligibility Status`}
          options={options(ELIGIBILITY_STATUSES, (status) => i18n._(ELIGIBILITY_TEXTS[status]))}
        />
      </div>
      <div className="switches">
        <Switch name="relocate" label={t`Willing to Relocate`} />
        <Switch name="driving_license" label={t`Has Driving License`} />
      </div>
    </>
  );
}
