// Where the budget figure comes from (issue 15), under the figure and in the details panel: the
// OPCO's published criteria with their date, reliability and a link to the source, the conflict
// the budget API settled, and that the figure is indicative, to be confirmed with the OPCO; or the
// "information unavailable" answer with the OPCO's criteria page; or the sample-data label. Offline
// the cached answer carries the same provenance (and the figure its "Montant au …" date).
import type { BudgetProvenance } from '@/domain/budget-contract';
import { formatMoney } from '@/domain/budget-display';
import { fr } from '@/i18n/fr';
import { ExternalLink } from './external-link';
import './budget-source.css';

const t = fr.dashboard.source;
const numericDate = new Intl.DateTimeFormat('fr-FR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'UTC',
});
/** 2026-01-08 → 08/01/2026 (a year alone stays a year). */
function day(iso: string | null | undefined): string | null {
  if (!iso) return null;
  if (/^\d{4}$/.test(iso)) return iso;
  const d = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? null : numericDate.format(d);
}
const safeUrl = (url: string | null | undefined): string | null =>
  url && /^https?:\/\//i.test(url) ? url : null;

type Props = { provenance: BudgetProvenance | null; compact?: boolean };

export function BudgetSource({ provenance, compact = false }: Props) {
  if (!provenance) return null;
  if (provenance.kind === 'sample')
    return (
      <p className="budget-source budget-source-sample" data-testid="budget-source">
        {t.sample}
      </p>
    );
  if (provenance.kind === 'unavailable') {
    const url = safeUrl(provenance.criteriaUrl);
    return (
      <div className="budget-source" data-testid="budget-source">
        {compact ? null : <p>{t.unavailable}</p>}
        {url ? (
          <p>
            <ExternalLink href={url} action="budget_criteria">
              {t.criteriaLink(provenance.opco ?? null)}
            </ExternalLink>
          </p>
        ) : null}
      </div>
    );
  }
  const url = safeUrl(provenance.url);
  const published = day(provenance.publishedOn);
  const retrieved = day(provenance.retrievedOn);
  const when = published ? t.published(published) : retrieved ? t.retrieved(retrieved) : null;
  const branch = provenance.level === 'opco_default' ? t.opcoDefault : (provenance.branch ?? null);
  const line = [
    t.sourced(provenance.opco ?? '', provenance.year ?? null, branch),
    t.reliability[provenance.reliability],
    when,
  ]
    .filter(Boolean)
    .join(', ');
  const others = (provenance.conflict?.alternatives ?? []).map((a) =>
    t.conflictOther(
      a.yearlyCapEur != null ? formatMoney(a.yearlyCapEur, '€ HT') : null,
      day(a.date),
    ),
  );
  return (
    <div className="budget-source" data-testid="budget-source">
      <p>
        {line}
        {url ? (
          <>
            {' · '}
            <ExternalLink href={url} action="budget_source">
              {t.link}
            </ExternalLink>
          </>
        ) : null}
      </p>
      {others.length > 0 && !compact ? <p>{t.conflict(others.join(' ; '))}</p> : null}
      <p className="budget-source-indicative">{t.indicative}</p>
    </div>
  );
}
