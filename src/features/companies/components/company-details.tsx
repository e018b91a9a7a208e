import type { ReactNode } from 'react';
import { headcountLabel } from '@/domain/headcount';
import { normalizeOpcoName } from '@/domain/opco';
import { OpcoMark } from '@/components/opco-mark';
import type { Company } from '@/db';
import { fr } from '@/i18n/fr';
import { Button } from '@/components/ui/button';
import { AgreementWarning } from '@/components/agreement-warning';
import { SubViewHeading } from './sub-view-heading';

type Props = {
  company: Company;
  onBack: () => void;
  onViewBudget: () => void;
  onEdit: () => void;
  onDelete: () => void;
};

/** Details sub-view: the company's identity from its latest simulation (02 §2.3 wording). */
export function CompanyDetails({ company, onBack, onViewBudget, onEdit, onDelete }: Props) {
  const s = company.simulation;
  const unknown = fr.companies.details.unknown;
  const rows: Array<[string, ReactNode]> = [
    [fr.companies.details.name, company.name],
    [fr.companies.address, company.address || unknown],
    [fr.companies.siret, company.siret],
    [
      fr.companies.details.headcount,
      headcountLabel(s.employee_range_min, s.employee_range_max) || unknown,
    ],
    [fr.companies.details.idcc, s.idcc || unknown],
    [
      fr.companies.details.opco,
      s.opco_name ? (
        <span className="company-details-opco">
          <OpcoMark name={s.opco_name} size="sm" />
          {normalizeOpcoName(s.opco_name) ?? s.opco_name}
        </span>
      ) : (
        unknown
      ),
    ],
  ];
  return (
    <section className="companies-subview" aria-labelledby="company-details-title">
      <SubViewHeading id="company-details-title">{fr.companies.detailsTitle}</SubViewHeading>
      <div className="card">
        <dl className="company-details">
          {rows.map(([label, value]) => (
            <div key={label} className="company-details-row">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <AgreementWarning
          idcc={s.idcc}
          range={{ min: s.employee_range_min, max: s.employee_range_max }}
        />
      </div>
      <div className="row companies-subview-actions">
        <Button variant="secondary" onClick={onBack}>
          {fr.companies.backToList}
        </Button>
        <Button
          variant="secondary"
          onClick={onEdit}
          aria-label={fr.companies.edit.openFor(company.name)}
        >
          {fr.companies.edit.open}
        </Button>
        <Button onClick={onViewBudget}>{fr.companies.details.viewBudget}</Button>
        <Button variant="danger" onClick={onDelete}>
          {fr.companies.delete}
        </Button>
      </div>
    </section>
  );
}
