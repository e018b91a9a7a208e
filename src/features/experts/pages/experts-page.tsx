import { fr } from '@/i18n/fr';

export function ExpertsPage() {
  return (
    <div className="page">
      <h1 className="page-title">{fr.routes.experts}</h1>
    </div>
  );
}
