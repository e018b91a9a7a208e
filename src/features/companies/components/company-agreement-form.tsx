import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { Company } from '@/db';
import { UPDATE_LIMIT_TOAST_MS } from '@/domain/limits';
import {
  bandLabel,
  customCountRange,
  DEFAULT_BANDS,
  isOtherRange,
  matchBand,
  NOT_FOUND_BAND,
  type EmployeeRange,
} from '@/domain/headcount';
import { sanitizeIdccInput } from '@/domain/idcc';
import { fieldErrors } from '@/domain/schemas/common';
import { agreementStepSchema } from '@/domain/schemas/onboarding';
import { fr } from '@/i18n/fr';
import { config } from '@/lib/config';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { useSaveAgreement, useWarmBudget, type AgreementChoice } from '../hooks/use-save-agreement';
import { AgreementWarning } from '@/components/agreement-warning';
import { SubViewHeading } from './sub-view-heading';

const key = (b: { min: number; max: number }) => `${b.min}:${b.max}`;

/** The default bands (01 §4), with the company's own band when it is another one. */
function bandsFor(current: { min: number; max: number }): EmployeeRange[] {
  const bands = DEFAULT_BANDS.filter((b) => !isOtherRange(b));
  if (current.min >= 0 && !bands.some((b) => key(b) === key(current))) {
    bands.push({ ...current, label: bandLabel(current.min, current.max) });
    bands.sort((a, b) => a.min - b.min || a.max - b.max);
  }
  return [...bands, NOT_FOUND_BAND];
}

/** The band a form state stands for: the chosen one, or the typed count (auto-matched, 01 §4). */
function effectiveRange(bands: EmployeeRange[], bandKey: string, count: string) {
  const band = bands.find((b) => key(b) === bandKey) ?? null;
  if (!band || !isOtherRange(band)) return band;
  const n = Number(count.replace(/\s+/g, ''));
  if (count.trim() === '' || !Number.isSafeInteger(n) || n < 0) return null;
  return matchBand(bands, n) ?? customCountRange(n);
}

type Props = {
  userId: string;
  company: Company;
  onDone: () => void;
};

/**
 * Edit sub-view (issue 29 item 3): the company's IDCC and headcount band, validated with the
 * agreement step's rules (01 §5), saved in the local store (offline too), with the warning of an
 * agreement limited to a headcount the band does not fit.
 */
export function CompanyAgreementForm({ userId, company, onDone }: Props) {
  const t = fr.companies.edit;
  const s = company.simulation;
  const bands = bandsFor({ min: s.employee_range_min, max: s.employee_range_max });
  const [idcc, setIdcc] = useState(s.idcc ?? '');
  const [bandKey, setBandKey] = useState(
    s.employee_range_min >= 0 ? key({ min: s.employee_range_min, max: s.employee_range_max }) : '',
  );
  const [count, setCount] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const save = useSaveAgreement(userId);
  const other = bandKey === key(NOT_FOUND_BAND);
  const range = effectiveRange(bands, bandKey, count);
  const choice: AgreementChoice | null =
    /^\d{1,4}$/.test(idcc) && range ? { idcc: idcc.padStart(4, '0'), range } : null;
  useWarmBudget(choice);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const parsed = agreementStepSchema.safeParse({
      idcc,
      range: bands.find((b) => key(b) === bandKey) ?? null,
      employeeCount: count,
    });
    if (!parsed.success || !parsed.data.range || !range) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setBusy(true);
    const result = await save(company, { idcc: parsed.data.idcc, range });
    setBusy(false);
    if (result.ok) {
      toast.success(
        fr.onboarding.toasts.companyUpdated,
        navigator.onLine ? undefined : { description: t.savedOffline },
      );
      onDone();
    } else if (result.code === 'update_limit') {
      toast.error(fr.onboarding.toasts.updateLimit, {
        duration: UPDATE_LIMIT_TOAST_MS,
        description: (
          <a href={config.contactUrl} target="_blank" rel="noreferrer">
            {fr.onboarding.toasts.updateLimitContact}
            <span className="visually-hidden">{` ${fr.common.opensInNewTab}`}</span>
          </a>
        ),
      });
    } else {
      toast.error(
        result.code === 'quota' ? fr.sync.localErrors.quota : fr.onboarding.toasts.saveError,
      );
    }
  };

  return (
    <section className="companies-subview" aria-labelledby="company-edit-title">
      <SubViewHeading id="company-edit-title">{t.title}</SubViewHeading>
      <p className="muted">
        {company.name} · {fr.companies.siret} {company.siret}
      </p>
      <p>{t.intro}</p>
      <form className="companies-edit-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <Field label={t.idccLabel} hint={t.idccHint} error={errors.idcc} required>
          {(props) => (
            <input
              {...props}
              className="input"
              inputMode="numeric"
              autoComplete="off"
              maxLength={4}
              value={idcc}
              onChange={(e) => setIdcc(sanitizeIdccInput(e.target.value))}
            />
          )}
        </Field>
        <Field label={t.headcountLabel} error={errors.range} required>
          {(props) => (
            <select
              {...props}
              className="select"
              value={bandKey}
              onChange={(e) => setBandKey(e.target.value)}
            >
              {bandKey === '' ? <option value="" /> : null}
              {bands.map((b) => (
                <option key={key(b)} value={key(b)}>
                  {b.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        {other ? (
          <Field label={t.employeeCountLabel} error={errors.employeeCount} required>
            {(props) => (
              <input
                {...props}
                className="input"
                inputMode="numeric"
                autoComplete="off"
                value={count}
                onChange={(e) => setCount(e.target.value)}
              />
            )}
          </Field>
        ) : null}
        <div aria-live="polite">
          <AgreementWarning idcc={idcc} range={range} editing />
        </div>
        <div className="row companies-subview-actions">
          <Button variant="secondary" onClick={onDone}>
            {t.cancel}
          </Button>
          <Button type="submit" loading={busy}>
            {t.save}
          </Button>
        </div>
      </form>
    </section>
  );
}
