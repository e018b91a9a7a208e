import { fr } from '@/i18n/fr';

export function UnlockBudgetPage() {
  return (
    <div className="page">
      <h1 className="page-title">{fr.routes.unlockBudget}</h1>
    </div>
  );
}
