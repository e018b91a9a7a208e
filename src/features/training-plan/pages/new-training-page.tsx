import { fr } from '@/i18n/fr';

export function NewTrainingPage() {
  return (
    <div className="page">
      <h1 className="page-title">{fr.routes.newTraining}</h1>
    </div>
  );
}
