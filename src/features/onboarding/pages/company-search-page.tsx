// Step 1, /rechercher-entreprise (01 §2): the company search, the selected-company card, the
// referral parameter; offline, a clear message and the recently selected companies; the registry
// failing, the search says it is unavailable and offers the SIRET path (issue 16 item 5). Where the
// companies come from stays in sight, at the foot of the open list (issue 15, issue 29 item 11):
// the official registry, or sample companies, and then whether the official registry failed to
// answer. A company the registry does not name (non-diffusible, issue 27 item 6) asks for its name.
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { isValidReferralParam } from '@/domain/links';
import {
  DEFAULT_FROM,
  filterRecentCompanies,
  parseOnboardingNavState,
} from '@/domain/onboarding-rules';
import type { CompanySuggestion } from '@/domain/registry';
import { Button } from '@/components/ui/button';
import { fr } from '@/i18n/fr-onboarding';
import { config } from '@/lib/config';
import { useAuth } from '@/lib/auth';
import { CompanyCombobox } from '../components/company-combobox';
import { CompanyCard, CompanyLines } from '../components/company-summary';
import { OnboardingShell } from '../components/onboarding-shell';
import { useCompanySearch, type CompanySearch } from '../hooks/use-company-search';
import { readRecentCompanies, rememberCompany } from '../lib/recent-companies';
import { onboardingStorage } from '../lib/storage';

// Only when the search is unavailable: not on the way to the first screen.
const ManualCompanyForm = lazy(() =>
  import('../components/manual-company-form').then((m) => ({ default: m.ManualCompanyForm })),
);
// Only for a company the registry does not name.
const CompanyNameForm = lazy(() =>
  import('../components/company-name-form').then((m) => ({ default: m.CompanyNameForm })),
);

const t = fr.onboarding.search;

/** Where the suggestions come from, in one line (null: nothing to say). */
function sourceLine(search: CompanySearch): string | null {
  if (search.results.length === 0) return null;
  if (search.registryDown) return t.registryDownShort;
  if (search.sample) return t.sampleData;
  if (search.source === 'gouv') return t.sourceGouv;
  if (search.source === 'import') return t.sourceImport;
  if (search.source === 'pappers') return t.sourcePappers;
  return null;
}

function useReferralId(): string | null {
  const [params] = useSearchParams();
  const ref = params.get('ref');
  const fromUrl = ref !== null && isValidReferralParam(ref) ? ref : null;
  // 01 §2: the ref parameter is read and kept locally as the referral identifier.
  useEffect(() => {
    if (fromUrl !== null) onboardingStorage.write('referralId', fromUrl);
  }, [fromUrl]);
  return fromUrl ?? onboardingStorage.read('referralId');
}

export function CompanySearchPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const auth = useAuth();
  const nav = parseOnboardingNavState(location.state);
  const missingNafRedirect =
    (location.state as { reason?: unknown } | null)?.reason === 'missing-naf';
  const referralId = useReferralId();
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<CompanySuggestion | null>(() =>
    onboardingStorage.read('selectedCompany'),
  );
  const [recent, setRecent] = useState<CompanySuggestion[]>([]);
  const search = useCompanySearch(query);
  const unavailable = search.status === 'unavailable';
  const offline = search.status === 'offline' || unavailable;
  // The official registry failed and the backend answered with its table (the sample companies).
  const registryDown = search.registryDown === true;
  const [manualOpen, setManualOpen] = useState(false);
  const [unnamed, setUnnamed] = useState<CompanySuggestion | null>(null);

  // The recent companies are shown only when the search cannot reach the registry: read them then
  // (the local store, Dexie and the app's schema, is not loaded on the way to the first screen).
  useEffect(() => {
    if (!offline) return;
    let alive = true;
    void readRecentCompanies().then((list) => {
      if (alive) setRecent(list);
    });
    return () => {
      alive = false;
    };
  }, [offline]);

  const goToDetails = (company: CompanySuggestion) =>
    navigate('/informations-entreprise', {
      state: {
        company,
        addingNewCompany: true,
        from: nav.from ?? DEFAULT_FROM,
        ...(referralId ? { ref: referralId } : {}),
      },
    });

  const select = (company: CompanySuggestion) => {
    if (company.companyName === '') {
      // Non-diffusible: the registry gives no name; the user types it first.
      setUnnamed(company);
      setQuery('');
      return;
    }
    setUnnamed(null);
    if (!onboardingStorage.write('selectedCompany', company)) {
      // sonner is not among the first screen's modules (it injects its styles when loaded).
      void import('sonner').then(({ toast }) => toast.error(t.selectError));
      return;
    }
    void rememberCompany(company);
    setSelected(company);
    setQuery('');
    goToDetails(company);
  };

  const signedIn = auth.status === 'signed-in';
  const headerAction = signedIn ? (
    <Link className="btn btn-secondary btn-md" to="/dashboard/companies">
      {fr.onboarding.backToCompanies}
    </Link>
  ) : (
    <Link
      className="btn btn-secondary btn-md"
      to="/login"
      state={referralId ? { ref: referralId } : undefined}
    >
      {fr.onboarding.login}
    </Link>
  );
  const recentMatches = offline ? filterRecentCompanies(recent, query) : [];
  const selectedWithoutNaf = selected !== null && selected.codeNaf.trim() === '';

  return (
    <OnboardingShell step={0} title={t.title} subtitle={t.subtitle} headerAction={headerAction}>
      <CompanyCombobox
        query={query}
        onQueryChange={setQuery}
        results={search.results}
        status={search.status}
        onSelect={select}
        footer={sourceLine(search)}
        footerOnlyWithList={registryDown}
        registryDown={registryDown}
      />
      {search.status === 'done' && search.results.length === 0 && !registryDown ? (
        <p className="muted" aria-hidden="true">
          {t.noResults}
        </p>
      ) : null}
      {offline || registryDown ? (
        <div className="notice notice-warning" role="alert">
          <p>
            {registryDown
              ? search.results.length > 0
                ? t.registryDown
                : t.registryDownEmpty
              : unavailable
                ? t.unavailable
                : t.offline}
          </p>
          {(unavailable || registryDown) && !manualOpen ? (
            <Button variant="secondary" onClick={() => setManualOpen(true)}>
              {t.manual.open}
            </Button>
          ) : null}
        </div>
      ) : null}
      {manualOpen ? (
        <Suspense fallback={null}>
          <ManualCompanyForm
            initialSiret={/^[\d\s]+$/.test(query) ? query.trim() : ''}
            onSubmit={select}
          />
        </Suspense>
      ) : null}
      {offline && recent.length > 0 ? (
        <section aria-labelledby="recent-title">
          <h2 id="recent-title" className="company-card-title">
            {t.recentTitle}
          </h2>
          <p className="muted">{t.recentHint}</p>
          <ul className="recent-companies">
            {(recentMatches.length > 0 ? recentMatches : recent).map((company) => (
              <li key={company.siret}>
                <button
                  type="button"
                  className="btn btn-secondary btn-md recent-company"
                  aria-label={t.chooseRecent(company.companyName)}
                  onClick={() => select(company)}
                >
                  <CompanyLines company={company} />
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {unnamed ? (
        <Suspense fallback={null}>
          <CompanyNameForm company={unnamed} onSubmit={select} onCancel={() => setUnnamed(null)} />
        </Suspense>
      ) : null}
      {selected && !unnamed ? (
        <CompanyCard company={selected} title={t.selectedTitle}>
          {selectedWithoutNaf ? (
            <div className="notice notice-warning" role={missingNafRedirect ? 'alert' : undefined}>
              <p>{t.missingNaf}</p>
              <a href={config.contactUrl} target="_blank" rel="noreferrer">
                {fr.common.contactUs}
                <span className="visually-hidden">{` ${fr.common.opensInNewTab}`}</span>
              </a>
            </div>
          ) : (
            <div className="onboarding-actions">
              <Button onClick={() => goToDetails(selected)}>{fr.onboarding.continue}</Button>
            </div>
          )}
        </CompanyCard>
      ) : null}
    </OnboardingShell>
  );
}
