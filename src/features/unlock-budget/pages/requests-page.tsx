import { fr } from '@/i18n/fr';

export function RequestsPage() {
  return (
    <div className="page">
      <h1 className="page-title">{fr.routes.requests}</h1>
    </div>
  );
}
