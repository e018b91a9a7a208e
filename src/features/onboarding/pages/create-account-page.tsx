// Step 3, /creer-compte (01 §2, §4, §8): the account form and the sign-up sequence. Success: toast,
// pendingSimulation cleared, /verify-email replacing the history entry. Existing account: info
// toast and /login with the e-mail and ref.
import { useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import {
  buildSimulationFields,
  DEFAULT_FROM,
  parseOnboardingNavState,
} from '@/domain/onboarding-rules';
import type { ContactFormData, PendingSimulation } from '@/domain/onboarding-storage';
import type { AccountForm as AccountValues } from '@/domain/schemas/auth';
import { fr } from '@/i18n/fr-onboarding';
import { preloadSupabase } from '@/lib/supabase';
import { AccountForm } from '../components/account-form';
import { OnboardingShell } from '../components/onboarding-shell';
import { budgetForChoice } from '../lib/budget-for-choice';
import { runSignUp } from '../lib/sign-up';
import { onboardingStorage } from '../lib/storage';

const t = fr.onboarding;

/** A first simulation whose budget was not obtained from the network is looked up again. */
async function freshPending(pending: PendingSimulation): Promise<PendingSimulation> {
  const details = onboardingStorage.read('companyDetails');
  const company = onboardingStorage.read('selectedCompany');
  if (
    !details ||
    details.siret !== pending.company_siret ||
    (details.budgetSource !== 'none' && details.budgetSource !== 'cache')
  ) {
    return pending;
  }
  const budget = await budgetForChoice(details.idcc, details.range, { signedIn: false });
  if (budget.source !== 'network') return pending;
  const next =
    company && company.siret === pending.company_siret
      ? buildSimulationFields(company, details, budget.fields)
      : { ...pending, ...budget.fields };
  onboardingStorage.write('pendingSimulation', next);
  onboardingStorage.write('companyDetails', { ...details, budgetSource: 'network' });
  return next;
}

export function CreateAccountPage() {
  // supabase-js (sign-in / sign-up) downloads while the visitor fills the form.
  useEffect(preloadSupabase, []);
  const navigate = useNavigate();
  const location = useLocation();
  const nav = parseOnboardingNavState(location.state);
  const [pending] = useState(() => onboardingStorage.read('pendingSimulation'));
  const [initialContact] = useState(() => onboardingStorage.read('contactFormData'));
  const [busy, setBusy] = useState(false);

  // Reached through the wizard: without a company and its choice, start from step 1.
  if (!pending) return <Navigate to="/rechercher-entreprise" replace />;

  const referralId = nav.ref ?? onboardingStorage.read('referralId');

  const back = () => {
    const company = nav.company ?? onboardingStorage.read('selectedCompany');
    if (!company) {
      navigate('/rechercher-entreprise');
      return;
    }
    navigate('/informations-entreprise', {
      state: {
        company,
        addingNewCompany: true,
        from: nav.from ?? DEFAULT_FROM,
        ...(referralId ? { ref: referralId } : {}),
      },
    });
  };

  const onContactChange = (contact: ContactFormData) => {
    onboardingStorage.write('contactFormData', contact);
  };

  const onSubmit = async (values: AccountValues) => {
    setBusy(true);
    try {
      const simulation = await freshPending(pending);
      const stored = onboardingStorage.read('selectedCompany');
      const result = await runSignUp({
        contact: {
          name: values.name,
          lastName: values.lastName ?? '',
          email: values.email,
          phone: values.phone,
          role: values.role,
        },
        password: values.password,
        company: stored && stored.siret === simulation.company_siret ? stored : null,
        pending: simulation,
        referralId,
        origin: window.location.origin,
      });
      if (result.ok) {
        onboardingStorage.remove('pendingSimulation');
        toast.success(fr.auth.signUp.success);
        navigate('/verify-email', {
          replace: true,
          state: { email: result.email, justSent: true },
        });
        return;
      }
      switch (result.failure) {
        case 'already_exists':
          toast.info(fr.auth.signUp.alreadyExists);
          navigate('/login', {
            state: { email: values.email, ...(referralId ? { ref: referralId } : {}) },
          });
          return;
        case 'profile':
          toast.error(fr.auth.signUp.profileError);
          return;
        case 'no_user':
          toast.error(fr.auth.signUp.noUser);
          return;
        case 'network':
          toast.error(t.account.networkError);
          return;
        case 'rate_limited':
          toast.error(t.account.rateLimited);
          return;
        case 'weak_password':
          toast.error(fr.validation.passwordTooCommon);
          return;
        default:
          toast.error(fr.auth.signUp.genericError);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <OnboardingShell
      step={2}
      title={t.account.title}
      subtitle={t.account.companyReminder(pending.company_name)}
      headerAction={
        <Link
          className="btn btn-secondary btn-md"
          to="/login"
          state={referralId ? { ref: referralId } : undefined}
        >
          {t.login}
        </Link>
      }
    >
      <AccountForm
        initial={initialContact}
        busy={busy}
        onContactChange={onContactChange}
        onSubmit={(values) => void onSubmit(values)}
        onBack={back}
      />
    </OnboardingShell>
  );
}
