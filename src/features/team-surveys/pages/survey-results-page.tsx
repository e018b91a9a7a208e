import { fr } from '@/i18n/fr';

export function SurveyResultsPage() {
  return (
    <div className="page">
      <h1 className="page-title">{fr.routes.surveyResults}</h1>
    </div>
  );
}
