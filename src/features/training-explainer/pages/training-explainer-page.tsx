import { Link } from 'react-router-dom';
import { fr } from '@/i18n/fr';
import { useAuth } from '@/lib/auth';
import '../components/training-explainer.css';

const t = fr.trainingExplainer;
const CLAIMS = [t.claims.experts, t.claims.companies, t.claims.funded, t.claims.sessions] as const;

/**
 * /training ('Fonctionnement', 02 §2.13): marketing content with calls to action to
 * /training/recommendations and /team-survey. Public (the documents' first reading): signed-in
 * users see it in the app shell; visitors see it bare and are also offered the budget search
 * (the two calls to action lead them to the login through the route guards).
 */
export function TrainingExplainerPage() {
  const auth = useAuth();
  const anonymous = auth.status === 'anonymous';
  return (
    <div className="page training-explainer">
      <header className="training-hero">
        <h1 className="page-title">{t.title}</h1>
        <p className="training-hero-text">{t.subtitle}</p>
        <div className="row">
          <Link className="btn btn-primary btn-lg" to="/training/recommendations">
            {t.ctaRecommendations}
          </Link>
          <Link className="btn btn-secondary btn-lg" to="/team-survey">
            {t.ctaTeamSurvey}
          </Link>
          {anonymous ? (
            <Link className="btn btn-link btn-lg" to="/rechercher-entreprise">
              {t.ctaBudget}
            </Link>
          ) : null}
        </div>
      </header>

      <section aria-labelledby="training-claims-title">
        <h2 id="training-claims-title" className="visually-hidden">
          {t.claimsTitle}
        </h2>
        <ul className="training-claims">
          {CLAIMS.map((claim) => (
            <li key={claim} className="training-claim">
              {claim}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="training-steps-title">
        <h2 id="training-steps-title" className="training-section-title">
          {t.stepsTitle}
        </h2>
        <ol className="training-steps">
          {t.steps.map((step) => (
            <li key={step.title} className="card training-step">
              <h3 className="training-step-title">{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="training-start-title">
        <h2 id="training-start-title" className="training-section-title">
          {t.startTitle}
        </h2>
        <div className="training-start">
          <div className="card training-start-card">
            <p>{t.recommendationsText}</p>
            <Link className="btn btn-primary btn-md" to="/training/recommendations">
              {t.ctaRecommendations}
            </Link>
          </div>
          <div className="card training-start-card">
            <p>{t.teamSurveyText}</p>
            <Link className="btn btn-secondary btn-md" to="/team-survey">
              {t.ctaTeamSurvey}
            </Link>
          </div>
        </div>
      </section>
    </div>
  );
}
