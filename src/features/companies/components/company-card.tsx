import type { Company } from '@/db';
import { fr } from '@/i18n/fr';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';

type Props = {
  company: Company;
  current: boolean;
  onDetails: () => void;
  onDelete: () => void;
};

/** A company in the list (02 §2.5): name, address, SIRET, details and delete. */
export function CompanyCard({ company, current, onDetails, onDelete }: Props) {
  return (
    <li className="card company-card" data-testid="company-card">
      <div className="company-card-main">
        <h3 className="company-card-name">{company.name}</h3>
        {/* a space: the name and the badge sit on one line and must not read as one word */}
        {current ? (
          <>
            {' '}
            <Badge tone="info">{fr.companies.details.current}</Badge>
          </>
        ) : null}
        <dl className="company-card-facts">
          <div>
            <dt>{fr.companies.address}</dt>
            <dd>{company.address || fr.companies.details.unknown}</dd>
          </div>
          <div>
            <dt>{fr.companies.siret}</dt>
            <dd>{company.siret}</dd>
          </div>
        </dl>
      </div>
      <div className="company-card-actions">
        <Button
          variant="secondary"
          size="sm"
          onClick={onDetails}
          aria-label={fr.companies.details.openFor(company.name)}
        >
          {fr.companies.details.open}
        </Button>
        <Button
          variant="danger"
          size="sm"
          onClick={onDelete}
          aria-label={fr.companies.details.deleteFor(company.name)}
        >
          {fr.companies.delete}
        </Button>
      </div>
    </li>
  );
}
