import { fr } from '@/i18n/fr';

export function CompaniesPage() {
  return (
    <div className="page">
      <h1 className="page-title">{fr.routes.companies}</h1>
    </div>
  );
}
