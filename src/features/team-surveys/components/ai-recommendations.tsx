import { useState } from 'react';
import { toast } from 'sonner';
import type { SurveyRecommendation } from '@/domain/contracts';
import { formatLongDate } from '@/domain/dates';
import type { TeamSurveyResponse } from '@/domain/survey-results';
import { isQuotaError } from '@/db';
import { fr } from '@/i18n/fr';
import { useOnlineStatus } from '@/hooks/use-online-status';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useAddToPlan } from '../hooks/use-add-to-plan';
import { useSurveyAnalysis } from '../hooks/use-survey-analysis';
import { RecommendationCard } from './recommendation-card';

type Props = { surveyId: string; ownerId: string; responses: readonly TeamSurveyResponse[] };

const recommendationKey = (r: SurveyRecommendation) => `${r.title}\u0000${r.department ?? ''}`;

/** The AI recommendations block of the results (02 §2.19, §7.4). */
export function AiRecommendations({ surveyId, ownerId, responses }: Props) {
  const t = fr.surveyResults.ai;
  const online = useOnlineStatus();
  const analysis = useSurveyAnalysis(surveyId, responses, online);
  const addToPlan = useAddToPlan(ownerId);
  const [added, setAdded] = useState<ReadonlySet<string>>(new Set());
  const [adding, setAdding] = useState<string | null>(null);

  const add = async (r: SurveyRecommendation) => {
    const key = recommendationKey(r);
    setAdding(key);
    try {
      const outcome = await addToPlan(r);
      if (!outcome.ok) {
        toast.error(t.notReady[outcome.reason]);
        return;
      }
      setAdded((s) => new Set(s).add(key));
      toast.success(t.addedToast);
    } catch (error) {
      toast.error(isQuotaError(error) ? fr.sync.localErrors.quota : t.addError);
    } finally {
      setAdding(null);
    }
  };

  const recs = analysis.recommendations;
  return (
    <section
      className="results-ai"
      aria-labelledby="results-ai-title"
      aria-busy={analysis.status === 'loading'}
    >
      <div className="results-section-header">
        <h2 id="results-ai-title">{t.title}</h2>
        {responses.length > 0 && analysis.status !== 'loading' ? (
          <Button variant="secondary" size="sm" onClick={analysis.run} disabled={!online}>
            {recs ? t.refresh : t.generate}
          </Button>
        ) : null}
      </div>
      <p className="muted">{t.intro}</p>
      <div role="status" className="results-ai-status">
        {responses.length === 0 ? <p className="muted">{t.noResponse}</p> : null}
        {analysis.status === 'loading' ? (
          <p className="results-ai-loading">
            <Spinner size={18} label={t.loading} />
            <span>{t.loading}</span>
          </p>
        ) : null}
        {analysis.status === 'offline' && responses.length > 0 ? (
          <p className="survey-card-note">{t.offline}</p>
        ) : null}
        {analysis.status === 'error' ? <p className="field-error">{t.error}</p> : null}
        {recs && analysis.analysedAt ? (
          <p className="muted">{t.analysedOn(formatLongDate(analysis.analysedAt))}</p>
        ) : null}
        {recs && analysis.analysedAt && analysis.outdated ? (
          <p className="survey-card-note">{t.outdated}</p>
        ) : null}
      </div>
      {recs && recs.length === 0 ? <p className="muted">{t.empty}</p> : null}
      {recs && recs.length > 0 ? (
        <ul className="results-recommendations">
          {recs.map((r) => {
            const key = recommendationKey(r);
            return (
              <li key={key}>
                <RecommendationCard
                  recommendation={r}
                  added={added.has(key)}
                  adding={adding === key}
                  onAdd={() => void add(r)}
                />
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
