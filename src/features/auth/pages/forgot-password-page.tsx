// /mot-de-passe-oublie (ours; the documents have no password reset): the e-mail, then the same
// answer whether an account exists or not (no enumeration). The e-mail's link opens
// /nouveau-mot-de-passe signed in (issue 16 item 8).
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { parseLoginNavState } from '@/domain/onboarding-rules';
import { fieldErrors } from '@/domain/schemas/common';
import { forgotPasswordSchema } from '@/domain/schemas/auth';
import { fr } from '@/i18n/fr-onboarding';
import { requestPasswordReset } from '@/lib/auth';
import { preloadSupabase } from '@/lib/supabase';
import { AuthCard } from '../components/auth-card';

const t = fr.auth.forgotPassword;

export function ForgotPasswordPage() {
  useEffect(preloadSupabase, []);
  const location = useLocation();
  const [email, setEmail] = useState(parseLoginNavState(location.state).email ?? '');
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const parsed = forgotPasswordSchema.safeParse({ email });
    if (!parsed.success) {
      setError(fieldErrors(parsed.error).email);
      return;
    }
    setError(undefined);
    setFormError(null);
    setBusy(true);
    const result = await requestPasswordReset(
      parsed.data.email,
      `${window.location.origin}/nouveau-mot-de-passe`,
    );
    setBusy(false);
    if (result.ok) setSentTo(parsed.data.email);
    else if (result.code === 'rate_limited') setFormError(t.rateLimited);
    else if (result.code === 'network') setFormError(t.networkError);
    else setFormError(t.genericError);
  };

  return (
    <AuthCard title={t.title} subtitle={t.subtitle}>
      {sentTo ? (
        <p className="auth-notice" role="status">
          {t.sent(sentTo)}
        </p>
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)}>
          {formError ? (
            <p className="auth-error" role="alert">
              {formError}
            </p>
          ) : null}
          <Field label={t.email} required error={error}>
            {(props) => (
              <input
                {...props}
                className="input"
                type="email"
                inputMode="email"
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            )}
          </Field>
          <div className="auth-actions">
            <Button type="submit" size="lg" loading={busy}>
              {busy ? t.submitting : t.submit}
            </Button>
          </div>
        </form>
      )}
      <div className="auth-footer">
        <Link to="/login" state={sentTo || email ? { email: sentTo ?? email } : undefined}>
          {t.back}
        </Link>
      </div>
    </AuthCard>
  );
}
