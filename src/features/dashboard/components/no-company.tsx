import { Link } from 'react-router-dom';
import { fr } from '@/i18n/fr';
import { useSyncStatus } from '@/lib/sync';
import { EmptyState } from '@/components/ui/empty-state';

/**
 * A signed-in user with no company yet (for instance right after sign-in, while the first pull
 * brings the data): not an error; a path to add one (the company search, in adding mode).
 */
export function NoCompany() {
  const t = fr.dashboard.noCompany;
  const sync = useSyncStatus();
  return (
    <EmptyState title={t.title}>
      <p>{t.text}</p>
      {sync.state === 'syncing' ? (
        <p className="row no-company-sync" role="status">
          <span className="spinner no-company-spinner" aria-hidden="true" /> {t.syncing}
        </p>
      ) : null}
      <Link
        to="/rechercher-entreprise"
        state={{ addingNewCompany: true }}
        className="btn btn-primary btn-md"
      >
        {t.add}
      </Link>
    </EmptyState>
  );
}
