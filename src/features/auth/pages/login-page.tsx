// /login (02 §2.6, §4, §5, §8): e-mail and password, a link to create an account; Retour and
// Créer un compte go to /rechercher-entreprise (keeping the referral). Success: toast, then
// /dashboard (confirmed) or /verify-email (unconfirmed). Opened by an e-mail link that did not sign
// in (replaced, used, expired: server code otp_expired), it says so and offers a new e-mail.
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { PasswordField } from '@/components/ui/password-field';
import { isValidReferralParam } from '@/domain/links';
import { parseLoginNavState } from '@/domain/onboarding-rules';
import { fieldErrors } from '@/domain/schemas/common';
import { loginSchema } from '@/domain/schemas/auth';
import { fr } from '@/i18n/fr-onboarding';
import { authLinkError, clearAuthLinkError, signInWithPassword } from '@/lib/auth';
import { preloadSupabase } from '@/lib/supabase';
import { AuthCard } from '../components/auth-card';

const t = fr.auth.login;

export function LoginPage() {
  // supabase-js (sign-in / sign-up) downloads while the visitor fills the form.
  useEffect(preloadSupabase, []);
  const navigate = useNavigate();
  const location = useLocation();
  const nav = parseLoginNavState(location.state);
  const [email, setEmail] = useState(nav.email ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // An e-mail link that did not sign in sent the person here: say why, once.
  const [linkNotice] = useState(authLinkError);
  useEffect(clearAuthLinkError, []);
  const startPath =
    nav.ref && isValidReferralParam(nav.ref)
      ? `/rechercher-entreprise?ref=${encodeURIComponent(nav.ref)}`
      : '/rechercher-entreprise';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const parsed = loginSchema.safeParse({ email, password });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setFormError(null);
    setBusy(true);
    const result = await signInWithPassword(parsed.data.email, parsed.data.password);
    setBusy(false);
    if (result.ok) {
      const confirmed = Boolean(
        result.data.user.email_confirmed_at ?? result.data.user.confirmed_at,
      );
      toast.success(t.success);
      navigate(confirmed ? '/dashboard' : '/verify-email', {
        replace: true,
        ...(confirmed ? {} : { state: { email: parsed.data.email } }),
      });
      return;
    }
    switch (result.code) {
      case 'invalid_credentials':
        setFormError(t.invalidCredentials);
        return;
      case 'email_not_confirmed':
        // The account exists but its e-mail is not confirmed yet: the verification screen says so.
        navigate('/verify-email', { state: { email: parsed.data.email } });
        return;
      case 'network':
        setFormError(t.networkError);
        return;
      case 'rate_limited':
        setFormError(t.rateLimited);
        return;
      default:
        setFormError(t.genericError);
    }
  };

  return (
    <AuthCard title={t.title} subtitle={t.subtitle}>
      {linkNotice ? (
        <div className="auth-error" role="alert">
          <p>{linkNotice === 'expired' ? t.linkExpired : t.linkFailed}</p>
          <p>
            <Link to="/verify-email" state={email ? { email } : undefined}>
              {t.newLink}
            </Link>
          </p>
        </div>
      ) : null}
      <form noValidate onSubmit={(event) => void submit(event)}>
        {formError ? (
          <p className="auth-error" role="alert">
            {formError}
          </p>
        ) : null}
        <Field label={t.email} required error={errors.email}>
          {(props) => (
            <input
              {...props}
              className="input"
              type="email"
              inputMode="email"
              autoComplete="email"
              placeholder={t.emailPlaceholder}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          )}
        </Field>
        <PasswordField
          label={t.password}
          required
          autoComplete="current-password"
          error={errors.password}
          value={password}
          onChange={setPassword}
        />
        <p className="auth-notice-plain">
          <Link to="/mot-de-passe-oublie" state={email ? { email } : undefined}>
            {t.forgotPassword}
          </Link>
        </p>
        <div className="auth-actions">
          <Button type="submit" size="lg" loading={busy}>
            {busy ? t.submitting : t.submit}
          </Button>
        </div>
      </form>
      <p className="auth-notice-plain">
        {t.noAccount} <Link to={startPath}>{t.createAccount}</Link>
      </p>
      <div className="auth-footer">
        <Button variant="secondary" onClick={() => navigate(startPath)}>
          {t.back}
        </Button>
      </div>
    </AuthCard>
  );
}
