import { fr } from '@/i18n/fr';

export function RecommendationsPage() {
  return (
    <div className="page">
      <h1 className="page-title">{fr.routes.recommendations}</h1>
    </div>
  );
}
