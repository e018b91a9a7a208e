// 'Paramètres du compte' (02 §2.20, §5, §7.1, §8; issue 29 item 4): Nom complet, Email, Téléphone
// (optionnel); 'Changer le mot de passe' (Nouveau mot de passe, its confirmation); the current
// password asked only to change the password or the e-mail address. Annuler, Enregistrer and the
// close icon; max height 90%. What was typed survives the dialog's closing (use-settings-draft.ts).
import { useProfile } from '@/db';
import { sameDraft, type SettingsDraft } from '@/domain/settings-rules';
import { fr } from '@/i18n/fr';
import { Dialog } from '@/components/ui/dialog';
import { PageSpinner } from '@/components/ui/spinner';
import type { SettingsDeps } from '../hooks/submit-settings';
import { useSettingsDraft } from '../hooks/use-settings-draft';
import { SettingsForm } from './settings-form';
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

function SettingsLoader({ userId, authEmail, fallbackName, onClose, deps }: Omit<Props, 'open'>) {
  const profile = useProfile(userId);
  const store = useSettingsDraft(userId);
  if (profile === undefined || store.draft === undefined) return <PageSpinner />;
  const saved: SettingsDraft = {
    contact_name: profile?.contact_name ?? fallbackName,
    contact_email: authEmail || (profile?.contact_email ?? ''),
    contact_phone: profile?.contact_phone ?? '',
  };
  const restored = store.draft && !sameDraft(store.draft, saved) ? store.draft : null;
  return (
    <SettingsForm
      userId={userId}
      authEmail={authEmail || saved.contact_email}
      saved={saved}
      savedProfile={{
        contact_name: profile?.contact_name ?? null,
        contact_phone: profile?.contact_phone ?? null,
      }}
      restored={restored}
      keepDraft={store.keep}
      onClose={onClose}
      {...(deps ? { deps } : {})}
    />
  );
}
