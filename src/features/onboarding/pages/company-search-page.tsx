import { fr } from '@/i18n/fr';

export function CompanySearchPage() {
  return (
    <div className="page">
      <h1 className="page-title">{fr.routes.companySearch}</h1>
    </div>
  );
}
