// /nouveau-mot-de-passe (ours): the recovery screen the password e-mail's link opens, signed in by
// that link (issue 16 item 8; the link already retired the old password and ended the other
// sessions, issue 28 item 2). A new password (the sign-up rules: 8 characters, not a common one)
// and its confirmation, then /dashboard. Without a session (a used or replaced link): say so and
// offer a new link.
import { Link, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { PageSpinner } from '@/components/ui/spinner';
import { fr } from '@/i18n/fr-onboarding';
import { updateAuthUser, useAuth } from '@/lib/auth';
import { AuthCard } from '../components/auth-card';
import { PasswordPairForm } from '../components/password-pair-form';

const t = fr.auth.newPassword;

export function NewPasswordPage() {
  const auth = useAuth();
  const navigate = useNavigate();

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

  const save = async (password: string): Promise<string | null> => {
    const result = await updateAuthUser({ password });
    if (result.ok) {
      toast.success(t.success);
      navigate('/dashboard', { replace: true });
      return null;
    }
    const messages: Partial<Record<typeof result.code, string>> = {
      weak_password: fr.validation.passwordTooCommon,
      same_password: t.samePassword,
      network: t.networkError,
      rate_limited: fr.auth.login.rateLimited,
    };
    return messages[result.code] ?? t.genericError;
  };

  return (
    <AuthCard title={t.title} subtitle={t.subtitle}>
      <PasswordPairForm labels={t} onSubmit={save} personal={[auth.user?.email]} />
    </AuthCard>
  );
}
