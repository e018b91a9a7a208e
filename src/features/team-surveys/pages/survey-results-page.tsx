// Survey results (/survey-results/{id}, 02 §2.19): key figures, tools satisfaction, per-department
// sections, suggestions and the AI recommendations. Everything is computed on the device from the
// local store (responses are pulled by the sync engine); only the AI analysis needs the network.
import { useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import { formatLongDate } from '@/domain/dates';
import { isSurveyId } from '@/domain/public-survey-draft';
import { radioQuestionResults, textQuestionAnswers } from '@/domain/survey-answers';
import { surveyResults, type TeamSurveyResponse } from '@/domain/survey-results';
import { teamSurveyStatusLabel } from '@/domain/labels';
import {
  useTeamSurvey,
  useTeamSurveyResponses,
  type TeamSurveyResponseRow,
  type TeamSurveyRow,
} from '@/db';
import { fr } from '@/i18n/fr';
import { useCurrentUser } from '@/lib/auth';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorBoundary } from '@/components/ui/error-boundary';
import { PageSpinner } from '@/components/ui/spinner';
import { AiRecommendations } from '../components/ai-recommendations';
import { AnswersList } from '../components/answers-list';
import { DepartmentSection } from '../components/department-section';
import { LazyShareBars } from '../components/lazy-share-bars';
import { useQuestionSets } from '../hooks/use-question-sets';
import '../components/team-surveys.css';
import '../components/survey-results.css';
import ChartColumn from 'lucide-react/icons/chart-column';
import SearchX from 'lucide-react/icons/search-x';

const toResponse = (r: TeamSurveyResponseRow): TeamSurveyResponse => ({
  department: r.department,
  department_label: r.department_label ?? null,
  first_name: r.first_name,
  last_name: r.last_name,
  responses: r.responses as TeamSurveyResponse['responses'],
  tools_satisfaction: r.tools_satisfaction,
  improvement_suggestion: r.improvement_suggestion,
  created_at: r.created_at,
});

function Results({
  survey,
  rows,
  ownerId,
}: {
  survey: TeamSurveyRow;
  rows: TeamSurveyResponseRow[];
  ownerId: string;
}) {
  const t = fr.surveyResults;
  const sets = useQuestionSets();
  const responses = useMemo(() => rows.map(toResponse), [rows]);
  const results = useMemo(
    () => surveyResults(responses, sets ?? [], survey.departments),
    [responses, sets, survey.departments],
  );

  return (
    <>
      <section aria-label={t.stats.label}>
        <dl className="results-stats">
          <div className="card">
            <dt>{t.stats.responses}</dt>
            <dd>{results.total}</dd>
          </div>
          <div className="card">
            <dt>{t.stats.departments}</dt>
            <dd>{results.departmentsCount}</dd>
          </div>
          <div className="card">
            <dt>{t.stats.collectionDays}</dt>
            <dd>{results.collectionDays}</dd>
          </div>
        </dl>
      </section>
      {results.total === 0 ? (
        <EmptyState title={t.empty} icon={ChartColumn} />
      ) : (
        <>
          <section className="card results-tools" aria-labelledby="results-tools-title">
            <h2 id="results-tools-title">{t.tools.title}</h2>
            <p className="muted">{t.tools.question}</p>
            <LazyShareBars
              rows={results.toolsSatisfaction.map((s) => ({
                key: s.key,
                label: s.label,
                count: s.count,
                percent: s.percent,
              }))}
            />
          </section>
          <section aria-labelledby="results-departments-title">
            <h2 id="results-departments-title">{t.departmentsTitle}</h2>
            <div className="stack">
              {results.departments.map((d) => {
                const set = sets?.find((s) => s.department === d.department);
                return (
                  <DepartmentSection
                    key={d.key}
                    result={d}
                    label={d.label}
                    questionsKnown={sets !== undefined && sets.length > 0}
                    radios={radioQuestionResults(d.responses, set)}
                    texts={textQuestionAnswers(d.responses, set)}
                  />
                );
              })}
            </div>
          </section>
          <AnswersList ownerId={ownerId} rows={rows} departments={results.departments} />
        </>
      )}
      <AiRecommendations surveyId={survey.id} ownerId={ownerId} responses={responses} />
    </>
  );
}

function SurveyResultsContent({ ownerId, surveyId }: { ownerId: string; surveyId: string }) {
  const t = fr.surveyResults;
  const survey = useTeamSurvey(ownerId, surveyId);
  const rows = useTeamSurveyResponses(ownerId, surveyId);
  if (survey === undefined || rows === undefined)
    return <PageSpinner label={fr.common.loadingData} />;
  if (survey === null) {
    return (
      <>
        <h1 className="page-title">{t.notFound}</h1>
        <p className="muted">{t.notFoundText}</p>
      </>
    );
  }
  return (
    <>
      <div className="page-header">
        <div>
          <p className="results-eyebrow">{t.title}</p>
          <h1 className="page-title">{survey.name}</h1>
          <p className="muted results-meta">
            <Badge tone={survey.status === 'active' ? 'success' : 'neutral'}>
              {teamSurveyStatusLabel(survey.status)}
            </Badge>
            <span>{t.createdOn(formatLongDate(survey.created_at))}</span>
          </p>
        </div>
      </div>
      <Results survey={survey} rows={rows} ownerId={ownerId} />
    </>
  );
}

export function SurveyResultsPage() {
  const t = fr.surveyResults;
  const { id } = useParams();
  const user = useCurrentUser();
  return (
    <div className="page survey-results-page">
      <p>
        <Link to="/team-survey">{t.back}</Link>
      </p>
      {!isSurveyId(id) ? (
        <>
          <h1 className="page-title">{t.notFound}</h1>
          <EmptyState title={t.notFoundText} icon={SearchX} />
        </>
      ) : user ? (
        <ErrorBoundary
          fallback={(retry) => (
            <div>
              <h1 className="page-title">{t.title}</h1>
              <EmptyState title={t.loadError} tone="error" role="alert">
                <Button variant="secondary" size="sm" onClick={retry}>
                  {t.retry}
                </Button>
              </EmptyState>
            </div>
          )}
        >
          <SurveyResultsContent ownerId={user.id} surveyId={id} />
        </ErrorBoundary>
      ) : null}
    </div>
  );
}
