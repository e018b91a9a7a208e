// Where the budget figure comes from (issues 15, 27), under the figure and in the details panel.
// With the answer's figure: every source behind it (both sides of a dispute, the legal plan and
// the branch's fund), its reliability, its date, what it states, a link to it, and that the figure
// is indicative, to be confirmed with the OPCO; what the source says in its own words (details
// panel, and under the rule when no amount answers); the OPCO's criteria page. Without a figure
// (an answer cached before it existed): the provenance line of issue 15; the sample-data label.
import type { BudgetProvenance } from '@/domain/budget-contract';
import type { BudgetFigure, FigureSource } from '@/domain/budget-figure';
import { formatMoney } from '@/domain/budget-display';
import { fr } from '@/i18n/fr';
import { ExternalLink } from './external-link';
import { unitText } from './figure-text';
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

type Props = {
  provenance: BudgetProvenance | null;
  /** the answer's figure (issue 27): its sources are listed when present */
  figure?: BudgetFigure | null;
  compact?: boolean;
};

export function BudgetSource({ provenance, figure = null, compact = false }: Props) {
  if (figure) return <FigureSources figure={figure} compact={compact} />;
  if (!provenance) return null;
  if (provenance.kind === 'sample')
    return (
      <p className="budget-source budget-source-sample" data-testid="budget-source">
        {t.sample}
      </p>
    );
  if (provenance.kind === 'unavailable')
    return (
      <CriteriaPage
        opco={provenance.opco ?? null}
        url={provenance.criteriaUrl ?? null}
        unavailable={!compact}
      />
    );
  return <ProvenanceLine provenance={provenance} compact={compact} />;
}

function CriteriaPage({
  opco,
  url,
  unavailable,
  notes = [],
}: {
  opco: string | null;
  url: string | null;
  unavailable: boolean;
  notes?: FigureSource[];
}) {
  const link = safeUrl(url);
  return (
    <div className="budget-source" data-testid="budget-source">
      {unavailable ? <p>{t.unavailable}</p> : null}
      {notes.map((n) =>
        n.evidence ? (
          <p key={n.line} className="budget-source-quote">
            {t.quote(n.evidence)}
          </p>
        ) : null,
      )}
      {link ? (
        <p>
          <ExternalLink href={link} action="budget_criteria">
            {t.criteriaLink(opco)}
          </ExternalLink>
        </p>
      ) : null}
    </div>
  );
}

function reachText(s: FigureSource, legal: boolean): string {
  if (s.reach === 'idcc') return t.branchRule;
  return legal ? t.legalPlan : t.opcoDefault;
}

function reliabilityText(s: FigureSource): string {
  return s.reliability === 'compilation'
    ? t.compilationLabel(s.label)
    : t.reliability[s.reliability];
}

function statesText(s: FigureSource): string {
  const yearly = s.figures.yearlyCapEur;
  return yearly === null
    ? t.statesNoAmount
    : t.statesAmount(formatMoney(yearly, unitText(s.basis ?? 'unknown')));
}

/** Every source of the figure's parts; the notes' words and the criteria page when no amount. */
function FigureSources({ figure, compact }: { figure: BudgetFigure; compact: boolean }) {
  if (figure.parts.length === 0)
    return (
      <CriteriaPage
        opco={figure.opco}
        url={figure.criteriaUrl}
        unavailable={!compact && figure.kind === 'unavailable'}
        notes={figure.notes}
      />
    );
  const disputed = figure.parts.some((p) => p.status === 'disputed');
  const sources = figure.parts.flatMap((p) =>
    (p.status === 'disputed' ? p.sources : p.sources.slice(0, 1)).map((s) => ({
      s,
      legal: p.fund === 'legal',
    })),
  );
  return (
    <div className="budget-source" data-testid="budget-source">
      {sources.map(({ s, legal }, i) => {
        const url = safeUrl(s.url);
        const when = s.publishedOn
          ? t.published(day(s.publishedOn)!)
          : s.retrievedOn
            ? t.retrieved(day(s.retrievedOn)!)
            : null;
        const line = [
          `${t.sourceLine(i + 1, sources.length)} ${t.criteriaOf(s.opco, s.year, reachText(s, legal))}`,
          reliabilityText(s),
          when,
          s.status === 'outdated' ? t.outdatedSource : null,
          disputed ? statesText(s) : null,
        ]
          .filter(Boolean)
          .join(', ');
        return (
          <div key={s.line} className="budget-source-item" data-source-line={s.line}>
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
            {compact && s.evidence ? (
              <p className="budget-source-quote">{t.quote(s.evidence)}</p>
            ) : null}
          </div>
        );
      })}
      {compact
        ? figure.notes.map((n) =>
            n.evidence ? (
              <p key={n.line} className="budget-source-quote">
                {t.quote(n.evidence)}
              </p>
            ) : null,
          )
        : null}
      <p className="budget-source-indicative">{disputed ? t.disputedIndicative : t.indicative}</p>
    </div>
  );
}

/** The provenance line of an answer without a figure (issue 15's shape). */
function ProvenanceLine({
  provenance,
  compact,
}: {
  provenance: Extract<BudgetProvenance, { kind: 'sourced' }>;
  compact: boolean;
}) {
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
      // an answer without a figure does not say the basis: never claimed HT
      a.yearlyCapEur != null ? formatMoney(a.yearlyCapEur, '€') : null,
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
