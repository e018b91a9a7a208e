import { Link } from 'react-router-dom';
import { fr } from '@/i18n/fr';

export function NotFoundPage() {
  return (
    <main id="main" className="not-found">
      <h1>{fr.common.notFoundTitle}</h1>
      <p className="muted">{fr.common.notFoundText}</p>
      <Link to="/" className="btn btn-primary btn-md">
        {fr.common.notFoundAction}
      </Link>
    </main>
  );
}
