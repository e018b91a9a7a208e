import { Toaster } from 'sonner';
import { useLocation } from 'react-router-dom';
import { app } from '@/i18n/fr/app';
import { TOAST_DURATION_MS, TOAST_VISIBLE, toastPositionFor } from './toast-position';

export function AppToaster() {
  const { pathname } = useLocation();
  return (
    <Toaster
      position={toastPositionFor(pathname)}
      duration={TOAST_DURATION_MS}
      visibleToasts={TOAST_VISIBLE}
      hotkey={['altKey', 'KeyT']}
      containerAriaLabel={app.notifications}
      closeButton
      richColors
    />
  );
}
