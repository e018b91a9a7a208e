import { memo } from 'react';
import type { FundingFlag, RequestEstimate } from '@/domain/plan-funding';
import { estimateWhy, spanText } from '@/i18n/fr/plan-funding';
import { fr } from '@/i18n/fr';

// Styles: src/components/funding.css, imported by the pages that show these lines (the plan, the
// new request, the recommendations), so that this module also loads where no CSS can (bench:csv's
// jsdom render).

type Props = {
  topic: string;
  /** undefined while the criteria load */
  estimate: RequestEstimate | undefined;
  /** back to the OPCO's estimate (a request with the user's own rate) */
  onUseEstimate?: () => void;
  /** the share's label when not the card's (« … pour Atelier Martin ») */
  label?: string;
  /** the share and reste à charge only (a recommendation: the limit is in the share's line) */
  compact?: boolean;
};

const t = fr.planFunding;

/** What the lines show (data-state: tests and bench:browser wait for an estimate). */
const stateOf = (e: RequestEstimate | undefined) =>
  !e || (e.kind === 'not_estimable' && e.reason === 'loading') ? 'loading' : e.kind;

function Line({ label, value, why }: { label: string; value: string; why?: string | null }) {
  return (
    <p className="plan-funding-line">
      <span className="plan-funding-label">{label}</span>
      {' : '}
      <strong className="plan-funding-value">{value}</strong>
      {why ? <span className="plan-funding-why">{` (${why})`}</span> : null}
    </p>
  );
}

/** A rule the request breaks, with its source (and the criteria page when there is one). */
export function FundingFlagItem({ flag }: { flag: FundingFlag }) {
  const source = flag.source;
  return (
    <li className="plan-funding-flag">
      <strong>{t.flag(flag)}</strong>
      <span className="plan-funding-source">
        {` — ${t.card.sourceLabel} : ${t.source(source)}`}
        {source.kind === 'criteria' && source.url ? (
          <>
            {' · '}
            <a
              href={source.url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t.card.sourceLinkLabel(source.opco)}
            >
              {t.card.sourceLink}
            </a>
          </>
        ) : null}
      </span>
    </li>
  );
}

export function FundingFlags({ flags }: { flags: readonly FundingFlag[] }) {
  if (flags.length === 0) return null;
  return (
    <div className="plan-funding-flags" data-testid="plan-funding-flags">
      <p className="plan-funding-flags-title">{t.card.flagsHeading}</p>
      <ul>
        {flags.map((f, i) => (
          <FundingFlagItem key={`${f.code}-${i}`} flag={f} />
        ))}
      </ul>
    </div>
  );
}

/**
 * A request's funding (issue 30), on its plan card and before it is added (the new request, a
 * recommendation): the OPCO's estimated share and why (« 1 050 € (30 €
 * HT/h × 35 h) »), the reste à charge, the rules it breaks with their source; or the user's own
 * rate, marked as such; or « non estimable » with the reason. Never a figure without a basis.
 */
export const PlanFundingLine = memo(function PlanFundingLine({
  topic,
  estimate,
  onUseEstimate,
  label,
  compact = false,
}: Props) {
  const card = t.card;
  const estimated = label ?? card.estimated;
  let body;
  if (!estimate || (estimate.kind === 'not_estimable' && estimate.reason === 'loading')) {
    body = <Line label={estimated} value={card.loading} />;
  } else if (estimate.kind === 'not_counted') {
    body = <p className="plan-funding-line muted">{card.notCounted}</p>;
  } else if (estimate.kind === 'not_estimable') {
    body = (
      <>
        <Line label={estimated} value={card.notEstimable} why={t.reasons[estimate.reason]} />
        <Line label={card.rest} value={card.notEstimable} />
      </>
    );
  } else if (estimate.kind === 'override') {
    body = (
      <>
        <Line label={card.override} value={card.overrideValue(estimate.rate, estimate.share)} />
        <Line label={card.overrideRest} value={spanText(estimate.rest)} />
        {compact ? null : <FundingFlags flags={estimate.flags} />}
        {onUseEstimate ? (
          <button
            type="button"
            className="btn btn-ghost btn-sm plan-funding-reset"
            aria-label={card.useEstimateLabel(topic)}
            onClick={onUseEstimate}
          >
            {card.useEstimate}
          </button>
        ) : null}
      </>
    );
  } else {
    body = (
      <>
        <Line label={estimated} value={spanText(estimate.share)} why={estimateWhy(estimate)} />
        <Line label={card.rest} value={spanText(estimate.rest)} />
        {compact ? null : <FundingFlags flags={estimate.flags} />}
      </>
    );
  }
  const flagged = !compact && estimate && 'flags' in estimate && estimate.flags.length > 0;
  return (
    <div
      className={`plan-funding${flagged ? ' plan-funding-flagged' : ''}`}
      data-testid="plan-funding"
      data-state={stateOf(estimate)}
    >
      {body}
    </div>
  );
});
