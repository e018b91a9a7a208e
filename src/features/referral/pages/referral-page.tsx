import { fr } from '@/i18n/fr';

export function ReferralPage() {
  return (
    <div className="page">
      <h1 className="page-title">{fr.routes.referral}</h1>
    </div>
  );
}
