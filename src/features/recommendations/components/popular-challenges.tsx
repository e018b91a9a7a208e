import { fr } from '@/i18n/fr';

/** The 6 popular-challenge chips (02 §2.14): a click fills the text and launches the search. */
export function PopularChallenges({
  onPick,
  disabled,
}: {
  onPick: (challenge: string) => void;
  disabled: boolean;
}) {
  const t = fr.recommendations;
  return (
    <section className="reco-popular" aria-labelledby="reco-popular-title">
      <h2 id="reco-popular-title" className="reco-small-title">
        {t.popularTitle}
      </h2>
      <ul className="reco-chips">
        {t.popularChallenges.map((challenge) => (
          <li key={challenge}>
            <button
              type="button"
              className="reco-chip"
              disabled={disabled}
              onClick={() => onPick(challenge)}
            >
              {challenge}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The row of metric highlights (02 §2.14, §1 marketing claims). */
export function MetricHighlights() {
  const t = fr.recommendations;
  return (
    <section className="reco-metrics" aria-label={t.metricsLabel}>
      <ul>
        {t.metrics.map((m) => (
          <li key={m.label}>
            <span className="reco-metric-value">{m.value}</span>{' '}
            <span className="reco-metric-label">{m.label}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
