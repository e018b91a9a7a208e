import { fr } from '@/i18n/fr';
import { useCurrentUser } from '@/lib/auth';
import { LoadErrorBoundary } from '../components/load-error-boundary';
import { ReferralLinkCard } from '../components/referral-link-card';
import { ReferralList } from '../components/referral-list';
import '../components/referral.css';

/** /referral: the 10% commission rule, the link to share, the tracking list (02 §2.12, §4, §8, §9). */
export function ReferralPage() {
  const user = useCurrentUser();
  const t = fr.referral;
  return (
    <div className="page referral-page">
      <header className="page-header">
        <div>
          <h1 className="page-title">{t.title}</h1>
          <p className="muted referral-subtitle">{t.subtitle}</p>
        </div>
      </header>
      <section className="card referral-explainer" aria-labelledby="referral-how-title">
        <h2 id="referral-how-title" className="referral-section-title">
          {t.howItWorks}
        </h2>
        <p>{t.explanation}</p>
        <ol className="referral-steps">
          {t.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>
      {user ? <ReferralLinkCard origin={window.location.origin} userId={user.id} /> : null}
      <section className="referral-tracking" aria-labelledby="referral-tracking-title">
        <h2 id="referral-tracking-title" className="referral-section-title">
          {t.trackingTitle}
        </h2>
        {user ? (
          <LoadErrorBoundary message={t.loadError}>
            <ReferralList userId={user.id} />
          </LoadErrorBoundary>
        ) : null}
      </section>
    </div>
  );
}
