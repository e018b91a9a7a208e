import { agreementHeadcountWarning } from '@/domain/agreement-headcount';
import { headcountLabel } from '@/domain/headcount';
import { fr } from '@/i18n/fr';

type Props = {
  idcc: unknown;
  range: { min: number; max: number } | null;
  /** In the form: says the choice can be saved anyway. */
  editing?: boolean;
};

/**
 * The warning of an agreement limited to a headcount that the band does not fit (1596 with 11 to
 * 49 employees...): said, never blocking (src/domain/agreement-headcount.ts).
 */
export function AgreementWarning({ idcc, range, editing = false }: Props) {
  const warning = agreementHeadcountWarning(idcc, range);
  if (!warning || !range) return null;
  const t = fr.companies.agreementWarning;
  return (
    <div className="companies-warning">
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
