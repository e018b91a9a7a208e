import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { fr } from '@/i18n/fr';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

type Props = { open: boolean; onClose: () => void; id: string; children: ReactNode };

function visibleFocusables(panel: HTMLElement): HTMLElement[] {
  return Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.closest('[hidden]'),
  );
}

/**
 * The sidebar as a drawer under 768 px: a modal panel, focus moved in and kept inside, Escape and
 * the backdrop close it, focus returns to the menu button (the opener).
 */
export function MobileDrawer({ open, onClose, id, children }: Props) {
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    const panel = panelRef.current;
    if (panel) visibleFocusables(panel)[0]?.focus();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previousOverflow;
      if (opener && document.contains(opener)) opener.focus();
    };
  }, [open]);

  // React handler (not a native one): an open disclosure inside handles its own Escape first.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    const panel = panelRef.current;
    if (event.key !== 'Tab' || !panel) return;
    const items = visibleFocusables(panel);
    if (items.length === 0) return;
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  if (!open) return null;
  return (
    <div
      className="mobile-drawer-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panelRef}
        id={id}
        className="mobile-drawer"
        role="dialog"
        aria-modal="true"
        aria-label={fr.shell.mobileMenu.title}
        onKeyDown={onKeyDown}
      >
        <div className="mobile-drawer-header">
          <button
            type="button"
            className="mobile-drawer-close"
            onClick={onClose}
            aria-label={fr.shell.mobileMenu.close}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
