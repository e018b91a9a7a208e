import { Toaster } from 'sonner';
import { useLocation } from 'react-router-dom';
import { useDialogOpen } from '@/components/ui/dialog-presence';
import { useIsMobile } from '@/hooks/use-media-query';
import { app } from '@/i18n/fr/app';
import { TOAST_DURATION_MS, TOAST_VISIBLE, toastPlacementFor } from './toast-position';

export function AppToaster() {
  const { pathname } = useLocation();
  const placement = toastPlacementFor(pathname, useIsMobile(), useDialogOpen());
  return (
    <Toaster
      {...placement}
      duration={TOAST_DURATION_MS}
      visibleToasts={TOAST_VISIBLE}
      hotkey={['altKey', 'KeyT']}
      containerAriaLabel={app.notifications}
      closeButton
      richColors
    />
  );
}
