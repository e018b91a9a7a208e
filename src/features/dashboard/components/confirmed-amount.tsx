import { useState } from 'react';
import { toast } from 'sonner';
import { isQuotaError, useRepositories, useRowSyncState, type OpcoConfirmationRow } from '@/db';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { formatLongDate } from '@/domain/dates';
import { formatCents } from '@/domain/opco-confirmation';
import { fr } from '@/i18n/fr';

type Props = { confirmation: OpcoConfirmationRow; userId: string };

/**
 * The amount the company's OPCO confirmed (issue 27 item 7), shown before the published figure:
 * the amount with its basis, « confirmé par votre OPCO le … », the user's comment, whether it is
 * still waiting to be synced, and a way to remove it.
 */
export function ConfirmedAmount({ confirmation, userId }: Props) {
  const t = fr.opcoConfirmation.confirmed;
  const repos = useRepositories();
  const sync = useRowSyncState('opco_confirmations', confirmation.id);
  const [asking, setAsking] = useState(false);
  const amount = t.amount(formatCents(confirmation.amount_cents), confirmation.amount_basis);
  const remove = async () => {
    setAsking(false);
    try {
      await repos.deleteOpcoConfirmation(userId, confirmation.id);
      toast.success(t.removed);
    } catch (error) {
      toast.error(isQuotaError(error) ? fr.sync.localErrors.quota : fr.sync.localErrors.storage);
    }
  };
  return (
    <div className="confirmed-amount" data-testid="confirmed-amount">
      <p className="budget-amount confirmed-amount-value">{amount}</p>
      {confirmation.amount_basis === 'unknown' ? (
        <p className="confirmed-amount-basis">{t.unknownBasis}</p>
      ) : null}
      <p className="confirmed-amount-on">{t.on(formatLongDate(confirmation.confirmed_on))}</p>
      {confirmation.comment ? (
        <p className="confirmed-amount-comment">
          <span className="visually-hidden">{`${t.comment} : `}</span>
          {confirmation.comment}
        </p>
      ) : null}
      {sync === 'pending' ? (
        <p className="confirmed-amount-pending" role="status">
          {t.pending}
        </p>
      ) : null}
      <Button variant="link" size="sm" onClick={() => setAsking(true)}>
        {t.remove}
      </Button>
      <ConfirmDialog
        open={asking}
        title={t.removeTitle}
        message={t.removeText}
        confirmLabel={t.removeConfirm}
        danger
        onConfirm={() => void remove()}
        onCancel={() => setAsking(false)}
      />
    </div>
  );
}
