import type { ReactNode } from 'react';
import type { SurveyResponseRow } from '@/db';
import { useRowSyncState } from '@/db';
import { usePendingNotice } from '@/hooks/use-after-grace';
import { useOnlineStatus } from '@/hooks/use-online-status';
import { fr } from '@/i18n/fr';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { formatLongDate } from '@/domain/dates';
import { unlockRequestStatusLabel } from '@/domain/labels';

const STATUS_TONES: Record<string, BadgeTone> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
};

/**
 * One unlock-budget request (02 §2.8): status badge, French long date, audience, topics, rhythm;
 * and, ours, a marker while it is not on the server yet (or was refused by it).
 */
export function RequestCard({ request }: { request: SurveyResponseRow }) {
  const t = fr.requests;
  const sync = useRowSyncState('survey_responses', request.id);
  // Online, a request just sent is usually on the server within a second: no flash.
  const showPending = usePendingNotice(sync === 'pending', useOnlineStatus());
  const date = formatLongDate(request.created_at);
  const titleId = `request-${request.id}`;
  const fields: Array<[string, ReactNode]> = [];
  if (request.company_name) fields.push([t.company, request.company_name]);
  fields.push([t.objective, request.objective]);
  fields.push([t.target, request.target]);
  fields.push([
    t.topics,
    <ul key="topics" className="request-topics">
      {request.topics.map((topic) => (
        <li key={topic}>{topic}</li>
      ))}
    </ul>,
  ]);
  fields.push([t.rhythm, request.rhythm]);
  if (request.start_date) fields.push([t.startDate, formatLongDate(request.start_date)]);
  return (
    <article className="card request-card" aria-labelledby={titleId} data-testid="request-card">
      <div className="request-card-header">
        <h2 id={titleId} className="request-card-title">
          {t.createdOn(date)}
        </h2>
        <div className="request-badges">
          <Badge tone={STATUS_TONES[request.status] ?? 'neutral'}>
            <span className="visually-hidden">{t.status} : </span>
            {unlockRequestStatusLabel(request.status)}
          </Badge>
          {showPending ? <Badge tone="info">{t.sync.pending}</Badge> : null}
          {sync === 'refused' ? <Badge tone="danger">{t.sync.refused}</Badge> : null}
        </div>
      </div>
      <dl className="request-fields">
        {fields.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {sync === 'pending' ? <p className="request-sync-hint">{t.sync.pendingHint}</p> : null}
      {sync === 'refused' ? <p className="request-sync-hint">{t.sync.refusedHint}</p> : null}
    </article>
  );
}
