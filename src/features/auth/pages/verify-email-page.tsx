import { fr } from '@/i18n/fr';

export function VerifyEmailPage() {
  return (
    <div className="page">
      <h1 className="page-title">{fr.routes.verifyEmail}</h1>
    </div>
  );
}
