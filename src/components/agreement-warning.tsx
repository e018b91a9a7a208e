import { agreementHeadcountWarning } from '@/domain/agreement-headcount';
import { headcountLabel } from '@/domain/headcount';
// its area's strings alone: step 2 is a visitor's first screens (src/i18n/fr-onboarding.ts)
import { companies } from '@/i18n/fr/companies';
import './agreement-warning.css';

type Props = {
  idcc: unknown;
  range: { min: number; max: number } | null;
  /** In a form: says the choice can be saved anyway. */
  editing?: boolean;
};

/**
 * The warning of an agreement limited to a headcount that the band does not fit (1596 with 11 to
 * 49 employees...): said, never blocking (src/domain/agreement-headcount.ts). Shared by step 2 of
 * the onboarding and the company edit (issue 29 item 3).
 */
export function AgreementWarning({ idcc, range, editing = false }: Props) {
  const warning = agreementHeadcountWarning(idcc, range);
  if (!warning || !range) return null;
  const t = companies.agreementWarning;
  return (
    <div className="agreement-warning">
      <p>
        {t.text(
          warning.agreement.idcc,
          t.scope(warning.agreement.scope),
          headcountLabel(range.min, range.max),
        )}
      </p>
      {warning.suggested ? (
        <p>{t.suggestion(warning.suggested.idcc, t.scope(warning.suggested.scope))}</p>
      ) : null}
      {editing ? <p>{t.mayContinue}</p> : null}
    </div>
  );
}
