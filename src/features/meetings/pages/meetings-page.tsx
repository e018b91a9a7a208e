import { fr } from '@/i18n/fr';
import { config } from '@/lib/config';
import { SchedulerFrame } from '@/components/scheduler-frame';

/**
 * /meetings (02 §2.10): the marketing-leads scheduler, inserted after 300 ms with a loading
 * message, and the 'Ouvrir le calendrier' link when it cannot load (error, timeout, offline).
 */
export function MeetingsPage() {
  const t = fr.meetings;
  return (
    <div className="page">
      <div className="page-header">
        <div>
          <h1 className="page-title">{t.title}</h1>
          <p className="muted">{t.subtitle}</p>
        </div>
      </div>
      <div className="card">
        <SchedulerFrame url={config.leadsSchedulerUrl} title={t.frameTitle} />
      </div>
    </div>
  );
}
