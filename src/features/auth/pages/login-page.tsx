import { fr } from '@/i18n/fr';

export function LoginPage() {
  return (
    <div className="page">
      <h1 className="page-title">{fr.routes.login}</h1>
    </div>
  );
}
