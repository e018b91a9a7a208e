import type { Company } from '@/db';
import { fr } from '@/i18n/fr';
import { headcountLabel } from '@/domain/headcount';

/** Company identity card (02 §2.3): name, address, SIRET, Effectif salarié, Convention collective. */
export function CompanyCard({ company }: { company: Company }) {
  const t = fr.dashboard.company;
  const sim = company.simulation;
  const rows: Array<[string, string]> = [
    [t.name, company.name],
    [t.address, company.address],
    [t.siret, company.siret],
    [t.headcount, headcountLabel(sim.employee_range_min, sim.employee_range_max)],
    [t.agreement, sim.idcc ?? ''],
  ];
  return (
    <section className="card info-card" aria-labelledby="company-card-title">
      <h2 id="company-card-title" className="card-title">
        {t.title}
      </h2>
      <dl className="info-list">
        {rows.map(([label, value]) => (
          <div key={label} className="info-row">
            <dt>{label}</dt>
            <dd>{value.trim() === '' ? t.notProvided : value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
