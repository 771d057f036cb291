// One accessible shell for every control: label, hint, error text, aria-invalid and
// aria-describedby are written here once (docs/form.md).
import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { createContext, type ReactNode, useContext, useState } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { FROM_RESUME_TEXT } from '../../shared/page-texts.ts';
import type { FieldName, FormValues } from '../../shared/schema.ts';
import { EARLY_TEXTS } from '../texts.ts';

/** The fields the candidate's resume filled and they have not edited since (docs/autofill.md). */
export const FromResume = createContext<readonly string[]>([]);

export const fieldId = (name: string) => `field-${name}`;
/** The resume step's error text, which Submit Registration also points at. */
export const RESUME_ERROR_ID = 'resume-error';
/** The resume step's hint: which files and links it takes. */
export const RESUME_HINT_ID = 'resume-hint';
/** The resume step's file button: the resume field's control, where its summary link leads. */
export const SELECT_RESUME_ID = fieldId('resume');

/** The ids of a field's parts; each of the others only while there is that text. */
export interface FieldIds {
  id: string;
  hintId?: string;
  /** The "From your resume — please check" mark. */
  noteId?: string;
  errorId?: string;
}

/** What a control carries to be named, described and marked invalid. */
export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** The usual ids of field `name`: `field-{name}`, then `-hint` and `-error`. */
function fieldIds(name: string, hint?: string, error?: string, note?: boolean): FieldIds {
  const id = fieldId(name);
  return {
    id,
    hintId: hint ? `${id}-hint` : undefined,
    noteId: note ? `${id}-note` : undefined,
    errorId: error ? `${id}-error` : undefined,
  };
}

/** The one place a control gets aria-invalid and aria-describedby: invalid while it has error text. */
function controlProps({ id, hintId, noteId, errorId }: FieldIds): ControlProps {
  return {
    id,
    'aria-invalid': errorId ? true : undefined,
    'aria-describedby': [hintId, noteId, errorId].filter(Boolean).join(' ') || undefined,
  };
}

const fieldClassName = (error: unknown) => (error ? 'field field--invalid' : 'field');

/** A field's hint and error text, under its label or legend. */
function FieldTexts({ ids, hint, error }: { ids: FieldIds; hint?: string; error?: string }) {
  return (
    <>
      {hint && (
        <p id={ids.hintId} className="hint">
          {hint}
        </p>
      )}
      {ids.noteId && (
        <p id={ids.noteId} className="hint hint--resume">
          {i18n._(FROM_RESUME_TEXT)}
        </p>
      )}
      {error && <ErrorText id={ids.errorId as string}>{error}</ErrorText>}
    </>
  );
}

interface ShellProps {
  name: string;
  label: string;
  hint?: string;
  error?: string;
  children: (control: ControlProps) => ReactNode;
}

export function FieldShell({ name, label, hint, error, children }: ShellProps) {
  const ids = fieldIds(name, hint, error, useContext(FromResume).includes(name));
  return (
    <div className={fieldClassName(error)}>
      <label htmlFor={ids.id}>{label}</label>
      <FieldTexts ids={ids} hint={hint} error={error} />
      {children(controlProps(ids))}
    </div>
  );
}

export function ErrorText({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="error-text">
      <span className="visually-hidden">{t`Error:`} </span>
      {children}
    </p>
  );
}

export function useFieldError(name: FieldName): string | undefined {
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
    <FieldShell
      name={name}
      label={label}
      hint={t`At least 8 characters`}
      error={useFieldError(name)}
    >
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
            {visible ? i18n._(EARLY_TEXTS.hide) : t`Show`}
            <span className="visually-hidden"> {t`password`}</span>
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
  options: readonly Option[];
  hint?: string;
}) {
  const { register } = useFormContext<FormValues>();
  const error = useFieldError(name);
  const ids = fieldIds(name, hint, error);
  const control = controlProps(ids);
  // The group is described; each box is marked invalid; the first box takes the id the
  // error summary links to.
  return (
    <fieldset className={fieldClassName(error)} aria-describedby={control['aria-describedby']}>
      <legend>{legend}</legend>
      <FieldTexts ids={ids} hint={hint} error={error} />
      <div className="choices">
        {options.map((option, index) => (
          <label key={option.value} className="choice">
            <input
              type="checkbox"
              value={option.value}
              id={index === 0 ? control.id : undefined}
              aria-invalid={control['aria-invalid']}
              {...register(name)}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * A native checkbox with the switch role; the value is '1' or '0' as the provider wants. It
 * always holds one of the two, so it has no hint or error text of its own.
 */
export function Switch({ name, label }: { name: FieldName; label: string }) {
  const { control } = useFormContext<FormValues>();
  const described = controlProps(fieldIds(name));
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className="switch">
          <input
            {...described}
            ref={field.ref}
            name={field.name}
            type="checkbox"
            role="switch"
            checked={field.value === '1'}
            aria-checked={field.value === '1'}
            onChange={(event) => field.onChange(event.target.checked ? '1' : '0')}
            onBlur={field.onBlur}
          />
          <label htmlFor={described.id}>{label}</label>
        </div>
      )}
    />
  );
}
