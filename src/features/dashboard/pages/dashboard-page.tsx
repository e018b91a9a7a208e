import { fr } from '@/i18n/fr';

export function DashboardPage() {
  return (
    <div className="page">
      <h1 className="page-title">{fr.routes.dashboard}</h1>
    </div>
  );
}
