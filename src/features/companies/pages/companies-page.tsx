import { useNavigate } from 'react-router-dom';
import { MAX_COMPANIES } from '@/domain/limits';
import { useCurrentUser } from '@/lib/auth';
import { useCurrentCompany } from '@/lib/current-company';
import { fr } from '@/i18n/fr';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorBoundary } from '@/components/ui/error-boundary';
import { PageSpinner } from '@/components/ui/spinner';
import { AddCompanyButton } from '../components/add-company-button';
import { CompanyCard } from '../components/company-card';
import { CompanyAgreementForm } from '../components/company-agreement-form';
import { CompanyDetails } from '../components/company-details';
import { CompanySearch } from '../components/company-search';
import { useCompaniesView } from '../hooks/use-companies-view';
import { useDeleteCompany } from '../hooks/use-delete-company';
import '../components/companies.css';
import Building2 from 'lucide-react/icons/building-complex';
import SearchX from 'lucide-react/icons/search-x';

/** My companies (/dashboard/companies, 02 §2.5): list → search → details, and back. */
export function CompaniesPage() {
  const user = useCurrentUser();
  return (
    <div className="page companies-page">
      <ErrorBoundary
        fallback={(retry) => (
          <>
            <h1 className="page-title">{fr.companies.title}</h1>
            <EmptyState title={fr.companies.toasts.loadError} tone="error" role="alert">
              <Button variant="secondary" onClick={retry}>
                {fr.companies.retry}
              </Button>
            </EmptyState>
          </>
        )}
      >
        {user ? <Companies userId={user.id} /> : <PageSpinner />}
      </ErrorBoundary>
    </div>
  );
}

function Companies({ userId }: { userId: string }) {
  const { companies, company: current, select } = useCurrentCompany(userId);
  const [view, go] = useCompaniesView();
  const navigate = useNavigate();
  const list = companies ?? [];
  const deletion = useDeleteCompany(userId, list, (siret) => {
    if (view.view === 'details' && view.siret === siret) go({ view: 'list' }, true);
  });

  const header = (
    <div className="page-header">
      <div>
        <h1 className="page-title">{fr.companies.title}</h1>
        {companies ? (
          <p className="muted companies-count">
            {fr.companies.subtitle(list.length, MAX_COMPANIES)}
          </p>
        ) : null}
      </div>
      {companies && view.view === 'list' && list.length > 0 ? (
        <div className="row">
          <Button variant="secondary" onClick={() => go({ view: 'search', query: '' })}>
            {fr.companies.search.open}
          </Button>
          <AddCompanyButton count={list.length} />
        </div>
      ) : null}
    </div>
  );

  let body;
  if (companies === undefined) body = <PageSpinner label={fr.common.loadingData} />;
  else if (view.view === 'search') {
    body = (
      <CompanySearch
        companies={list}
        query={view.query}
        onQuery={(query) => go({ view: 'search', query }, true)}
        onPick={(siret) => go({ view: 'details', siret })}
        onBack={() => go({ view: 'list' })}
      />
    );
  } else if (view.view === 'details' || view.view === 'edit') {
    const company = list.find((c) => c.siret === view.siret);
    // The edit sub-view takes the details' place in the history (Back leaves both).
    const details = { view: 'details', siret: view.siret } as const;
    if (!company) {
      body = (
        <EmptyState title={fr.companies.details.notFound} icon={SearchX}>
          <Button variant="secondary" onClick={() => go({ view: 'list' }, true)}>
            {fr.companies.backToList}
          </Button>
        </EmptyState>
      );
    } else if (view.view === 'edit') {
      body = (
        <CompanyAgreementForm userId={userId} company={company} onDone={() => go(details, true)} />
      );
    } else {
      body = (
        <CompanyDetails
          company={company}
          onBack={() => go({ view: 'list' })}
          onEdit={() => go({ view: 'edit', siret: company.siret }, true)}
          onDelete={() => deletion.ask(company)}
          onViewBudget={() => {
            select(company.siret);
            navigate('/dashboard', { state: { siret: company.siret, refresh: true } });
          }}
        />
      );
    }
  } else if (list.length === 0) {
    body = (
      <EmptyState title={fr.companies.empty.title} icon={Building2}>
        <p>{fr.companies.empty.text}</p>
        <AddCompanyButton count={0} />
      </EmptyState>
    );
  } else {
    body = (
      <ul className="companies-list">
        {list.map((c) => (
          <CompanyCard
            key={c.siret}
            company={c}
            current={c.siret === current?.siret}
            onDetails={() => go({ view: 'details', siret: c.siret })}
            onDelete={() => deletion.ask(c)}
          />
        ))}
      </ul>
    );
  }

  return (
    <>
      {header}
      {body}
      <ConfirmDialog
        open={deletion.target !== null}
        title={fr.companies.deleteDialog.title}
        message={deletion.target ? fr.companies.deleteDialog.text(deletion.target.name) : ''}
        confirmLabel={fr.companies.deleteDialog.confirm}
        cancelLabel={fr.companies.deleteDialog.cancel}
        danger
        busy={deletion.busy}
        onConfirm={() => void deletion.confirm()}
        onCancel={deletion.cancel}
      />
    </>
  );
}
