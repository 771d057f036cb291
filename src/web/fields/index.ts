// The form's controls, their shell (label, hint, message) and the ids the steps share.
export {
  CheckboxGroup,
  ErrorText,
  FieldShell,
  FromResume,
  fieldId,
  NumberField,
  PasswordField,
  RESUME_ERROR_ID,
  RESUME_HINT_ID,
  SELECT_RESUME_ID,
  SelectField,
  Switch,
  TextField,
  useFieldError,
} from './fields.tsx';
