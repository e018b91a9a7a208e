// /verify-email (02 §2.7, §4, §5, §8): the message, the address the e-mail went to (navigation
// state, else the stored contactFormData), a resend button with a 60 s countdown, a help link. The
// session is polled every 5 s and on sign-in events (the link opened in another tab signs this
// browser in); once the e-mail is confirmed: success toast and /dashboard, replacing history.
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import {
  parseVerifyNavState,
  RESEND_COUNTDOWN_SECONDS,
  VERIFY_POLL_MS,
} from '@/domain/onboarding-rules';
import { readStored } from '@/domain/onboarding-storage';
import { emailSchema } from '@/domain/schemas/common';
import { fr } from '@/i18n/fr-onboarding';
import { authStore, refreshCurrentUser, resendConfirmation } from '@/lib/auth';
import { config } from '@/lib/config';
import { getSupabase } from '@/lib/supabase';
import { AuthCard } from '../components/auth-card';
import { useCountdown } from '../hooks/use-countdown';

const t = fr.auth.verifyEmail;

function storedEmail(): string {
  try {
    const contact = readStored(window.localStorage, 'contactFormData');
    return contact && emailSchema.safeParse(contact.email).success ? contact.email.trim() : '';
  } catch {
    return '';
  }
}

/** Polls the session and listens to sign-in events; calls `onConfirmed` once. */
function useConfirmationWatch(onConfirmed: () => void) {
  useEffect(() => {
    let done = false;
    const check = () => {
      const state = authStore.get();
      if (!done && state.status === 'signed-in' && state.user.emailConfirmed) {
        done = true;
        onConfirmed();
      }
    };
    const unsubscribeStore = authStore.subscribe(check);
    const poll = setInterval(() => void refreshCurrentUser(), VERIFY_POLL_MS);
    let unsubscribeAuth: (() => void) | null = null;
    let cancelled = false;
    void getSupabase()
      .then((supabase) => {
        if (cancelled) return;
        const { data } = supabase.auth.onAuthStateChange((event) => {
          if (event === 'SIGNED_IN') void refreshCurrentUser();
        });
        unsubscribeAuth = () => data.subscription.unsubscribe();
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      done = true;
      unsubscribeStore();
      clearInterval(poll);
      unsubscribeAuth?.();
    };
    // onConfirmed is stable for the page's life
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

export function VerifyEmailPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const nav = parseVerifyNavState(location.state);
  const [knownEmail] = useState<string | null>(() => nav.email ?? (storedEmail() || null));
  const [email, setEmail] = useState(knownEmail ?? '');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [deadline, setDeadline] = useState(() =>
    nav.justSent ? Date.now() + RESEND_COUNTDOWN_SECONDS * 1000 : 0,
  );
  const left = useCountdown(deadline);
  const [sending, setSending] = useState(false);

  useConfirmationWatch(() => {
    toast.success(t.verified);
    navigate('/dashboard', { replace: true });
  });

  const resend = async (event: FormEvent) => {
    event.preventDefault();
    // 02 §5: resending is allowed only when the countdown is 0.
    if (left > 0 || sending) return;
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setEmailError(fr.validation.emailInvalid);
      return;
    }
    setEmailError(undefined);
    setSending(true);
    const result = await resendConfirmation(parsed.data, `${window.location.origin}/dashboard`);
    setSending(false);
    if (result.ok) {
      toast.success(t.resent);
      setDeadline(Date.now() + RESEND_COUNTDOWN_SECONDS * 1000);
    } else {
      toast.error(t.resendError);
    }
  };

  return (
    <AuthCard title={t.title}>
      <p>{t.message}</p>
      {knownEmail ? <p className="auth-notice">{t.sentTo(knownEmail)}</p> : null}
      <p className="muted">{t.checkSpam}</p>
      <p className="muted" role="status">
        {t.waiting}
      </p>
      <form noValidate onSubmit={(event) => void resend(event)}>
        {knownEmail ? null : (
          <Field label={t.emailLabel} hint={t.unknownEmail} required error={emailError}>
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
        )}
        <div className="auth-actions">
          <Button type="submit" variant="secondary" disabled={left > 0} loading={sending}>
            {left > 0 ? t.resendIn(left) : t.resend}
          </Button>
        </div>
      </form>
      <div className="auth-footer">
        <Link to="/login" state={knownEmail ? { email: knownEmail } : undefined}>
          {t.alreadyConfirmed}
        </Link>
        <a href={config.contactUrl} target="_blank" rel="noreferrer">
          {t.help}
          <span className="visually-hidden">{` ${fr.common.opensInNewTab}`}</span>
        </a>
      </div>
    </AuthCard>
  );
}
