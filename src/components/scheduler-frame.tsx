import { useEffect, useState } from 'react';
import { fr } from '@/i18n/fr';
import { useOnlineStatus } from '@/hooks/use-online-status';
import { Spinner } from '@/components/ui/spinner';

/** The frame is inserted after this delay (02 §9: booking frame delay 300 ms). */
export const SCHEDULER_FRAME_DELAY_MS = 300;
/** Without a load event by then, the fallback link is offered. */
export const SCHEDULER_LOAD_TIMEOUT_MS = 15_000;

type Props = { url: string; title: string; height?: number };

/**
 * A meeting-scheduler embed: inserted after 300 ms, a loading message until it loads, and the
 * 'Ouvrir le calendrier' link when it cannot load (error, timeout, offline).
 */
export function SchedulerFrame({ url, title, height = 640 }: Props) {
  const online = useOnlineStatus();
  const [visible, setVisible] = useState(false);
  const [status, setStatus] = useState<'loading' | 'loaded' | 'failed'>('loading');

  useEffect(() => {
    const show = setTimeout(() => setVisible(true), SCHEDULER_FRAME_DELAY_MS);
    return () => clearTimeout(show);
  }, []);

  useEffect(() => {
    if (!visible || status !== 'loading') return;
    const timeout = setTimeout(() => setStatus('failed'), SCHEDULER_LOAD_TIMEOUT_MS);
    return () => clearTimeout(timeout);
  }, [visible, status]);

  const failed = status === 'failed' || !online;
  return (
    <div className="scheduler-frame">
      {status === 'loading' && online ? (
        <p className="scheduler-loading" role="status">
          <Spinner size={16} /> {fr.booking.loading}
        </p>
      ) : null}
      {failed ? (
        <div className="scheduler-fallback" role="status">
          <p>{online ? fr.booking.loadError : fr.bookingAdvisors.offline}</p>
          <a
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            className="btn btn-secondary btn-md"
          >
            {fr.booking.openCalendar}
          </a>
        </div>
      ) : null}
      {visible && online && status !== 'failed' ? (
        <iframe
          src={url}
          title={title}
          style={{
            width: '100%',
            height,
            border: 0,
            display: status === 'loaded' ? 'block' : 'none',
          }}
          onLoad={() => setStatus('loaded')}
          onError={() => setStatus('failed')}
        />
      ) : null}
    </div>
  );
}
