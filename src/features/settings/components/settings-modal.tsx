import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { settingsFormSchema } from '@/domain/schemas/auth';
import { fieldErrors } from '@/domain/schemas/common';
import { useProfile, useRepositories } from '@/db';
import { signInWithPassword, updateAuthUser } from '@/lib/auth';
import { useOnlineStatus } from '@/hooks/use-online-status';
import { usePasswordStrength } from '@/hooks/use-password-strength';
import { fr } from '@/i18n/fr';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { PageSpinner } from '@/components/ui/spinner';
import { submitSettings, type SettingsDeps } from '../hooks/submit-settings';
import './settings-modal.css';

type Props = {
  open: boolean;
  onClose: () => void;
  userId: string;
  /** The signed-in e-mail (the re-authentication uses it). */
  authEmail: string;
  /** The name to show before the profile has reached this device. */
  fallbackName: string;
  /** Injected in tests; the auth server and the local store otherwise. */
  deps?: Partial<SettingsDeps>;
};

type Values = {
  contact_name: string;
  contact_email: string;
  contact_phone: string;
  current_password: string;
  new_password: string;
  confirm_password: string;
};

/**
 * 'Paramètres du compte' (02 §2.20, §5, §7.1, §8): Nom complet, Email, Téléphone (optionnel);
 * 'Changer le mot de passe' with the current password (always required: it re-authenticates), an
 * optional new one and its confirmation. Annuler, Enregistrer and the close icon; max height 90%.
 */
export function SettingsModal({ open, onClose, ...rest }: Props) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={fr.settings.title}
      size="md"
      closeOnBackdrop={false}
    >
      <SettingsLoader onClose={onClose} {...rest} />
    </Dialog>
  );
}

function SettingsLoader(props: Omit<Props, 'open'>) {
  const profile = useProfile(props.userId);
  if (profile === undefined) return <PageSpinner />;
  const initial: Values = {
    contact_name: profile?.contact_name ?? props.fallbackName,
    contact_email: props.authEmail || (profile?.contact_email ?? ''),
    contact_phone: profile?.contact_phone ?? '',
    current_password: '',
    new_password: '',
    confirm_password: '',
  };
  return <SettingsForm {...props} initial={initial} />;
}

function SettingsForm({
  onClose,
  userId,
  authEmail,
  initial,
  deps,
}: Omit<Props, 'open'> & { initial: Values }) {
  const repos = useRepositories();
  const online = useOnlineStatus();
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [offlineNotice, setOfflineNotice] = useState(false);
  const [saving, setSaving] = useState(false);
  const noticeId = useId();
  const footerRef = useRef<HTMLDivElement>(null);
  const strength = usePasswordStrength(values.new_password, [
    authEmail,
    values.contact_email,
    values.contact_name,
  ]);

  // The answer to « Enregistrer » is shown right above it; on a phone the form is scrolled, so
  // the answer and the buttons are brought into view together (the focus stays on the button,
  // which the answer describes).
  useEffect(() => {
    if (offlineNotice) footerRef.current?.scrollIntoView({ block: 'nearest' });
  }, [offlineNotice]);

  const set = (name: keyof Values) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: event.target.value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = settingsFormSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    const verdict = parsed.data.new_password ? await strength.check() : null;
    if (verdict && !verdict.ok) {
      setErrors({ new_password: verdict.message });
      return;
    }
    setErrors({});
    setOfflineNotice(false);
    setSaving(true);
    const outcome = await submitSettings(
      {
        isOnline: () => navigator.onLine,
        signIn: signInWithPassword,
        updateProfile: (owner, patch) => repos.updateProfile(owner, patch),
        updateAuthUser,
        ...deps,
      },
      {
        userId,
        currentEmail: authEmail || initial.contact_email,
        currentPassword: parsed.data.current_password,
        values: parsed.data,
      },
    );
    setSaving(false);
    switch (outcome.kind) {
      case 'saved':
        toast.success(fr.settings.toasts.success);
        if (outcome.emailChangeSentTo)
          toast.info(fr.settings.emailChangeSent(outcome.emailChangeSentTo), { duration: 10_000 });
        onClose();
        return;
      case 'wrong_password':
        setErrors({ current_password: fr.settings.toasts.wrongPassword });
        toast.error(fr.settings.toasts.wrongPassword);
        return;
      case 'offline':
        setOfflineNotice(true);
        return;
      case 'error':
        toast.error(outcome.message);
    }
  };

  const input =
    (name: keyof Values, type: string, autoComplete: string) =>
    (props: {
      id: string;
      'aria-invalid': boolean | undefined;
      'aria-describedby': string | undefined;
    }) => (
      <input
        {...props}
        className="input"
        type={type}
        name={name}
        autoComplete={autoComplete}
        value={values[name]}
        onChange={set(name)}
      />
    );

  return (
    <form className="settings-form" onSubmit={(e) => void onSubmit(e)} noValidate>
      {!online && !offlineNotice ? <p className="settings-offline">{fr.settings.offline}</p> : null}
      <Field label={fr.settings.contactName} error={errors.contact_name} required>
        {input('contact_name', 'text', 'name')}
      </Field>
      <Field label={fr.settings.contactEmail} error={errors.contact_email} required>
        {input('contact_email', 'email', 'email')}
      </Field>
      <Field label={fr.settings.contactPhone} error={errors.contact_phone}>
        {input('contact_phone', 'tel', 'tel')}
      </Field>
      <fieldset className="settings-password">
        <legend className="settings-legend">{fr.settings.passwordSection}</legend>
        <Field
          label={fr.settings.currentPassword}
          error={errors.current_password}
          hint={fr.settings.currentPasswordHint}
          required
        >
          {input('current_password', 'password', 'current-password')}
        </Field>
        <Field
          label={fr.settings.newPassword}
          error={errors.new_password}
          hint={strength.feedback?.message}
        >
          {input('new_password', 'password', 'new-password')}
        </Field>
        <Field label={fr.settings.confirmPassword} error={errors.confirm_password}>
          {input('confirm_password', 'password', 'new-password')}
        </Field>
      </fieldset>
      <div ref={footerRef} className="settings-footer">
        {offlineNotice ? (
          <p id={noticeId} className="settings-offline" role="alert">
            {fr.settings.offline}
          </p>
        ) : null}
        <div className="settings-actions">
          <Button variant="secondary" onClick={onClose}>
            {fr.settings.cancel}
          </Button>
          <Button
            type="submit"
            loading={saving}
            aria-describedby={offlineNotice ? noticeId : undefined}
          >
            {saving ? fr.settings.saving : fr.settings.save}
          </Button>
        </div>
      </div>
    </form>
  );
}
