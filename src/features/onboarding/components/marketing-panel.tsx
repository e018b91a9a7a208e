// The marketing side panel of the onboarding screens (01 §1).
import { fr } from '@/i18n/fr-onboarding';

export function MarketingPanel() {
  const t = fr.onboarding.marketing;
  return (
    <section className="marketing-panel" aria-labelledby="marketing-title">
      <h2 id="marketing-title" className="marketing-title">
        {t.title}
      </h2>
      <p className="marketing-subtitle">{t.subtitle}</p>
      <ul className="marketing-stats" aria-label={t.statsLabel}>
        {[t.claims.companies, t.claims.unlocked, t.claims.satisfaction, t.claims.rating].map(
          (claim) => (
            <li key={claim}>{claim}</li>
          ),
        )}
      </ul>
      <ul className="marketing-promises" aria-label={t.promisesLabel}>
        {[t.claims.funded, t.claims.custom, t.claims.results].map((claim) => (
          <li key={claim}>
            <span aria-hidden="true">✓</span> {claim}
          </li>
        ))}
      </ul>
    </section>
  );
}
