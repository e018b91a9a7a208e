// Step 2, /informations-entreprise (01 §2): entry rules, agreement and headcount, help popup,
// Retour, Continuer. Signed in (inside the app shell): the simulation is saved in the local store
// and the dashboard opens with a refresh flag. Anonymous: the choice and the first simulation
// (with its budget) are kept locally and the account step opens.
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { PageSpinner } from '@/components/ui/spinner';
import { Button } from '@/components/ui/button';
import { formatLongDate } from '@/domain/dates';
import { UPDATE_LIMIT_TOAST_MS } from '@/domain/limits';
import {
  buildSimulationFields,
  decideDetailsEntry,
  DEFAULT_FROM,
  type OnboardingNavState,
} from '@/domain/onboarding-rules';
import type { CompanySuggestion } from '@/domain/registry';
import { fr } from '@/i18n/fr-onboarding';
import { useAuth } from '@/lib/auth';
import { config } from '@/lib/config';
import { useCurrentCompanyStore } from '@/lib/current-company';
import { AgreementFields } from '../components/agreement-fields';
import { CompanyCard } from '../components/company-summary';
import { companySourceNote } from '../lib/company-labels';
import { OnboardingShell } from '../components/onboarding-shell';
import { useAgreementForm, type AgreementChoice } from '../hooks/use-agreement-form';
import { budgetForChoice, type ChoiceBudget } from '../lib/budget-for-choice';
import { saveCompanyChoice } from '../lib/save-company';
import { onboardingStorage } from '../lib/storage';

const t = fr.onboarding;

export function CompanyDetailsPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const entry = useMemo(
    () =>
      decideDetailsEntry({
        companyParam: params.get('company'),
        state: location.state,
        stored: onboardingStorage.read('selectedCompany'),
      }),
    [params, location.state],
  );
  if (entry.kind === 'store-and-reenter')
    return <Reenter company={entry.company} state={entry.state} />;
  if (entry.kind === 'redirect')
    return <Navigate to={entry.to} replace state={{ reason: entry.reason }} />;
  return <DetailsForm key={entry.company.siret} company={entry.company} nav={entry.nav} />;
}

/** 01 §2: the company parameter is stored as the selected company, then the screen re-enters with state. */
function Reenter({ company, state }: { company: CompanySuggestion; state: OnboardingNavState }) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!onboardingStorage.write('selectedCompany', company)) {
      toast.error(t.search.selectError);
      navigate('/rechercher-entreprise', { replace: true });
      return;
    }
    navigate('/informations-entreprise', { replace: true, state });
  }, [company, state, navigate]);
  return <PageSpinner />;
}

function budgetNotice(budget: ChoiceBudget): void {
  if (budget.source === 'cache' && budget.fetchedAt) {
    toast.info(t.details.budgetFromCache(formatLongDate(budget.fetchedAt)));
  } else if (budget.source === 'none' && typeof navigator !== 'undefined' && !navigator.onLine) {
    toast.info(t.details.budgetUnavailable);
  }
}

function DetailsForm({ company, nav }: { company: CompanySuggestion; nav: OnboardingNavState }) {
  const navigate = useNavigate();
  const auth = useAuth();
  const signedIn = auth.status === 'signed-in';
  const [details] = useState(() => {
    const stored = onboardingStorage.read('companyDetails');
    return stored?.siret === company.siret ? stored : null;
  });
  const form = useAgreementForm(company, details);
  const [busy, setBusy] = useState(false);

  const saveSignedIn = async (userId: string, choice: AgreementChoice) => {
    const result = await saveCompanyChoice(userId, company, choice);
    if (!result.ok) {
      if (result.code === 'update_limit') {
        toast.error(t.toasts.updateLimit, {
          duration: UPDATE_LIMIT_TOAST_MS,
          description: (
            <a href={config.contactUrl} target="_blank" rel="noreferrer">
              {t.toasts.updateLimitContact}
              <span className="visually-hidden">{` ${fr.common.opensInNewTab}`}</span>
            </a>
          ),
        });
      } else if (result.code === 'company_limit') {
        toast.error(t.toasts.companyLimit);
      } else if (result.code === 'quota') {
        toast.error(t.toasts.storageFull);
      } else {
        toast.error(t.toasts.saveError);
      }
      return;
    }
    toast.success(result.created ? t.toasts.companyAdded : t.toasts.companyUpdated);
    budgetNotice(result.budget);
    useCurrentCompanyStore.getState().select(result.siret);
    navigate('/dashboard', { state: { siret: result.siret, refresh: true } });
  };

  const saveAnonymous = async (choice: AgreementChoice) => {
    const budget = await budgetForChoice(choice.idcc, choice.range, { signedIn: false });
    const stored =
      onboardingStorage.write('companyDetails', {
        siret: company.siret,
        agreementMode: choice.agreementMode,
        idcc: choice.idcc,
        idccLabel: choice.idccLabel,
        range: choice.range,
        employeeCount: choice.employeeCount,
        budgetSource: budget.source,
      }) &&
      onboardingStorage.write(
        'pendingSimulation',
        buildSimulationFields(company, choice, budget.fields),
      );
    if (!stored) {
      toast.error(t.toasts.storageFull);
      return;
    }
    budgetNotice(budget);
    navigate('/creer-compte', {
      state: {
        company,
        addingNewCompany: true,
        from: nav.from ?? DEFAULT_FROM,
        ...(nav.ref ? { ref: nav.ref } : {}),
      },
    });
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const choice = form.validate();
    if (!choice) return;
    setBusy(true);
    try {
      if (auth.status === 'signed-in') await saveSignedIn(auth.user.id, choice);
      else await saveAnonymous(choice);
    } finally {
      setBusy(false);
    }
  };

  const back = () => navigate(signedIn ? '/dashboard/companies' : '/rechercher-entreprise');
  const headerAction = signedIn ? null : (
    <Link
      className="btn btn-secondary btn-md"
      to="/login"
      state={nav.ref ? { ref: nav.ref } : undefined}
    >
      {t.login}
    </Link>
  );

  return (
    <OnboardingShell
      step={1}
      title={t.details.title}
      subtitle={t.details.subtitle}
      headerAction={headerAction}
      bare={signedIn}
    >
      <CompanyCard
        company={company}
        title={t.details.companyLabel}
        note={companySourceNote(company)}
      />
      <form className="details-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <div className="stack-top">
          <AgreementFields form={form} />
        </div>
        <div className="onboarding-actions">
          <Button variant="secondary" onClick={back}>
            {t.back}
          </Button>
          <Button type="submit" loading={busy || form.loading}>
            {busy ? t.details.computing : t.continue}
          </Button>
        </div>
      </form>
    </OnboardingShell>
  );
}
