import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { LocalStoreError, useRepositories, type Company } from '@/db';
import { useCurrentCompanyStore } from '@/lib/current-company';
import { fr } from '@/i18n/fr';

/**
 * Deleting a company (02 §2.5, §8): after the confirmation, its simulation and the unlock and
 * training requests of its SIRET are soft-deleted locally in one transaction (synced later).
 * Deleting the last company goes to /dashboard with the refresh flag.
 */
export function useDeleteCompany(
  userId: string,
  companies: readonly Company[],
  onDeleted: (siret: string) => void,
) {
  const repos = useRepositories();
  const navigate = useNavigate();
  const [target, setTarget] = useState<Company | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (!target) return;
    setBusy(true);
    try {
      await repos.deleteCompany(userId, target.siret);
      const store = useCurrentCompanyStore.getState();
      if (store.siret === target.siret) store.select(null);
      toast.success(fr.companies.toasts.deleted);
      const last = companies.filter((c) => c.siret !== target.siret).length === 0;
      setTarget(null);
      if (last) navigate('/dashboard', { state: { refresh: true } });
      else onDeleted(target.siret);
    } catch (error) {
      toast.error(
        error instanceof LocalStoreError && error.code === 'quota'
          ? fr.sync.localErrors.quota
          : fr.companies.toasts.deleteError,
      );
    } finally {
      setBusy(false);
    }
  };

  return { target, busy, ask: setTarget, cancel: () => setTarget(null), confirm };
}
