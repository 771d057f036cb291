import { t } from '@lingui/core/macro';
import { PasswordField, TextField } from '../fields/index.ts';

export function PersonalStep() {
  return (
    <>
      <div className="row">
        <TextField name="first_name" label={t`First Name`} autoComplete="given-name" />
        <TextField name="last_name" label={t`Last Name`} autoComplete="family-name" />
      </div>
      <TextField
        name="email"
        label={t`Email`}
        type="email"
        autoComplete="email"
        spellCheck={false}
      />
      <PasswordField name="password" label={t`Password`} />
      <div className="row">
        <TextField name="phone" label={t`Phone`} type="tel" autoComplete="tel" />
        <TextField
          name="zip_code"
          label={t`Zip Code`}
          hint={t`Enter a valid 5-digit US zip code`}
          autoComplete="postal-code"
          inputMode="numeric"
        />
      </div>
      <TextField name="home_town" label={t`Home Town`} autoComplete="address-level2" />
    </>
  );
}
