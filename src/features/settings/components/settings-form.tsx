// The form of 'Paramètres du compte' (settings-modal.tsx). Nom complet and Téléphone save locally,
// online or not, like every record (synced later); the password and the e-mail need the server and
// the current password, whose field appears only for them (issue 29 item 4). The e-mail change is
// confirmed by both addresses (issue 28 item 5): the field says so, and so does the answer.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { needsCurrentPassword, settingsFormSchemaFor } from '@/domain/schemas/auth';
import { fieldErrors } from '@/domain/schemas/common';
import { sameDraft, type SettingsDraft } from '@/domain/settings-rules';
import { useRepositories } from '@/db';
import { signInWithPassword, updateAuthUser } from '@/lib/auth';
import { useOnlineStatus } from '@/hooks/use-online-status';
import { usePasswordStrength } from '@/hooks/use-password-strength';
import { fr } from '@/i18n/fr';
import { Button } from '@/components/ui/button';
import { Field, type FieldControlProps } from '@/components/ui/field';
import { PasswordField } from '@/components/ui/password-field';
import { submitSettings, type SettingsDeps } from '../hooks/submit-settings';

type Values = SettingsDraft & {
  current_password: string;
  new_password: string;
  confirm_password: string;
};

type Props = {
  userId: string;
  authEmail: string;
  /** What is saved (the profile, the login address). */
  saved: SettingsDraft;
  savedProfile: { contact_name: string | null; contact_phone: string | null };
  /** What was typed and not saved, kept from an earlier opening. */
  restored: SettingsDraft | null;
  keepDraft: (next: SettingsDraft | null) => Promise<void>;
  onClose: () => void;
  deps?: Partial<SettingsDeps>;
};

const NO_PASSWORDS = { current_password: '', new_password: '', confirm_password: '' };
const draftOf = (v: Values): SettingsDraft => ({
  contact_name: v.contact_name,
  contact_email: v.contact_email,
  contact_phone: v.contact_phone,
});

/** Keeps the typed fields (never the passwords) as they change, and once more on closing. */
function useDraftKeeper(
  values: Values,
  saved: SettingsDraft,
  stored: SettingsDraft | null,
  keep: Props['keepDraft'],
) {
  const pending = useRef<SettingsDraft | null>(null);
  const discarded = useRef(false);
  /** What the local store holds now (nothing is written when it would not change). */
  const kept = useRef(stored);
  const draft = draftOf(values);
  const flush = useRef(() => {});
  useEffect(() => {
    flush.current = () => {
      if (discarded.current || !pending.current) return;
      const next = sameDraft(pending.current, saved) ? null : pending.current;
      pending.current = null;
      const current = kept.current;
      if (next === current || (next && current && sameDraft(next, current))) return;
      kept.current = next;
      void keep(next);
    };
  });
  const { contact_name, contact_email, contact_phone } = draft;
  useEffect(() => {
    pending.current = { contact_name, contact_email, contact_phone };
    const timer = setTimeout(() => flush.current(), 300);
    return () => clearTimeout(timer);
  }, [contact_name, contact_email, contact_phone]);
  // The dialog closing unmounts the form: what was typed is written at once.
  useEffect(() => () => flush.current(), []);
  return {
    /** Saved or cancelled: the draft is forgotten and nothing more is kept. */
    discard: () => {
      discarded.current = true;
      pending.current = null;
      if (kept.current !== null) void keep(null);
      kept.current = null;
    },
  };
}

export function SettingsForm({
  userId,
  authEmail,
  saved,
  savedProfile,
  restored,
  keepDraft,
  onClose,
  deps,
}: Props) {
  const repos = useRepositories();
  const online = useOnlineStatus();
  const [values, setValues] = useState<Values>({ ...(restored ?? saved), ...NO_PASSWORDS });
  const [showRestored, setShowRestored] = useState(restored !== null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [authPending, setAuthPending] = useState(false);
  const [saving, setSaving] = useState(false);
  const noticeId = useId();
  const footerRef = useRef<HTMLDivElement>(null);
  const draft = useDraftKeeper(values, saved, restored, keepDraft);
  const askPassword = needsCurrentPassword(values, authEmail);
  // The strength estimator's French feedback on a new password (issue 28 item 8).
  const strength = usePasswordStrength(values.new_password, [
    authEmail,
    values.contact_email,
    values.contact_name,
  ]);

  // The answer to « Enregistrer » is shown right above it; on a phone the form is scrolled, so
  // the answer and the buttons are brought into view together.
  useEffect(() => {
    if (authPending) footerRef.current?.scrollIntoView({ block: 'nearest' });
  }, [authPending]);
  const refocus = useRef(false);
  useEffect(() => {
    if (saving || !refocus.current) return;
    refocus.current = false;
    footerRef.current?.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();
  }, [saving]);

  const set = (name: keyof Values) => (value: string) =>
    setValues((v) => ({ ...v, [name]: value }));

  const cancel = () => {
    draft.discard();
    onClose();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = settingsFormSchemaFor(authEmail).safeParse(values);
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
    setAuthPending(false);
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
        currentEmail: authEmail,
        currentPassword: parsed.data.current_password,
        values: parsed.data,
        saved: savedProfile,
      },
    );
    // The button is disabled while saving (the browser then drops its focus): it gets it back.
    refocus.current = document.activeElement === document.body || !document.activeElement;
    setSaving(false);
    switch (outcome.kind) {
      case 'saved':
        draft.discard();
        toast.success(fr.settings.toasts.success);
        if (outcome.emailChangeSentTo)
          toast.info(fr.settings.emailChangeSent(outcome.emailChangeSentTo), { duration: 15_000 });
        onClose();
        return;
      case 'auth_offline':
        setAuthPending(true);
        return;
      case 'wrong_password':
        setErrors({ current_password: fr.settings.toasts.wrongPassword });
        toast.error(fr.settings.toasts.wrongPassword);
        return;
      case 'email_taken':
        setErrors({ contact_email: fr.settings.emailTaken });
        return;
      case 'error':
        toast.error(outcome.message);
    }
  };

  const input =
    (name: keyof SettingsDraft, type: string, autoComplete: string) =>
    (props: FieldControlProps) => (
      <input
        {...props}
        className="input"
        type={type}
        name={name}
        autoComplete={autoComplete}
        value={values[name]}
        onChange={(event) => set(name)(event.target.value)}
      />
    );

  return (
    <form className="settings-form" onSubmit={(e) => void onSubmit(e)} noValidate>
      {showRestored ? (
        <div className="settings-restored" role="status">
          <p>{fr.settings.draftRestored}</p>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              setValues({ ...saved, ...NO_PASSWORDS });
              setShowRestored(false);
            }}
          >
            {fr.settings.discardDraft}
          </Button>
        </div>
      ) : null}
      {!online && !authPending ? <p className="settings-offline">{fr.settings.offline}</p> : null}
      <Field label={fr.settings.contactName} error={errors.contact_name} required>
        {input('contact_name', 'text', 'name')}
      </Field>
      <Field
        label={fr.settings.contactEmail}
        error={errors.contact_email}
        hint={fr.settings.emailHint}
        required
      >
        {input('contact_email', 'email', 'email')}
      </Field>
      <Field label={fr.settings.contactPhone} error={errors.contact_phone}>
        {input('contact_phone', 'tel', 'tel')}
      </Field>
      <fieldset className="settings-password">
        <legend className="settings-legend">{fr.settings.passwordSection}</legend>
        <PasswordField
          label={fr.settings.newPassword}
          name="new_password"
          autoComplete="new-password"
          error={errors.new_password}
          hint={strength.feedback?.message}
          value={values.new_password}
          onChange={set('new_password')}
        />
        <PasswordField
          label={fr.settings.confirmPassword}
          name="confirm_password"
          autoComplete="new-password"
          error={errors.confirm_password}
          value={values.confirm_password}
          onChange={set('confirm_password')}
        />
      </fieldset>
      {askPassword ? (
        <div className="settings-reauth">
          <PasswordField
            label={fr.settings.currentPassword}
            name="current_password"
            autoComplete="current-password"
            error={errors.current_password}
            hint={fr.settings.currentPasswordHint}
            required
            value={values.current_password}
            onChange={set('current_password')}
          />
        </div>
      ) : null}
      <div ref={footerRef} className="settings-footer">
        {authPending ? (
          <p id={noticeId} className="settings-offline" role="alert">
            {fr.settings.offlineAuthPending}
          </p>
        ) : null}
        <div className="settings-actions">
          <Button variant="secondary" onClick={cancel}>
            {fr.settings.cancel}
          </Button>
          <Button
            type="submit"
            loading={saving}
            aria-describedby={authPending ? noticeId : undefined}
          >
            {saving ? fr.settings.saving : fr.settings.save}
          </Button>
        </div>
      </div>
    </form>
  );
}
