import { fr } from '@/i18n/fr';

export function CreateAccountPage() {
  return (
    <div className="page">
      <h1 className="page-title">{fr.routes.createAccount}</h1>
    </div>
  );
}
