import { formatMoney } from '@/domain/budget-display';
import { formatLongDate } from '@/domain/dates';
import { referralStatusLabel } from '@/domain/labels';
import { normalizeSpaces } from '@/domain/text';
import { useReferrals, type ReferralRow } from '@/db';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { PageSpinner } from '@/components/ui/spinner';
import { fr } from '@/i18n/fr';
import { useSyncStatus } from '@/lib/sync';
import Gift from 'lucide-react/icons/gift';

const TONES: Record<string, BadgeTone> = {
  registered: 'info',
  survey_pending: 'warning',
  survey_approved: 'success',
  survey_rejected: 'danger',
  training_completed: 'success',
};

function ReferralItem({ row }: { row: ReferralRow }) {
  const t = fr.referral;
  const company = normalizeSpaces(row.referred_company_name ?? '') || t.unnamedCompany;
  const amount =
    row.commission_amount == null
      ? t.noCommission
      : t.commissionAmount(formatMoney(row.commission_amount));
  return (
    <li className="card referral-item">
      <h3 className="referral-item-company">{company}</h3>
      <dl className="referral-item-details">
        <div>
          <dt>{t.date}</dt>
          <dd>{formatLongDate(row.created_at)}</dd>
        </div>
        <div>
          <dt>{t.status}</dt>
          <dd>
            <Badge tone={TONES[row.status] ?? 'neutral'}>{referralStatusLabel(row.status)}</Badge>
          </dd>
        </div>
        <div>
          <dt>{t.commission}</dt>
          <dd>
            {amount}
            {row.commission_paid ? <span className="referral-paid">{` ${t.paid}`}</span> : null}
          </dd>
        </div>
      </dl>
    </li>
  );
}

/** The tracking list, read from the device (pulled by the sync engine; readable offline). */
export function ReferralList({ userId }: { userId: string }) {
  const rows = useReferrals(userId);
  const sync = useSyncStatus();
  if (rows === undefined) return <PageSpinner label={fr.common.loadingData} />;
  if (rows.length === 0) {
    return (
      <EmptyState title={fr.referral.empty} icon={Gift}>
        {sync.lastSyncAt === null ? <p>{fr.referral.notSyncedYet}</p> : null}
      </EmptyState>
    );
  }
  return (
    <>
      <p className="muted">{fr.referral.count(rows.length)}</p>
      <ul className="referral-list">
        {rows.map((row) => (
          <ReferralItem key={row.id} row={row} />
        ))}
      </ul>
    </>
  );
}
