import { fr } from '@/i18n/fr';
import { config } from '@/lib/config';
import { usePrefilledSchedulerUrl } from '@/lib/scheduler-prefill';
import { SchedulerFrame } from '@/components/scheduler-frame';
import { Spinner } from '@/components/ui/spinner';
import '../meetings.css';

/**
 * /meetings (02 §2.10): the marketing-leads scheduler, inserted after 300 ms with a loading
 * message, and the 'Ouvrir le calendrier' link when it cannot load (error, timeout, offline). The
 * user's name and e-mail are filled in; the frame is as tall as the screen allows, so the page is
 * no taller than the screen.
 */
export function MeetingsPage() {
  const t = fr.meetings;
  const url = usePrefilledSchedulerUrl(config.leadsSchedulerUrl);
  return (
    <div className="page meetings-page">
      <div className="page-header">
        <div>
          <h1 className="page-title">{t.title}</h1>
          <p className="muted meetings-subtitle">{t.subtitle}</p>
        </div>
      </div>
      <div className="card meetings-card">
        {url ? (
          <SchedulerFrame url={url} title={t.frameTitle} height="fill" />
        ) : (
          <p className="scheduler-loading" role="status">
            <Spinner size={16} /> {t.loading}
          </p>
        )}
      </div>
    </div>
  );
}
