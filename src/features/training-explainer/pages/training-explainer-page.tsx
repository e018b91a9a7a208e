import { fr } from '@/i18n/fr';

export function TrainingExplainerPage() {
  return (
    <div className="page">
      <h1 className="page-title">{fr.routes.training}</h1>
    </div>
  );
}
