import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { signOutEverywhere } from '@/lib/auth';
import { markIntentionalSignOut, stopCurrentSync } from './sync-controller';

/**
 * "Se reconnecter" when the session cannot be renewed: ends the dead session and goes to /login,
 * KEEPING the local data and the outbox (they are sent once the same user signs in again).
 */
export function useReconnect(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    markIntentionalSignOut(); // the prompt stays: it was already shown
    await stopCurrentSync();
    await signOutEverywhere();
    navigate('/login', { replace: true });
  }, [navigate]);
}
