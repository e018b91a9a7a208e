import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { fr } from '@/i18n/fr';
import { useCurrentUser } from '@/lib/auth';
import { LocalStoreError, useRepositories } from '@/db';
import { Button } from '@/components/ui/button';
import { toParisDateKey } from '@/domain/dates';
import { fieldErrors } from '@/domain/schemas/common';
import {
  unlockBudgetFormSchema,
  unlockObjectiveStepSchema,
  unlockPlanningStepSchema,
  unlockSubmissionError,
  unlockTargetStepSchema,
  unlockTopicsStepSchema,
} from '@/domain/schemas/unlock-budget';
import { useUnlockDraft, type UnlockStep, type UnlockValues } from '../hooks/use-unlock-draft';
import { useRequestCompany } from '../hooks/use-request-company';
import { UnlockStepper } from '../components/unlock-stepper';
import { UnlockStepFields } from '../components/unlock-step-fields';
import '../unlock-budget.css';

/** The step a field belongs to (to go back to the first invalid one). */
const STEP_OF_FIELD: Record<string, UnlockStep> = {
  objective: 1,
  objectiveOther: 1,
  target: 2,
  targetOther: 2,
  topics: 3,
  topicsOther: 3,
  rhythm: 4,
  rhythmOther: 4,
  startDate: 4,
};

function stepErrors(step: UnlockStep, values: UnlockValues, today: string): Record<string, string> {
  const schema =
    step === 1
      ? unlockObjectiveStepSchema
      : step === 2
        ? unlockTargetStepSchema
        : step === 3
          ? unlockTopicsStepSchema
          : unlockPlanningStepSchema(today);
  const result = schema.safeParse(values);
  return result.success ? {} : fieldErrors(result.error);
}

/**
 * /unlock-budget (02 §2.9, §4, §5): four steps, forward only when the current step is valid,
 * 'Envoyer' at step 4. The request is written to the local store (status pending) and replicated
 * by the sync engine, so it works offline; then /requests.
 */
export function UnlockBudgetPage() {
  const t = fr.unlockBudget;
  const user = useCurrentUser();
  const navigate = useNavigate();
  const repos = useRepositories();
  const company = useRequestCompany(user?.id);
  const { step, values, restored, update, setStep, clear } = useUnlockDraft(user?.id ?? null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const stepHeadingRef = useRef<HTMLHeadingElement>(null);
  const addCompanyRef = useRef<HTMLAnchorElement>(null);
  const moved = useRef(false);
  const today = toParisDateKey(new Date());

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    stepHeadingRef.current?.focus();
  }, [step]);

  const focusFirstError = (errs: Record<string, string>) => {
    const first = Object.keys(errs)[0];
    if (!first) return;
    requestAnimationFrame(() => {
      const form = formRef.current;
      const target =
        form?.querySelector<HTMLElement>(`[name="${first}"]`) ??
        form?.querySelector<HTMLElement>(`[data-field="${first}"] input`);
      target?.focus();
    });
  };

  const change = (patch: Partial<UnlockValues>) => {
    update(patch);
    const cleared = Object.keys(patch);
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !cleared.includes(k))));
    setFormError(null);
  };

  const goTo = (next: UnlockStep) => {
    moved.current = true;
    setErrors({});
    setStep(next);
  };

  const next = () => {
    // A request belongs to a company: with none, the four steps would be filled for nothing.
    if (company === null) {
      setFormError(fr.validation.noCompanySelected);
      requestAnimationFrame(() => addCompanyRef.current?.focus());
      return;
    }
    const errs = stepErrors(step, values, today);
    setErrors(errs);
    if (Object.keys(errs).length > 0) {
      focusFirstError(errs);
      return;
    }
    if (step < 4) goTo((step + 1) as UnlockStep);
  };

  const submit = async () => {
    const parsed = unlockBudgetFormSchema(today).safeParse(values);
    if (!parsed.success) {
      const errs = fieldErrors(parsed.error);
      const firstStep = Math.min(
        ...Object.keys(errs).map((k) => STEP_OF_FIELD[k] ?? 4),
      ) as UnlockStep;
      if (firstStep !== step) goTo(firstStep);
      setErrors(errs);
      focusFirstError(errs);
      return;
    }
    const blocker = unlockSubmissionError({ userId: user?.id, companySiret: company?.siret });
    if (blocker || !user || !company) {
      const message = blocker ?? fr.validation.noCompanySelected;
      setFormError(message);
      toast.error(message);
      return;
    }
    setSubmitting(true);
    try {
      await repos.createUnlockRequest(user.id, {
        company_siret: company.siret,
        company_name: company.name,
        objective: parsed.data.objective,
        target: parsed.data.target,
        topics: parsed.data.topics,
        rhythm: parsed.data.rhythm,
        start_date: parsed.data.startDate,
      });
    } catch (error) {
      setSubmitting(false);
      const detail = error instanceof LocalStoreError ? fr.sync.localErrors[error.code] : undefined;
      toast.error(t.toasts.error, detail ? { description: detail } : undefined);
      return;
    }
    clear();
    toast.success(
      t.toasts.success,
      navigator.onLine ? undefined : { description: t.toasts.queuedOffline },
    );
    void navigate('/requests');
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    if (step < 4) next();
    else void submit();
  };

  return (
    <div className="page unlock-page">
      <header className="unlock-header">
        <h1 className="page-title">{t.title}</h1>
        <p className="muted">{t.subtitle}</p>
        {company?.name ? <p className="unlock-company">{t.forCompany(company.name)}</p> : null}
      </header>
      {company === null ? (
        <div className="unlock-no-company" data-testid="unlock-no-company">
          <p>
            <strong>{fr.validation.noCompanySelected}</strong>
          </p>
          <p>{t.noCompany.text}</p>
          <Link
            ref={addCompanyRef}
            className="btn btn-primary btn-md"
            to="/rechercher-entreprise"
            state={{ addingNewCompany: true }}
          >
            {t.noCompany.add}
          </Link>
        </div>
      ) : null}
      {restored ? (
        <p className="unlock-restored" role="status">
          {t.draftRestored}
        </p>
      ) : null}
      <UnlockStepper step={step} />
      <form ref={formRef} className="card unlock-form" noValidate onSubmit={onSubmit}>
        <h2 ref={stepHeadingRef} tabIndex={-1} className="unlock-step-title">
          {t.steps[step - 1]}
        </h2>
        <UnlockStepFields
          step={step}
          values={values}
          errors={errors}
          today={today}
          onChange={change}
        />
        {formError ? (
          <p className="field-error unlock-form-error" role="alert">
            {formError}
          </p>
        ) : null}
        <div className="unlock-actions">
          {step > 1 ? (
            <Button
              variant="secondary"
              onClick={() => goTo((step - 1) as UnlockStep)}
              disabled={submitting}
            >
              {t.back}
            </Button>
          ) : (
            <span />
          )}
          {step < 4 ? (
            <Button type="submit">{t.continue}</Button>
          ) : (
            <Button type="submit" loading={submitting}>
              {submitting ? t.submitting : t.submit}
            </Button>
          )}
        </div>
      </form>
    </div>
  );
}
