import type { AmountBasis } from '@/domain/budget-figure';
import { formatLongDate } from '@/domain/dates';
import type { YearFunding } from '@/domain/plan-funding';
import type { Envelope, RuleSource, Span } from '@/domain/plan-funding-terms';
import { spanText } from '@/i18n/fr/plan-funding';
import { fr } from '@/i18n/fr';

const t = fr.planFunding.recap;

const basisSuffix = (basis: AmountBasis) => (basis === 'HT' || basis === 'TTC' ? ` ${basis}` : '');
const amount = (span: Span | null, basis: AmountBasis, unit = '') =>
  span === null ? t.notStated : `${spanText(span)}${basisSuffix(basis)}${unit}`;
const rate = (span: Span | null) =>
  span === null
    ? t.notStated
    : span.min === span.max
      ? `${span.min} %`
      : `${span.min} % à ${span.max} %`;

/** A source as printed: its words, and its address written out (a sheet of paper has no links). */
export function RecapSource({ source }: { source: RuleSource }) {
  return (
    <p className="recap-source">
      {`${fr.planFunding.card.sourceLabel} : ${fr.planFunding.source(source)}`}
      {source.kind === 'criteria' && source.url ? (
        <>
          {' — '}
          <a href={source.url} target="_blank" rel="noopener noreferrer">
            {source.url}
          </a>
        </>
      ) : null}
    </p>
  );
}

function EnvelopeTable({ envelope, confirmed }: { envelope: Envelope; confirmed: boolean }) {
  const rows: [string, string][] = [
    [
      t.yearlyCap,
      confirmed ? fr.planFunding.tiles.notEstimable : amount(envelope.yearly, envelope.basis),
    ],
    [t.hourlyCap, amount(envelope.hourly, envelope.basis, '/h')],
    [t.perActionCap, amount(envelope.perAction, envelope.basis)],
    [t.perTraineeCap, amount(envelope.perTrainee, envelope.basis)],
    [t.rate, rate(envelope.rate)],
    [t.minHours, envelope.minHours === null ? t.notStated : `${envelope.minHours} h`],
  ];
  // With an amount the OPCO confirmed, the yearly cap is that amount (shown above the funds).
  const shown = confirmed ? rows.slice(1) : rows;
  return (
    <div className="recap-fund">
      <h3 className="recap-fund-title">{t.fund[envelope.fund]}</h3>
      <dl className="recap-terms">
        {shown.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {envelope.basis === 'unknown' ? (
        <p className="recap-note">{fr.planFunding.card.basisUnknown}</p>
      ) : null}
      <RecapSource source={envelope.source} />
    </div>
  );
}

/** The criteria the year's estimate applied, each fund with its caps, basis and source. */
export function RecapCriteria({ year }: { year: YearFunding }) {
  const rules = year.rules;
  return (
    <section className="recap-section" aria-labelledby="recap-criteria">
      <h2 id="recap-criteria" className="recap-heading">
        {t.criteria}
      </h2>
      {!rules.ok ? (
        <p>{t.noCriteria(fr.planFunding.reasons[rules.reason])}</p>
      ) : (
        <>
          {rules.confirmed && rules.confirmed.source.kind === 'confirmed' ? (
            <p className="recap-confirmed">
              {`${fr.planFunding.tiles.confirmed(formatLongDate(rules.confirmed.source.confirmedOn))} : ${spanText({ min: rules.confirmed.cents, max: rules.confirmed.cents })}${basisSuffix(rules.confirmed.basis)}`}
            </p>
          ) : null}
          {rules.envelopes.map((e, i) => (
            <EnvelopeTable
              key={`${e.fund}-${i}`}
              envelope={e}
              confirmed={rules.confirmed !== null}
            />
          ))}
          {rules.figure.criteriaDate ? (
            <p className="recap-note">
              {t.criteriaDate(formatLongDate(rules.figure.criteriaDate))}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
