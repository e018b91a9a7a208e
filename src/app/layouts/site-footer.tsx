import { Link } from 'react-router-dom';
import { LEGAL_PATHS } from '@/domain/legal-paths';
import { app } from '@/i18n/fr/app';

/** The site footer (every page but the public survey): terms of use and privacy notice. */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <nav aria-label={app.footer.label}>
        <ul className="site-footer-links">
          <li>
            <Link to={LEGAL_PATHS.terms}>{app.footer.terms}</Link>
          </li>
          <li>
            <Link to={LEGAL_PATHS.privacy}>{app.footer.privacy}</Link>
          </li>
        </ul>
      </nav>
    </footer>
  );
}
