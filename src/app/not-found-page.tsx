import { Link } from 'react-router-dom';
import { common } from '@/i18n/fr/common';
import { useAuth } from '@/lib/auth/auth-store';

/**
 * A page that does not exist: inside the app shell for a signed-in user (its menu and logo stay
 * there; the way back is their budget), a visitor's branded page otherwise (SessionLayout).
 */
export function NotFoundPage() {
  const signedIn = useAuth().status === 'signed-in';
  return (
    <div className="page not-found">
      <h1 className="page-title">{common.notFoundTitle}</h1>
      <p className="muted">{common.notFoundText}</p>
      <Link to={signedIn ? '/dashboard' : '/'} className="btn btn-primary btn-md">
        {signedIn ? common.notFoundBackToDashboard : common.notFoundAction}
      </Link>
    </div>
  );
}
