import { Link } from 'react-router-dom';
import { useUnlockRequests } from '@/db';
import { fr } from '@/i18n/fr';
import { useCurrentUser } from '@/lib/auth';
import { useCurrentCompany } from '@/lib/current-company';
import { EmptyState } from '@/components/ui/empty-state';
import { PageSpinner } from '@/components/ui/spinner';
import { RequestCard } from '../components/request-card';
import { RequestsErrorBoundary } from '../components/requests-error-boundary';
import '../unlock-budget.css';
import FileText from 'lucide-react/icons/file-text';

function RequestsList({ userId }: { userId: string | undefined }) {
  const t = fr.requests;
  const requests = useUnlockRequests(userId);
  if (requests === undefined) return <PageSpinner label={fr.common.loadingData} />;
  if (requests.length === 0) {
    return (
      <EmptyState title={t.empty.title} icon={FileText}>
        <p>{t.empty.text}</p>
      </EmptyState>
    );
  }
  return (
    <ul className="requests-list" aria-label={t.listLabel}>
      {requests.map((request) => (
        <li key={request.id}>
          <RequestCard request={request} />
        </li>
      ))}
    </ul>
  );
}

/** /requests (02 §2.8): the user's unlock-budget requests, newest first, from the local store. */
export function RequestsPage() {
  const t = fr.requests;
  const user = useCurrentUser();
  const { company } = useCurrentCompany(user?.id);
  return (
    <div className="page requests-page">
      <div className="page-header">
        <div>
          <h1 className="page-title">{t.title}</h1>
          <p className="muted">{t.subtitle}</p>
        </div>
        {company === undefined ? null : (
          // Rendered once the current company is known, so that the form receives it.
          <Link
            to="/unlock-budget"
            state={company ? { company: { siret: company.siret, name: company.name } } : undefined}
            className="btn btn-primary btn-md"
          >
            {t.newRequest}
          </Link>
        )}
      </div>
      <RequestsErrorBoundary>
        <RequestsList userId={user?.id} />
      </RequestsErrorBoundary>
    </div>
  );
}
