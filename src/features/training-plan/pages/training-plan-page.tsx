import { fr } from '@/i18n/fr';

export function TrainingPlanPage() {
  return (
    <div className="page">
      <h1 className="page-title">{fr.routes.trainingPlan}</h1>
    </div>
  );
}
