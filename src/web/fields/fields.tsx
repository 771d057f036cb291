// One accessible shell for every control: label, hint, error text, aria-invalid and
// aria-describedby are written here once (DESIGN §5).
import { type ReactNode, useState } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import type { FieldName, FormValues } from '../../shared/schema.ts';

export const fieldId = (name: string) => `field-${name}`;
/** The resume step's error text, which Submit Registration also points at. */
export const RESUME_ERROR_ID = 'resume-error';

interface ShellProps {
  name: string;
  label: string;
  hint?: string;
  error?: string;
  children: (control: {
    id: string;
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
  }) => ReactNode;
}

export function FieldShell({ name, label, hint, error, children }: ShellProps) {
  const id = fieldId(name);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={hintId} className="hint">
          {hint}
        </p>
      )}
      {error && <ErrorText id={errorId as string}>{error}</ErrorText>}
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
    </div>
  );
}

export function ErrorText({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="error-text">
      <span className="visually-hidden">Error: </span>
      {children}
    </p>
  );
}

function useFieldError(name: FieldName): string | undefined {
  const { formState } = useFormContext<FormValues>();
  const message = formState.errors[name]?.message;
  return typeof message === 'string' ? message : undefined;
}

interface TextFieldProps {
  name: FieldName;
  label: string;
  hint?: string;
  type?: 'text' | 'email' | 'tel' | 'url';
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'email' | 'tel';
  spellCheck?: boolean;
}

export function TextField({ name, label, hint, type = 'text', ...input }: TextFieldProps) {
  const { register } = useFormContext<FormValues>();
  return (
    <FieldShell name={name} label={label} hint={hint} error={useFieldError(name)}>
      {(control) => <input {...control} type={type} {...input} {...register(name)} />}
    </FieldShell>
  );
}

export function NumberField({
  name,
  label,
  hint,
}: {
  name: FieldName;
  label: string;
  hint?: string;
}) {
  const { register } = useFormContext<FormValues>();
  return (
    <FieldShell name={name} label={label} hint={hint} error={useFieldError(name)}>
      {(control) => (
        <input
          {...control}
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          {...register(name, { valueAsNumber: true })}
        />
      )}
    </FieldShell>
  );
}

export function PasswordField({ name, label }: { name: FieldName; label: string }) {
  const { register } = useFormContext<FormValues>();
  const [visible, setVisible] = useState(false);
  return (
    <FieldShell name={name} label={label} hint="At least 8 characters" error={useFieldError(name)}>
      {(control) => (
        <div className="password">
          <input
            {...control}
            type={visible ? 'text' : 'password'}
            autoComplete="new-password"
            spellCheck={false}
            {...register(name)}
          />
          <button
            type="button"
            className="button button--quiet"
            aria-pressed={visible}
            onClick={() => setVisible((shown) => !shown)}
          >
            {visible ? 'Hide' : 'Show'}
            <span className="visually-hidden"> password</span>
          </button>
        </div>
      )}
    </FieldShell>
  );
}

interface Option {
  value: string;
  label: string;
}

export function SelectField({
  name,
  label,
  options,
  placeholder,
}: {
  name: FieldName;
  label: string;
  options: readonly Option[];
  placeholder?: string;
}) {
  const { register } = useFormContext<FormValues>();
  return (
    <FieldShell name={name} label={label} error={useFieldError(name)}>
      {(control) => (
        <select {...control} {...register(name)}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}

export function CheckboxGroup({
  name,
  legend,
  options,
  hint,
}: {
  name: FieldName;
  legend: string;
  options: readonly string[];
  hint?: string;
}) {
  const { register } = useFormContext<FormValues>();
  const error = useFieldError(name);
  const id = fieldId(name);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset
      className={error ? 'field field--invalid' : 'field'}
      aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
    >
      <legend>{legend}</legend>
      {hint && (
        <p id={hintId} className="hint">
          {hint}
        </p>
      )}
      {error && <ErrorText id={errorId as string}>{error}</ErrorText>}
      <div className="choices">
        {options.map((option, index) => (
          <label key={option} className="choice">
            <input
              type="checkbox"
              value={option}
              id={index === 0 ? id : undefined}
              aria-invalid={error ? true : undefined}
              {...register(name)}
            />
            {option}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A native checkbox with the switch role; the value is '1' or '0' as the provider wants. */
export function Switch({ name, label }: { name: FieldName; label: string }) {
  const { control } = useFormContext<FormValues>();
  const id = fieldId(name);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className="switch">
          <input
            id={id}
            ref={field.ref}
            name={field.name}
            type="checkbox"
            role="switch"
            checked={field.value === '1'}
            aria-checked={field.value === '1'}
            onChange={(event) => field.onChange(event.target.checked ? '1' : '0')}
            onBlur={field.onBlur}
          />
          <label htmlFor={id}>{label}</label>
        </div>
      )}
    />
  );
}
