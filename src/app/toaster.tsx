import { Toaster } from 'sonner';
import { useLocation } from 'react-router-dom';
import { fr } from '@/i18n/fr';
import { TOAST_DURATION_MS, TOAST_VISIBLE, toastPositionFor } from './toast-position';



export function AppToaster() {
  const { pathname } = useLocation();
  return (
    <Toaster
      position={toastPositionFor(pathname)}
      duration={TOAST_DURATION_MS}
      visibleToasts={TOAST_VISIBLE}
      hotkey={['altKey', 'KeyT']}
      containerAriaLabel={fr.app.notifications}
      closeButton
      richColors
    />
  );
}
