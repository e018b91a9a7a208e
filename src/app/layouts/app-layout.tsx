import { NavLink, Outlet } from 'react-router-dom';
import { fr } from '@/i18n/fr';

const NAV = [
  { to: '/dashboard', label: fr.routes.dashboard },
  { to: '/training/recommendations', label: fr.routes.recommendations },
  { to: '/team-survey', label: fr.routes.teamSurveys },
  { to: '/training', label: fr.routes.training },
  { to: '/experts', label: fr.routes.experts },
  { to: '/referral', label: fr.routes.referral },
  { to: '/meetings', label: fr.routes.meetings },
  { to: '/requests', label: fr.routes.requests },
] as const;

/** Signed-in shell: sidebar navigation and the main area. */
export function AppLayout() {
  return (
    <div className="app-shell">
      <nav className="app-sidebar" aria-label={fr.app.mainNavigation}>
        <ul>
          {NAV.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" className="app-main">
        <Outlet />
      </main>
    </div>
  );
}
