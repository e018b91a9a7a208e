import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { isQuotaError, LocalStoreError, useRepositories, type Company } from '@/db';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { normalizeOpcoName } from '@/domain/opco';
import {
  CONFIRMATION_BASES,
  CONFIRMATION_LIMITS,
  localCalendarDay,
  validateConfirmationForm,
  type ConfirmationErrors,
} from '@/domain/opco-confirmation';
import { fr } from '@/i18n/fr';
import { track } from '@/lib/analytics';
import { useConfirmationDraft } from '../hooks/use-confirmation-draft';

type Props = {
  open: boolean;
  onClose: () => void;
  company: Company;
  userId: string;
  /** the OPCO shown on the dashboard */
  opcoName: string;
};

/**
 * « Mon OPCO m'a indiqué un autre montant » (issue 27 item 7): the amount, HT / TTC / not said,
 * the date and an optional comment, recorded on the device (then synced); what was typed is kept
 * as a draft until it is recorded.
 */
export function OpcoRecordDialog({ open, onClose, company, userId, opcoName }: Props) {
  const t = fr.opcoConfirmation.record;
  const repos = useRepositories();
  const today = localCalendarDay(new Date());
  const { form, update, clear } = useConfirmationDraft(userId, company.siret, today);
  const [errors, setErrors] = useState<ConfirmationErrors>({});
  const [busy, setBusy] = useState(false);
  const basisId = useId();

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
      onClose();
    } catch (error) {
      if (isQuotaError(error)) toast.error(fr.sync.localErrors.quota);
      else if (error instanceof LocalStoreError && error.code === 'not_found')
        toast.error(t.noCompany);
      else toast.error(fr.sync.localErrors.storage);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t.title}
      size="md"
      closeOnBackdrop={false}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t.cancel}
          </Button>
          <Button type="submit" form="opco-record-form" loading={busy}>
            {t.save}
          </Button>
        </>
      }
    >
      <form id="opco-record-form" noValidate onSubmit={(event) => void submit(event)}>
        <p className="opco-dialog-text">{t.text}</p>
        <Field label={t.amount} hint={t.amountHint} error={errors.amount} required>
          {(field) => (
            <input
              {...field}
              data-autofocus
              className="input opco-record-amount"
              type="text"
              inputMode="decimal"
              autoComplete="off"
              value={form.amount}
              onChange={(event) => update({ amount: event.target.value })}
            />
          )}
        </Field>
        <fieldset
          className={`field opco-record-bases${errors.basis ? ' field-invalid' : ''}`}
          aria-describedby={errors.basis ? `${basisId}-error` : undefined}
        >
          <legend className="field-label">
            {t.basis}
            <span aria-hidden="true" className="field-required">
              {' *'}
            </span>
          </legend>
          <div className="opco-record-basis-list">
            {CONFIRMATION_BASES.map((basis) => (
              <label key={basis} className="opco-record-basis">
                <input
                  type="radio"
                  name="amount_basis"
                  value={basis}
                  checked={form.basis === basis}
                  onChange={() => update({ basis })}
                />
                <span>{t.bases[basis]}</span>
              </label>
            ))}
          </div>
          {errors.basis ? (
            <p id={`${basisId}-error`} className="field-error" role="alert">
              {errors.basis}
            </p>
          ) : null}
        </fieldset>
        <Field label={t.date} error={errors.date} required>
          {(field) => (
            <input
              {...field}
              className="input opco-record-date"
              type="date"
              min={CONFIRMATION_LIMITS.earliestDate}
              max={today}
              value={form.date}
              onChange={(event) => update({ date: event.target.value })}
            />
          )}
        </Field>
        <Field
          label={t.comment}
          hint={t.commentHint(CONFIRMATION_LIMITS.commentMax)}
          error={errors.comment}
        >
          {(field) => (
            <textarea
              {...field}
              className="textarea"
              rows={3}
              value={form.comment}
              onChange={(event) => update({ comment: event.target.value })}
            />
          )}
        </Field>
        <p className="field-hint opco-record-privacy">{t.privacy}</p>
      </form>
    </Dialog>
  );
}
