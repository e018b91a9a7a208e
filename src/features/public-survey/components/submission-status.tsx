import { useSurveyAnswer } from '@/db/survey-device-store';
import { publicSurvey } from '@/i18n/fr/public-survey';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { SurveyMessage } from './survey-message';

type Props = { responseId: string; onRetry: () => void };

/** Step 4: the thank-you, with the answer's delivery state live from the device's queue. */
export function SubmissionStatus({ responseId, onRetry }: Props) {
  const entry = useSurveyAnswer(responseId);
  const t = publicSurvey.thanks;
  if (entry === undefined) return <PageSpinner label={publicSurvey.loading} />;
  const status = entry?.status ?? 'sent';
  if (status === 'closed') return <SurveyMessage title={publicSurvey.closed} text={t.closedText} />;
  if (status === 'not_found')
    return <SurveyMessage title={publicSurvey.notFound.title} text={t.notFoundText} />;
  if (status === 'invalid')
    return <SurveyMessage title={publicSurvey.toasts.sendError} text={t.invalidText} />;
  const waiting = status === 'waiting';
  return (
    <SurveyMessage title={t.title}>
      <div className="public-survey-delivery" role="status" aria-live="polite" data-status={status}>
        <p className={`badge ${waiting ? 'badge-warning' : 'badge-success'}`}>
          {waiting ? t.waitingLabel : t.sentLabel}
        </p>
        <p>{waiting ? t.waiting : t.sent}</p>
        {waiting ? <p className="muted">{t.waitingKeep}</p> : null}
      </div>
      {waiting ? (
        <Button variant="secondary" onClick={onRetry}>
          {t.retry}
        </Button>
      ) : null}
    </SurveyMessage>
  );
}
