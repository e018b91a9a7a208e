// Signed-in shell (02 §2.2): sidebar (company switcher, navigation, Paramètres, Se déconnecter)
// or, under 768 px, a header with the menu button and a drawer; the sync status always visible;
// the sync panel (conflicts, refused changes), the account settings modal and the sign-out flow.
import { useCallback, useEffect, useId, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { navStateSiret } from '@/domain/shell-rules';
import { useCurrentUser } from '@/lib/auth';
import { useCurrentCompany } from '@/lib/current-company';
import { useMeetingsEntry } from '@/lib/meetings-entry';
import { useIsMobile } from '@/hooks/use-media-query';
import { fr } from '@/i18n/fr';
import { SettingsModal } from '@/features/settings/components/settings-modal';
import { MobileDrawer } from '../shell/mobile-menu';
import { NAV_ITEMS } from '../shell/nav-items';
import { SidebarContent } from '../shell/sidebar';
import { SignOutDialog } from '../shell/sign-out-dialog';
import { SyncPanel } from '../shell/sync-panel';
import { SyncStatus } from '../shell/sync-status';
import { useIssueToasts } from '../shell/use-issue-toasts';
import { useShellSyncStatus } from '../shell/use-shell-sync-status';
import { useSignOutFlow } from '../shell/use-sign-out';
import { SiteFooter } from './site-footer';
import '../shell/shell.css';
import Menu from 'lucide-react/icons/menu';
import { Brand } from '@/components/brand';

export function AppLayout() {
  const user = useCurrentUser();
  if (!user) {
    // Signing out: the guards redirect on the next render.
    return (
      <div className="app-column">
        <main id="main" className="app-main">
          <Outlet />
        </main>
        <SiteFooter />
      </div>
    );
  }
  return (
    <SignedInShell userId={user.id} email={user.email} metadataName={user.metadata.contact_name} />
  );
}

function SignedInShell({
  userId,
  email,
  metadataName,
}: {
  userId: string;
  email: string;
  metadataName: unknown;
}) {
  const isMobile = useIsMobile();
  const current = useCurrentCompany(userId);
  const { select } = current;
  const location = useLocation();
  const navSiret = navStateSiret(location.state);
  useEffect(() => {
    if (navSiret) select(navSiret);
  }, [navSiret, location.key, select]);

  const meetings = useMeetingsEntry(userId);
  const items = NAV_ITEMS.filter((item) => !item.rdvOnly || meetings);
  const view = useShellSyncStatus(userId);
  const [panelOpen, setPanelOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerId = useId();
  const signOut = useSignOutFlow(userId);
  const openPanel = useCallback(() => {
    setDrawerOpen(false);
    setPanelOpen(true);
  }, []);
  useIssueToasts(view, openPanel);

  const sidebar = (onNavigate?: () => void) => (
    <SidebarContent
      current={current}
      items={items}
      onNavigate={onNavigate}
      signingOut={signOut.busy !== null}
      onSettings={() => {
        setDrawerOpen(false);
        setSettingsOpen(true);
      }}
      onSignOut={() => {
        setDrawerOpen(false);
        void signOut.request();
      }}
    />
  );

  return (
    <div className={isMobile ? 'app-shell app-shell-mobile' : 'app-shell'}>
      {isMobile ? (
        <>
          <header className="app-topbar">
            <button
              type="button"
              className="app-topbar-menu"
              aria-expanded={drawerOpen}
              aria-controls={drawerId}
              onClick={() => setDrawerOpen(true)}
            >
              <Menu className="icon" aria-hidden="true" />
              {fr.shell.mobileMenu.title}
            </button>
            <Brand className="app-brand" />
            <SyncStatus view={view} onOpen={openPanel} compact />
          </header>
          <MobileDrawer id={drawerId} open={drawerOpen} onClose={() => setDrawerOpen(false)}>
            {sidebar(() => setDrawerOpen(false))}
          </MobileDrawer>
        </>
      ) : (
        <div className="app-sidebar">
          <Brand as="p" className="app-brand" />
          {sidebar()}
          <div className="sidebar-footer">
            <SyncStatus view={view} onOpen={openPanel} />
          </div>
        </div>
      )}
      <div className="app-column">
        <main id="main" className="app-main">
          <Outlet />
        </main>
        <SiteFooter />
      </div>
      <SettingsModal
        open={settingsOpen}
        onClose={() => setSettingsOpen(false)}
        userId={userId}
        authEmail={email}
        fallbackName={typeof metadataName === 'string' ? metadataName : ''}
      />
      <SyncPanel
        open={panelOpen}
        onClose={() => setPanelOpen(false)}
        view={view}
        ownerId={userId}
      />
      <SignOutDialog flow={signOut} />
    </div>
  );
}
