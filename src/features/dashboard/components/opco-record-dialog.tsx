import { useId } from 'react';
import type { Company } from '@/db';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import {
  CONFIRMATION_BASES,
  CONFIRMATION_LIMITS,
  type ConfirmationBasis,
} from '@/domain/opco-confirmation';
import { fr } from '@/i18n/fr';
import { useRecordConfirmation } from '../hooks/use-record-confirmation';

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
  const { today, form, update, errors, busy, close, submit } = useRecordConfirmation(
    company,
    userId,
    opcoName,
    onClose,
  );
  return (
    <Dialog
      open={open}
      onClose={close}
      title={t.title}
      size="md"
      closeOnBackdrop={false}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
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
        <BasisChoice
          value={form.basis}
          error={errors.basis}
          onChange={(basis) => update({ basis })}
        />
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

/** « Ce montant est » HT, TTC or not said by the OPCO: a labelled radio group. */
function BasisChoice(props: {
  value: ConfirmationBasis | '';
  error: string | undefined;
  onChange: (basis: ConfirmationBasis) => void;
}) {
  const t = fr.opcoConfirmation.record;
  const errorId = `${useId()}-error`;
  return (
    <fieldset
      className={`field opco-record-bases${props.error ? ' field-invalid' : ''}`}
      aria-describedby={props.error ? errorId : undefined}
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
              checked={props.value === basis}
              onChange={() => props.onChange(basis)}
            />
            <span>{t.bases[basis]}</span>
          </label>
        ))}
      </div>
      {props.error ? (
        <p id={errorId} className="field-error" role="alert">
          {props.error}
        </p>
      ) : null}
    </fieldset>
  );
}
