import { useEffect, useRef, useState } from 'react';
import { fr } from '@/i18n/fr';
import { useOnlineStatus } from '@/hooks/use-online-status';
import { Spinner } from '@/components/ui/spinner';

/** The frame is inserted after this delay (02 §9: booking frame delay 300 ms). */
export const SCHEDULER_FRAME_DELAY_MS = 300;
/** Without a load event by then, the fallback link is offered. */
export const SCHEDULER_LOAD_TIMEOUT_MS = 15_000;
/** After the load event, the time the scheduler page has to say it is there. */
export const SCHEDULER_READY_TIMEOUT_MS = 5_000;

type Props = {
  url: string;
  title: string;
  /** Pixels; `'fill'`: as tall as its flex container lets it (the meetings page fills the screen). */
  height?: number | 'fill';
};
type Status = 'loading' | 'loaded' | 'failed';

/**
 * A meeting-scheduler embed: inserted after 300 ms, a loading message until it is there, and the
 * 'Ouvrir le calendrier' link instead of the frame when it cannot be shown (error, timeout,
 * offline).
 *
 * A frame's load event proves nothing: it fires on a 404 page, on the browser's error page after
 * a network error and on a page that refuses to be framed alike, and a cross-origin frame cannot
 * be looked into. So the frame is shown once the page inside it posts a message to this window
 * (the local scheduler posts `local-scheduler:ready`; embeddable schedulers post their own
 * events to their parent). A load without a message within SCHEDULER_READY_TIMEOUT_MS, or no load
 * within SCHEDULER_LOAD_TIMEOUT_MS, is a failure: the link opens the calendar in a new tab.
 */
export function SchedulerFrame({ url, title, height = 640 }: Props) {
  const online = useOnlineStatus();
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [visible, setVisible] = useState(false);
  const [frameLoaded, setFrameLoaded] = useState(false);
  const [status, setStatus] = useState<Status>('loading');

  useEffect(() => {
    const show = setTimeout(() => setVisible(true), SCHEDULER_FRAME_DELAY_MS);
    return () => clearTimeout(show);
  }, []);

  // Listening from the start: the page may speak before its load event reaches us.
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const frameWindow = frameRef.current?.contentWindow;
      if (frameWindow && event.source === frameWindow) {
        setStatus((s) => (s === 'loading' ? 'loaded' : s));
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  useEffect(() => {
    if (!visible || status !== 'loading') return;
    const timeout = setTimeout(
      () => setStatus('failed'),
      frameLoaded ? SCHEDULER_READY_TIMEOUT_MS : SCHEDULER_LOAD_TIMEOUT_MS,
    );
    return () => clearTimeout(timeout);
  }, [visible, status, frameLoaded]);

  const failed = status === 'failed' || !online;
  return (
    <div className={height === 'fill' ? 'scheduler-frame scheduler-frame-fill' : 'scheduler-frame'}>
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
      {visible && !failed ? (
        <iframe
          ref={frameRef}
          src={url}
          title={title}
          style={{
            width: '100%',
            ...(height === 'fill' ? { flex: '1 1 auto' } : { height }),
            border: 0,
            display: status === 'loaded' ? 'block' : 'none',
          }}
          onLoad={() => setFrameLoaded(true)}
          onError={() => setStatus('failed')}
        />
      ) : null}
    </div>
  );
}
