// A new password and its confirmation (the sign-up rules: 8 characters, not a common one), checked
// before anything is sent: the recovery screen and « Choisissez votre mot de passe ». The strength
// estimator's French feedback while it is typed, and its verdict on submit (issue 28 item 8).
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/password-field';
import { fieldErrors } from '@/domain/schemas/common';
import { newPasswordFormSchema } from '@/domain/schemas/auth';
import { usePasswordStrength } from '@/hooks/use-password-strength';

type Labels = { password: string; confirm: string; submit: string; submitting: string };

export function PasswordPairForm({
  labels,
  onSubmit,
  personal = [],
  children,
}: {
  labels: Labels;
  /** The account's own words (its e-mail): a password made of them is weak. */
  personal?: readonly (string | null | undefined)[];
  /** Sends the valid password; resolves to the message to show, or null when it is done. */
  onSubmit: (password: string) => Promise<string | null>;
  /** Shown above the fields. */
  children?: ReactNode;
}) {
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const strength = usePasswordStrength(password, personal);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const parsed = newPasswordFormSchema.safeParse({ password, confirmPassword });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    const verdict = await strength.check();
    if (verdict && !verdict.ok) {
      setErrors({ password: verdict.message });
      return;
    }
    setErrors({});
    setFormError(null);
    setBusy(true);
    const message = await onSubmit(parsed.data.password);
    setBusy(false);
    setFormError(message);
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      {children}
      {formError ? (
        <p className="auth-error" role="alert">
          {formError}
        </p>
      ) : null}
      <PasswordField
        label={labels.password}
        required
        autoComplete="new-password"
        error={errors.password}
        hint={strength.feedback?.message}
        value={password}
        onChange={setPassword}
      />
      <PasswordField
        label={labels.confirm}
        required
        autoComplete="new-password"
        error={errors.confirmPassword}
        value={confirmPassword}
        onChange={setConfirmPassword}
      />
      <div className="auth-actions">
        <Button type="submit" size="lg" loading={busy}>
          {busy ? labels.submitting : labels.submit}
        </Button>
      </div>
    </form>
  );
}
