import { fr } from '@/i18n/fr';

export function MeetingsPage() {
  return (
    <div className="page">
      <h1 className="page-title">{fr.routes.meetings}</h1>
    </div>
  );
}
