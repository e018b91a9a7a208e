// /confirmer-email (ours): where the links of the e-mails land (server/auth/mailer.ts LANDING.confirm).
//  - A sign-up confirmation (`?code=`, issue 28 item 2): in the browser that signed up, the code is
//    exchanged with its verifier and the person is signed in with the password chosen at sign-up
//    (toast, /dashboard). Anywhere else: « Choisissez votre mot de passe »: the inbox owner sets
//    the account's password, and nothing typed at sign-up is kept (the page says so, and that the
//    link can still be opened on the sign-up device instead). A used or expired link: say so and
//    offer a new e-mail.
//  - An e-mail change (`?email_change=`, issue 28 item 5): one of the two links opened (the other
//    is awaited), both (done), or a refusal.
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { readAuthLinkArrival } from '@/domain/auth-link';
import { fr } from '@/i18n/fr-onboarding';
import {
  claimAccount,
  clearAuthLinkError,
  exchangeConfirmationCode,
  refreshCurrentUser,
  useAuth,
  type CodeOutcome,
} from '@/lib/auth';
import { AuthCard } from '../components/auth-card';
import { PasswordPairForm } from '../components/password-pair-form';

const t = fr.auth.confirmEmail;

type EmailChangeStep = 'pending' | 'done' | 'taken' | 'expired';
type View =
  | { kind: 'checking'; code: string }
  | { kind: 'choose'; code: string }
  | { kind: 'invalid' }
  | { kind: 'network'; code: string }
  | { kind: 'email-change'; step: EmailChangeStep };

const codeSchema = z.string().regex(/^[A-Za-z0-9_-]{16,128}$/);
/** /verify-email already tried the exchange: straight to the password form. */
const navStateSchema = z.object({ choosePassword: z.literal(true) });

function initialView(href: string, state: unknown): View {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return { kind: 'invalid' };
  }
  const change = url.searchParams.get('email_change');
  if (change === 'pending' || change === 'done') return { kind: 'email-change', step: change };
  if (change !== null) {
    const arrival = readAuthLinkArrival(href);
    const taken = arrival !== null && 'error' in arrival && arrival.error === 'email_exists';
    return { kind: 'email-change', step: taken ? 'taken' : 'expired' };
  }
  const code = codeSchema.safeParse(url.searchParams.get('code'));
  if (!code.success) return { kind: 'invalid' };
  return navStateSchema.safeParse(state).success
    ? { kind: 'choose', code: code.data }
    : { kind: 'checking', code: code.data };
}

/** One exchange per code for the page's life (React runs effects twice in development). */
const exchanges = new Map<string, Promise<CodeOutcome>>();
function exchangeOnce(code: string): Promise<CodeOutcome> {
  let pending = exchanges.get(code);
  if (!pending) {
    pending = exchangeConfirmationCode(code);
    exchanges.set(code, pending);
    void pending.then((o) => o.kind === 'network' && exchanges.delete(code));
  }
  return pending;
}

export function ConfirmEmailPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const auth = useAuth();
  const [view, setView] = useState<View>(() =>
    initialView(
      `${window.location.origin}${location.pathname}${location.search}${location.hash}`,
      location.state,
    ),
  );
  // This page says what became of the link: the login screen must not say it again.
  useEffect(clearAuthLinkError, []);

  const checkingCode = view.kind === 'checking' ? view.code : null;
  useEffect(() => {
    if (!checkingCode) return;
    let live = true;
    void exchangeOnce(checkingCode).then((outcome) => {
      if (!live) return;
      if (outcome.kind === 'signed-in') {
        toast.success(t.verified);
        navigate('/dashboard', { replace: true });
      } else if (outcome.kind === 'choose-password')
        setView({ kind: 'choose', code: checkingCode });
      else if (outcome.kind === 'network') setView({ kind: 'network', code: checkingCode });
      else setView({ kind: 'invalid' });
    });
    return () => {
      live = false;
    };
  }, [checkingCode, navigate]);

  const changeDone = view.kind === 'email-change' && view.step === 'done';
  const signedIn = auth.status === 'signed-in';
  useEffect(() => {
    // The session still names the old address until the user is read again.
    if (changeDone && signedIn) void refreshCurrentUser();
  }, [changeDone, signedIn]);

  switch (view.kind) {
    case 'checking':
      return <PageSpinner label={t.checkingTitle} />;
    case 'choose':
      return <ChoosePassword code={view.code} onInvalid={() => setView({ kind: 'invalid' })} />;
    case 'network':
      return (
        <AuthCard title={t.checkingTitle}>
          <p className="auth-error" role="alert">
            {t.networkError}
          </p>
          <div className="auth-actions">
            <Button onClick={() => setView({ kind: 'checking', code: view.code })}>
              {t.retry}
            </Button>
          </div>
        </AuthCard>
      );
    case 'invalid':
      return (
        <AuthCard title={t.invalidTitle}>
          <p className="auth-error" role="alert">
            {t.invalid}
          </p>
          <div className="auth-actions">
            <Link className="btn btn-primary btn-md" to="/verify-email">
              {t.newEmail}
            </Link>
          </div>
        </AuthCard>
      );
    case 'email-change':
      return <EmailChangeOutcome step={view.step} />;
  }
}

function ChoosePassword({ code, onInvalid }: { code: string; onInvalid: () => void }) {
  const navigate = useNavigate();
  const save = async (password: string): Promise<string | null> => {
    const result = await claimAccount(code, password);
    if (result.ok) {
      toast.success(t.success);
      navigate('/dashboard', { replace: true });
      return null;
    }
    switch (result.code) {
      case 'invalid':
        onInvalid();
        return null;
      case 'weak_password':
        return fr.validation.passwordTooCommon;
      case 'rate_limited':
        return t.rateLimited;
      case 'network':
        return t.networkError;
      default:
        return t.genericError;
    }
  };
  return (
    <AuthCard title={t.chooseTitle} subtitle={t.chooseIntro}>
      <PasswordPairForm labels={t} onSubmit={save}>
        <p className="auth-notice">{t.otherDevice}</p>
        <p className="muted">{t.nothingKept}</p>
      </PasswordPairForm>
    </AuthCard>
  );
}

function EmailChangeOutcome({ step }: { step: EmailChangeStep }) {
  const message = {
    pending: t.emailChangePending,
    done: t.emailChangeDone,
    taken: t.emailChangeTaken,
    expired: t.emailChangeExpired,
  }[step];
  const ok = step === 'pending' || step === 'done';
  return (
    <AuthCard title={t.emailChangeTitle}>
      <p className={ok ? 'auth-notice' : 'auth-error'} role={ok ? 'status' : 'alert'}>
        {message}
      </p>
      <div className="auth-actions">
        <Link className="btn btn-primary btn-md" to="/dashboard">
          {t.continue}
        </Link>
      </div>
    </AuthCard>
  );
}
