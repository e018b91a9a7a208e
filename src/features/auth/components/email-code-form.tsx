// The 6-digit code of the confirmation e-mail (« Ou saisissez ce code : 213023 », issue 29 item 5),
// typed on /verify-email instead of opening the link. Like the link it proves the inbox only: in
// the browser that signed up, the exchange signs in (the page's confirmation watch then moves on);
// anywhere else it leads to « Choisissez votre mot de passe ».
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { fr } from '@/i18n/fr-onboarding';
import { CONFIRMATION_PATH, exchangeConfirmationCode, verifyEmailCode } from '@/lib/auth';

const t = fr.auth.verifyEmail;
const CODE_RE = /^\d{6}$/;

export function EmailCodeForm({ email }: { email: () => string | null }) {
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const address = email();
    const code = value.replace(/\s+/g, '');
    if (!CODE_RE.test(code)) {
      setError(t.codeFormat);
      return;
    }
    if (!address) return;
    setError(undefined);
    setBusy(true);
    const verified = await verifyEmailCode(address, code);
    if (!verified.ok) {
      setBusy(false);
      setError(
        {
          wrong_code: t.codeInvalid,
          rate_limited: t.codeRateLimited,
          network: t.codeNetworkError,
          unknown: t.codeInvalid,
        }[verified.code],
      );
      return;
    }
    const outcome = await exchangeConfirmationCode(verified.code);
    setBusy(false);
    // Signed in: the page's confirmation watch moves on (toast, /dashboard).
    if (outcome.kind === 'signed-in') return;
    if (outcome.kind === 'choose-password') {
      navigate(`${CONFIRMATION_PATH}?code=${encodeURIComponent(verified.code)}`, {
        state: { choosePassword: true },
      });
      return;
    }
    setError(outcome.kind === 'network' ? t.codeNetworkError : t.codeInvalid);
  };

  return (
    <form className="auth-code" noValidate onSubmit={(event) => void submit(event)}>
      <h2 className="auth-code-title">{t.codeTitle}</h2>
      <Field label={t.codeLabel} hint={t.codeHint} error={error}>
        {(props) => (
          <input
            {...props}
            className="input auth-code-input"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={12}
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
        )}
      </Field>
      <div className="auth-actions">
        <Button type="submit" loading={busy}>
          {busy ? t.codeSubmitting : t.codeSubmit}
        </Button>
      </div>
    </form>
  );
}
