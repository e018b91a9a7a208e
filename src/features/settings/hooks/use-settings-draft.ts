// The settings form's draft (issue 29 item 4): what was typed in Nom complet, Email and Téléphone is
// kept in the local store as it is typed, so that closing the dialog (the close icon, Escape, a
// change of page), online or not, loses nothing; it comes back when the dialog opens again, until
// it is saved or discarded with « Annuler ». Passwords are never kept.
import { useCallback, useEffect, useState } from 'react';
import { useRepositories } from '@/db';
import { readSettingsDraft, settingsDraftKey, type SettingsDraft } from '@/domain/settings-rules';

export type DraftStore = {
  /** undefined while reading; null: none. */
  draft: SettingsDraft | null | undefined;
  /** Keeps `next` (or forgets the draft when it equals what is saved). */
  keep: (next: SettingsDraft | null) => Promise<void>;
};

export function useSettingsDraft(userId: string): DraftStore {
  const repos = useRepositories();
  const [draft, setDraft] = useState<SettingsDraft | null | undefined>(undefined);
  const key = settingsDraftKey(userId);

  useEffect(() => {
    let live = true;
    repos
      .getCachedReference(key)
      .then((entry) => live && setDraft(readSettingsDraft(entry?.value)))
      .catch(() => live && setDraft(null));
    return () => {
      live = false;
    };
  }, [repos, key]);

  const keep = useCallback(
    (next: SettingsDraft | null) =>
      repos.putCachedReference(key, next).catch(() => {
        // A full disk: the typed values stay on screen; nothing else to do here.
      }),
    [repos, key],
  );
  return { draft, keep };
}
