import { Link } from 'react-router-dom';
import { fr } from '@/i18n/fr';
import { useSyncStatus } from '@/lib/sync';
import { EmptyState } from '@/components/ui/empty-state';
import Building2 from 'lucide-react/icons/building-complex';

/**
 * A signed-in user with no company yet (for instance right after sign-in, while the first pull
 * brings the data): not an error; a path to add one (the company search, in adding mode).
 */
export function NoCompany() {
  const t = fr.dashboard.noCompany;
  const sync = useSyncStatus();
  return (
    <EmptyState title={t.title} icon={Building2}>
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
