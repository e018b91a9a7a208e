// The record dialog's state (issue 27 item 7): the draft (kept until recorded), the messages of
// the last attempt, and the submission: validated with the domain's schema, then written to the
// local store (row + outbox mutation), never to the network.
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { isQuotaError, LocalStoreError, useRepositories, type Company } from '@/db';
import { normalizeOpcoName } from '@/domain/opco';
import {
  localCalendarDay,
  validateConfirmationForm,
  type ConfirmationErrors,
} from '@/domain/opco-confirmation';
import { fr } from '@/i18n/fr';
import { track } from '@/lib/analytics';
import { useConfirmationDraft } from './use-confirmation-draft';

export function useRecordConfirmation(
  company: Company,
  userId: string,
  opcoName: string,
  onClose: () => void,
) {
  const t = fr.opcoConfirmation.record;
  const repos = useRepositories();
  const today = localCalendarDay(new Date());
  const { form, update, clear } = useConfirmationDraft(userId, company.siret, today);
  const [errors, setErrors] = useState<ConfirmationErrors>({});
  const [busy, setBusy] = useState(false);
  // What was typed stays (a draft); the messages of the last attempt go with the dialog.
  const close = () => {
    setErrors({});
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validateConfirmationForm(form, today);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await repos.recordOpcoConfirmation(userId, {
        ...checked.input,
        company_siret: company.siret,
        opco_name: normalizeOpcoName(opcoName),
      });
      track({ event: 'dashboard_action', action: 'opco_record_saved' });
      clear();
      toast.success(t.saved);
      close();
    } catch (error) {
      if (isQuotaError(error)) toast.error(fr.sync.localErrors.quota);
      else if (error instanceof LocalStoreError && error.code === 'not_found')
        toast.error(t.noCompany);
      else toast.error(fr.sync.localErrors.storage);
    } finally {
      setBusy(false);
    }
  };

  return { today, form, update, errors, busy, close, submit };
}
