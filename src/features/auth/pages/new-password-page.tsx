// /nouveau-mot-de-passe (ours): the recovery screen the password e-mail's link opens, signed in by
// that link (issue 16 item 8). A new password (the sign-up rules: 8 characters, not a common one)
// and its confirmation, then /dashboard. A confirmation link of a contested registration lands here
// too (docs/security.md): the subtitle then says why a password is asked. Without a session (a used or replaced link): say so and
// offer a new link.
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { PageSpinner } from '@/components/ui/spinner';
import { usePasswordStrength } from '@/hooks/use-password-strength';
import { fieldErrors } from '@/domain/schemas/common';
import { newPasswordFormSchema } from '@/domain/schemas/auth';
import { fr } from '@/i18n/fr-onboarding';
import { arrivedByConfirmationLink, updateAuthUser, useAuth } from '@/lib/auth';
import { AuthCard } from '../components/auth-card';

const t = fr.auth.newPassword;

export function NewPasswordPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const strength = usePasswordStrength(password, [auth.user?.email]);

  if (auth.status === 'loading') return <PageSpinner />;
  if (auth.status !== 'signed-in') {
    return (
      <AuthCard title={t.title}>
        <p className="auth-error" role="alert">
          {t.invalidLink}
        </p>
        <div className="auth-actions">
          <Link className="btn btn-primary btn-md" to="/mot-de-passe-oublie">
            {t.askAgain}
          </Link>
        </div>
      </AuthCard>
    );
  }

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
    const result = await updateAuthUser({ password: parsed.data.password });
    setBusy(false);
    if (result.ok) {
      toast.success(t.success);
      navigate('/dashboard', { replace: true });
      return;
    }
    const messages: Partial<Record<typeof result.code, string>> = {
      weak_password: fr.validation.passwordTooCommon,
      same_password: t.samePassword,
      network: t.networkError,
      rate_limited: fr.auth.login.rateLimited,
    };
    setFormError(messages[result.code] ?? t.genericError);
  };

  return (
    <AuthCard
      title={t.title}
      subtitle={arrivedByConfirmationLink() ? t.confirmedSubtitle : t.subtitle}
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        {formError ? (
          <p className="auth-error" role="alert">
            {formError}
          </p>
        ) : null}
        <Field
          label={t.password}
          required
          error={errors.password}
          hint={strength.feedback?.message}
        >
          {(props) => (
            <input
              {...props}
              className="input"
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </Field>
        <Field label={t.confirm} required error={errors.confirmPassword}>
          {(props) => (
            <input
              {...props}
              className="input"
              type="password"
              autoComplete="new-password"
              value={confirmPassword}
              onChange={(e) => setConfirmPassword(e.target.value)}
            />
          )}
        </Field>
        <div className="auth-actions">
          <Button type="submit" size="lg" loading={busy}>
            {busy ? t.submitting : t.submit}
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
