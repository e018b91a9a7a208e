// The marketing side panel of the onboarding screens (01 §1).
import BadgeCheck from 'lucide-react/icons/badge-check';
import Building2 from 'lucide-react/icons/building-complex';
import PiggyBank from 'lucide-react/icons/piggy-bank';
import Smile from 'lucide-react/icons/face-slightly-smiling';
import Star from 'lucide-react/icons/star';
import { fr } from '@/i18n/fr-onboarding';

export function MarketingPanel() {
  const t = fr.onboarding.marketing;
  const stats = [
    [t.claims.companies, Building2],
    [t.claims.unlocked, PiggyBank],
    [t.claims.satisfaction, Smile],
    [t.claims.rating, Star],
  ] as const;
  return (
    <section className="marketing-panel" aria-labelledby="marketing-title">
      <h2 id="marketing-title" className="marketing-title">
        {t.title}
      </h2>
      <p className="marketing-subtitle">{t.subtitle}</p>
      <ul className="marketing-stats" aria-label={t.statsLabel}>
        {stats.map(([claim, Icon]) => (
          <li key={claim}>
            <Icon className="icon" aria-hidden="true" />
            <span>{claim}</span>
          </li>
        ))}
      </ul>
      <ul className="marketing-promises" aria-label={t.promisesLabel}>
        {[t.claims.funded, t.claims.custom, t.claims.results].map((claim) => (
          <li key={claim}>
            <BadgeCheck className="icon" aria-hidden="true" />
            <span>{claim}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
