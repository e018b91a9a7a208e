import type { ReactNode } from 'react';
import { Field } from './field';

type PasswordFieldProps = {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /**
   * What the browser's password manager should do: offer the saved password (`current-password`:
   * sign-in, re-authentication) or suggest a new one and save it (`new-password`: sign-up, reset,
   * change, and the confirmation beside it).
   */
  autoComplete: 'current-password' | 'new-password';
  error?: string | undefined;
  /** Under the field: a length rule, or the strength estimator's feedback. */
  hint?: ReactNode;
  required?: boolean;
  /** The form control's name, where a form names its fields. */
  name?: string;
};

/**
 * A password input with its label, hint and error announced to screen readers (through Field:
 * label `for`, aria-describedby on the hint and the error, aria-invalid while it is wrong).
 */
export function PasswordField({
  label,
  value,
  onChange,
  autoComplete,
  error,
  hint,
  required,
  name,
}: PasswordFieldProps) {
  return (
    <Field label={label} required={required} error={error} hint={hint}>
      {(props) => (
        <input
          {...props}
          className="input"
          type="password"
          name={name}
          autoComplete={autoComplete}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
