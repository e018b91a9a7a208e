import { fr } from '@/i18n/fr';

export function TeamSurveysPage() {
  return (
    <div className="page">
      <h1 className="page-title">{fr.routes.teamSurveys}</h1>
    </div>
  );
}
