import { fr } from '@/i18n/fr';

export function PublicSurveyPage() {
  return (
    <div className="page">
      <h1 className="page-title">{fr.routes.publicSurvey}</h1>
    </div>
  );
}
