import { fr } from '@/i18n/fr';

export function CompanyDetailsPage() {
  return (
    <div className="page">
      <h1 className="page-title">{fr.routes.companyDetails}</h1>
    </div>
  );
}
