// /verify-email (02 §2.7, §4, §5, §8): the message, the address the e-mail went to (navigation
// state, else the stored contactFormData), the 6-digit code of the e-mail (issue 29 item 5), a
// resend button with a 60 s countdown, a help link. The page moves on by itself
// (use-confirmation-watch.ts): confirmed here or in another tab → success toast and /dashboard,
// replacing history; confirmed on another device → /login, saying so.
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { parseVerifyNavState, RESEND_COUNTDOWN_SECONDS } from '@/domain/onboarding-rules';
import { readStored } from '@/domain/onboarding-storage';
import { emailSchema } from '@/domain/schemas/common';
import { fr } from '@/i18n/fr-onboarding';
import { CONFIRMATION_PATH, resendSignUpEmail } from '@/lib/auth';
import { config } from '@/lib/config';
import { AuthCard } from '../components/auth-card';
import { EmailCodeForm } from '../components/email-code-form';
import { useConfirmationWatch } from '../hooks/use-confirmation-watch';
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

  useConfirmationWatch({
    onConfirmed: () => {
      toast.success(t.verified);
      navigate('/dashboard', { replace: true });
    },
    onConfirmedElsewhere: () => {
      toast.info(t.confirmedElsewhere, { duration: 10_000 });
      navigate('/login', { replace: true, state: knownEmail ? { email: knownEmail } : undefined });
    },
  });

  /** The address of the form (known, else typed), or null after saying it is invalid. */
  const validEmail = (): string | null => {
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setEmailError(fr.validation.emailInvalid);
      return null;
    }
    setEmailError(undefined);
    return parsed.data;
  };

  const resend = async (event: FormEvent) => {
    event.preventDefault();
    // 02 §5: resending is allowed only when the countdown is 0.
    if (left > 0 || sending) return;
    const address = validEmail();
    if (!address) return;
    setSending(true);
    const result = await resendSignUpEmail(
      address,
      `${window.location.origin}${CONFIRMATION_PATH}`,
    );
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
        {t.waiting} {t.watching}
      </p>
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
      <EmailCodeForm email={validEmail} />
      <form noValidate onSubmit={(event) => void resend(event)}>
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
