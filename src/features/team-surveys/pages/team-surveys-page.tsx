// Team surveys (/team-survey, 02 §2.17): create, share, close; the list with its response counts.
// Local-first: the list and the responses come from the local store (responses are pulled by the
// sync engine); creating and closing are local writes, replicated in the background.
import { useMemo, useState } from 'react';
import { useAllTeamSurveyResponses, useTeamSurveys, type TeamSurveyResponseRow } from '@/db';
import type { SurveyQuestionSet } from '@/domain/contracts';
import { fr } from '@/i18n/fr';
import { useCurrentUser } from '@/lib/auth';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorBoundary } from '@/components/ui/error-boundary';
import { PageSpinner } from '@/components/ui/spinner';
import { CreateSurveyDialog } from '../components/create-survey-dialog';
import { SurveyCard } from '../components/survey-card';
import { useQuestionSets } from '../hooks/use-question-sets';
import '../components/team-surveys.css';
import ClipboardList from 'lucide-react/icons/clipboard-list';

const NO_RESPONSES: readonly TeamSurveyResponseRow[] = [];

const NO_SETS: readonly SurveyQuestionSet[] = [];

function SurveyList({ ownerId }: { ownerId: string }) {
  const surveys = useTeamSurveys(ownerId);
  const sets = useQuestionSets() ?? NO_SETS;
  const responses = useAllTeamSurveyResponses(ownerId);
  const bySurvey = useMemo(() => {
    const map = new Map<string, TeamSurveyResponseRow[]>();
    for (const r of responses ?? []) map.set(r.survey_id, [...(map.get(r.survey_id) ?? []), r]);
    return map;
  }, [responses]);
  if (surveys === undefined || responses === undefined)
    return <PageSpinner label={fr.common.loadingData} />;
  if (surveys.length === 0) {
    return (
      <EmptyState title={fr.teamSurveys.empty.title} icon={ClipboardList}>
        <p>{fr.teamSurveys.empty.text}</p>
      </EmptyState>
    );
  }
  return (
    <ul className="survey-list" aria-label={fr.teamSurveys.listLabel}>
      {surveys.map((survey) => (
        <li key={survey.id}>
          <SurveyCard
            survey={survey}
            responses={bySurvey.get(survey.id) ?? NO_RESPONSES}
            ownerId={ownerId}
            sets={sets}
          />
        </li>
      ))}
    </ul>
  );
}

export function TeamSurveysPage() {
  const t = fr.teamSurveys;
  const user = useCurrentUser();
  const [creating, setCreating] = useState(false);
  return (
    <div className="page team-surveys-page">
      <div className="page-header">
        <div>
          <h1 className="page-title">{t.title}</h1>
          <p className="muted">{t.subtitle}</p>
        </div>
        <Button onClick={() => setCreating(true)} disabled={!user}>
          {t.create}
        </Button>
      </div>
      {user ? (
        <>
          <ErrorBoundary
            fallback={(retry) => (
              <EmptyState title={t.toasts.loadError} tone="error" role="alert">
                <Button variant="secondary" size="sm" onClick={retry}>
                  {t.retry}
                </Button>
              </EmptyState>
            )}
          >
            <SurveyList ownerId={user.id} />
          </ErrorBoundary>
          <CreateSurveyDialog
            open={creating}
            ownerId={user.id}
            onClose={() => setCreating(false)}
          />
        </>
      ) : null}
    </div>
  );
}
