import { Link, NavLink, useLocation } from 'react-router-dom';
import { fr } from '@/i18n/fr';
import { Badge } from '@/components/ui/badge';
import type { CurrentCompany } from '@/lib/current-company';
import { InstallButton } from '../pwa/install-button';
import { CompanySwitcher } from './company-switcher';
import type { NavItem } from './nav-items';
import LogOut from 'lucide-react/icons/log-out';
import Settings from 'lucide-react/icons/settings';

type Props = {
  current: CurrentCompany;
  items: readonly NavItem[];
  onSettings: () => void;
  onSignOut: () => void;
  signingOut: boolean;
  /** Called after a navigation (closes the mobile drawer). */
  onNavigate?: () => void;
};

function NavContent({ item }: { item: NavItem }) {
  return (
    <>
      <item.icon className="icon" aria-hidden="true" />
      <span className="sidebar-link-label">{item.label}</span>
      {item.isNew ? <Badge tone="new">{fr.shell.newTag}</Badge> : null}
    </>
  );
}

/** Sidebar content (02 §2.2): company switcher, navigation entries, Paramètres, Se déconnecter. */
export function SidebarContent({
  current,
  items,
  onSettings,
  onSignOut,
  signingOut,
  onNavigate,
}: Props) {
  const { pathname } = useLocation();
  return (
    <>
      <CompanySwitcher current={current} onDone={onNavigate} />
      <nav aria-label={fr.app.mainNavigation} className="sidebar-nav">
        <ul>
          {items.map((item) => (
            <li key={item.to}>
              {item.alsoActiveOn?.includes(pathname) ? (
                <Link
                  to={item.to}
                  className="sidebar-link active"
                  aria-current="page"
                  onClick={onNavigate}
                >
                  <NavContent item={item} />
                </Link>
              ) : (
                <NavLink to={item.to} end={item.end} className="sidebar-link" onClick={onNavigate}>
                  <NavContent item={item} />
                </NavLink>
              )}
            </li>
          ))}
        </ul>
      </nav>
      <div className="sidebar-actions">
        <button
          type="button"
          className="sidebar-link sidebar-button"
          onClick={onSettings}
          aria-haspopup="dialog"
        >
          <Settings className="icon" aria-hidden="true" />
          <span className="sidebar-link-label">{fr.shell.settings}</span>
        </button>
        <button
          type="button"
          className="sidebar-link sidebar-button"
          onClick={onSignOut}
          disabled={signingOut}
        >
          <LogOut className="icon" aria-hidden="true" />
          <span className="sidebar-link-label">{fr.shell.logout}</span>
        </button>
        <InstallButton />
      </div>
    </>
  );
}
