import { PasswordField, TextField } from '../fields/fields.tsx';

export function PersonalStep() {
  return (
    <>
      <div className="row">
        <TextField name="first_name" label="First Name" autoComplete="given-name" />
        <TextField name="last_name" label="Last Name" autoComplete="family-name" />
      </div>
      <TextField name="email" label="Email" type="email" autoComplete="email" spellCheck={false} />
      <PasswordField name="password" label="Password" />
      <div className="row">
        <TextField name="phone" label="Phone" type="tel" autoComplete="tel" />
        <TextField
          name="zip_code"
          label="Zip Code"
          hint="Enter a valid 5-digit US zip code"
          autoComplete="postal-code"
          inputMode="numeric"
        />
      </div>
      <TextField name="home_town" label="Home Town" autoComplete="address-level2" />
    </>
  );
}
