import { useLocation } from 'react-router-dom';
import { fr } from '@/i18n/fr';
import { Button } from '@/components/ui/button';
import { useSyncController } from './sync-controller';
import { useReconnect } from './use-reconnect';
import './session-expired-banner.css';

/**
 * Shown on every screen (the login page included) once the session of a user with local data
 * could not be renewed: their changes are kept and sent after they sign in again.
 */
export function SessionExpiredBanner() {
  const expiredUserId = useSyncController((s) => s.expiredUserId);
  const { pathname } = useLocation();
  const reconnect = useReconnect();
  if (!expiredUserId) return null;
  return (
    <div className="session-expired" role="alert">
      <p className="session-expired-text">
        <strong>{fr.sync.status.authRequired}</strong> {fr.sync.errors.unauthorized}
      </p>
      {pathname === '/login' ? null : (
        <Button size="sm" onClick={() => void reconnect()}>
          {fr.sync.status.signInAgain}
        </Button>
      )}
    </div>
  );
}
