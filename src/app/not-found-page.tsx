import { Link } from 'react-router-dom';
import { common } from '@/i18n/fr/common';

export function NotFoundPage() {
  return (
    <main id="main" className="not-found">
      <h1>{common.notFoundTitle}</h1>
      <p className="muted">{common.notFoundText}</p>
      <Link to="/" className="btn btn-primary btn-md">
        {common.notFoundAction}
      </Link>
    </main>
  );
}
