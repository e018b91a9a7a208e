import { useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { formatLongDate } from '@/domain/dates';
import type { SurveyQuestionSet } from '@/domain/contracts';
import { teamSurveyStatusLabel } from '@/domain/labels';
import { buildSurveyLink } from '@/domain/links';
import { latestResponseAt, responsesPerGroup } from '@/domain/survey-results';
import {
  isQuotaError,
  useRepositories,
  useRowSyncState,
  type TeamSurveyResponseRow,
  type TeamSurveyRow,
} from '@/db';
import { usePendingNotice } from '@/hooks/use-after-grace';
import { useOnlineStatus } from '@/hooks/use-online-status';
import { fr } from '@/i18n/fr';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { copyLink, shareLink } from '../lib/share-link';
import { QrCodeDialog } from './qr-code-dialog';

type Props = {
  survey: TeamSurveyRow;
  responses: readonly TeamSurveyResponseRow[];
  ownerId: string;
  /** the question sets, for the generic departments' names */
  sets: readonly SurveyQuestionSet[];
};

/** One survey of the list (02 §2.17). */
export function SurveyCard({ survey, responses, ownerId, sets }: Props) {
  const t = fr.teamSurveys.card;
  const titleId = useId();
  const linkRef = useRef<HTMLInputElement>(null);
  const { closeTeamSurvey } = useRepositories();
  const syncState = useRowSyncState('team_surveys', survey.id);
  const [confirming, setConfirming] = useState(false);
  const [closing, setClosing] = useState(false);
  const [showQr, setShowQr] = useState(false);
  const active = survey.status === 'active';
  const link = buildSurveyLink(window.location.origin, survey.id);
  const latest = latestResponseAt(responses);
  const perDepartment = responsesPerGroup(responses, sets, survey.departments);
  const online = useOnlineStatus();
  // « pas encore synchronisé » is not flashed for a survey synchronised a second later.
  const showPending = usePendingNotice(syncState === 'pending', online);
  const notOnServer = showPending && survey.sync_version === 0;

  const copied = (ok: boolean) => {
    if (ok) toast.success(fr.teamSurveys.toasts.linkCopied);
    else {
      // No clipboard (older browsers, no permission): the link is selected to copy by hand.
      linkRef.current?.select();
      toast.error(fr.teamSurveys.toasts.copyFailed);
    }
  };
  const copy = async () => copied(await copyLink(link));
  const share = async () => {
    const outcome = await shareLink({
      title: t.shareTitle(survey.name),
      text: t.shareText(survey.company_name ?? null),
      url: link,
    });
    if (outcome === 'copied' || outcome === 'failed') copied(outcome === 'copied');
  };

  const close = async () => {
    setClosing(true);
    try {
      await closeTeamSurvey(ownerId, survey.id);
      toast.success(fr.teamSurveys.toasts.closed);
      setConfirming(false);
    } catch (error) {
      toast.error(
        isQuotaError(error) ? fr.sync.localErrors.quota : fr.teamSurveys.toasts.closeError,
      );
    } finally {
      setClosing(false);
    }
  };

  return (
    <article className="card survey-card" aria-labelledby={titleId}>
      <div className="survey-card-header">
        <h2 id={titleId} className="survey-card-title">
          {survey.name}
        </h2>
        <Badge tone={active ? 'success' : 'neutral'}>{teamSurveyStatusLabel(survey.status)}</Badge>
      </div>
      <p className="muted survey-card-date">{t.createdOn(formatLongDate(survey.created_at))}</p>
      <dl className="survey-card-stats">
        <div>
          <dt>{t.responsesTitle}</dt>
          <dd>{t.responses(responses.length)}</dd>
        </div>
        <div>
          <dt>{t.latestTitle}</dt>
          <dd>{latest ? formatLongDate(latest) : t.noResponse}</dd>
        </div>
      </dl>
      {perDepartment.length > 0 ? (
        <div className="survey-card-departments">
          <h3>{t.perDepartment}</h3>
          <ul>
            {perDepartment.map((d) => (
              <li key={d.key}>{t.departmentCount(d.label, d.count)}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {active ? (
        <div className="field survey-card-link">
          <label htmlFor={`${titleId}-link`} className="field-label">
            {t.link}
          </label>
          <input
            ref={linkRef}
            id={`${titleId}-link`}
            className="input"
            readOnly
            value={link}
            aria-describedby={notOnServer ? `${titleId}-pending` : undefined}
            onFocus={(e) => e.currentTarget.select()}
          />
          {notOnServer ? (
            <p id={`${titleId}-pending`} className="survey-card-note">
              {t.notSynced}
            </p>
          ) : null}
        </div>
      ) : showPending && survey.sync_version > 0 ? (
        <p className="survey-card-note">{t.closePending}</p>
      ) : null}
      <div className="survey-card-actions">
        {active ? (
          <>
            <Button variant="secondary" size="sm" onClick={() => void copy()}>
              {t.copyLink}
            </Button>
            <Button variant="secondary" size="sm" onClick={() => void share()}>
              {t.share}
            </Button>
            <Button
              variant="secondary"
              size="sm"
              aria-label={t.qrCodeOf(survey.name)}
              aria-haspopup="dialog"
              onClick={() => setShowQr(true)}
            >
              {t.qrCode}
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
              {t.close}
            </Button>
          </>
        ) : null}
        <Link
          to={`/survey-results/${survey.id}`}
          className="btn btn-primary btn-sm"
          aria-label={t.resultsOf(survey.name)}
        >
          {t.results}
        </Link>
      </div>
      {showQr ? (
        <QrCodeDialog name={survey.name} link={link} onClose={() => setShowQr(false)} />
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={fr.teamSurveys.closeDialog.title}
        message={fr.teamSurveys.closeDialog.text}
        confirmLabel={fr.teamSurveys.closeDialog.confirm}
        cancelLabel={fr.teamSurveys.closeDialog.cancel}
        danger
        busy={closing}
        onConfirm={() => void close()}
        onCancel={() => setConfirming(false)}
      />
    </article>
  );
}
