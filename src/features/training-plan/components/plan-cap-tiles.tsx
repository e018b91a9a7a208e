import type { YearFunding } from '@/domain/plan-funding';
import type { CompanyFunding } from '@/domain/plan-funding-plan';
import type { RuleSource, Span } from '@/domain/plan-funding-terms';
import { formatLongDate } from '@/domain/dates';
import { spanText } from '@/i18n/fr/plan-funding';
import { fr } from '@/i18n/fr';
import { capBasis } from '../lib/funding-cells';
import './plan-caps.css';

const t = fr.planFunding;

function sourcesOf(year: YearFunding): RuleSource[] {
  if (!year.rules.ok) return [];
  if (year.rules.confirmed) return [year.rules.confirmed.source];
  return year.rules.envelopes.map((e) => e.source);
}

const ratio = (used: Span, cap: Span) => (cap.max > 0 ? Math.min(1, used.max / cap.max) : 1);

function CapSources({ year }: { year: YearFunding }) {
  const sources = sourcesOf(year);
  if (sources.length === 0) return null;
  return (
    <ul className="plan-cap-sources">
      {sources.map((s, i) => (
        <li key={i}>
          {`${t.card.sourceLabel} : ${t.source(s)}`}
          {s.kind === 'criteria' && s.url ? (
            <>
              {' · '}
              <a
                href={s.url}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t.card.sourceLinkLabel(s.opco)}
              >
                {t.card.sourceLink}
              </a>
            </>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function CapTile({ year, label }: { year: YearFunding; label: string }) {
  const basis = capBasis(year);
  const unknownBasis =
    year.rules.ok &&
    !year.rules.confirmed &&
    year.rules.envelopes.some((e) => e.basis === 'unknown');
  return (
    <li className="card plan-tile plan-cap-tile" data-testid="plan-cap-tile">
      <p className="plan-tile-label">{label}</p>
      {!year.rules.ok ? (
        <>
          <p className="plan-tile-value">{t.tiles.notEstimable}</p>
          <p className="plan-tile-extra">{t.reasons[year.rules.reason]}</p>
        </>
      ) : (
        <>
          <p className="plan-tile-value">
            {year.cap ? `${spanText(year.cap)}${basis}` : t.tiles.noCap}
          </p>
          {year.cap && year.used ? (
            <div className="plan-cap-bar" aria-hidden="true">
              <span style={{ width: `${Math.round(ratio(year.used, year.cap) * 100)}%` }} />
            </div>
          ) : null}
          <p className="plan-tile-extra plan-cap-figures">
            {year.used ? `${t.tiles.used} : ${spanText(year.used)}` : null}
            {year.left ? ` · ${t.tiles.left} : ${spanText(year.left)}` : null}
          </p>
          {unknownBasis ? <p className="plan-tile-extra">{t.card.basisUnknown}</p> : null}
          {year.rules.confirmed && year.rules.confirmed.source.kind === 'confirmed' ? (
            <p className="plan-tile-extra">
              {t.tiles.confirmed(formatLongDate(year.rules.confirmed.source.confirmedOn))}
            </p>
          ) : null}
        </>
      )}
      <CapSources year={year} />
    </li>
  );
}

/**
 * The yearly cap of each company of the plan, for each year the plan has requests in (issue 30):
 * the cap, what the plan uses and what is left (a bar), the sources; « non estimable » with the
 * reason where the criteria give no figure.
 */
export function PlanCapTiles({ companies }: { companies: readonly CompanyFunding[] }) {
  const known = companies.filter((c) => c.siret !== null);
  const several = known.length > 1;
  const tiles = known.flatMap((c) =>
    [...c.years]
      .sort((a, b) => b.year - a.year)
      .map((year) => ({
        key: `${c.siret}-${year.year}`,
        year,
        label: several ? t.tiles.capOf(year.year, c.name ?? '') : t.tiles.cap(year.year),
      })),
  );
  if (tiles.length === 0) return null;
  return (
    <section className="plan-caps" aria-labelledby="plan-caps-heading">
      <h2 id="plan-caps-heading" className="plan-section-title">
        {t.tiles.heading}
      </h2>
      <ul className="plan-tiles-list plan-caps-list">
        {tiles.map((tile) => (
          <CapTile key={tile.key} year={tile.year} label={tile.label} />
        ))}
      </ul>
      <p className="muted plan-basis-note">{t.basisNote}</p>
    </section>
  );
}
