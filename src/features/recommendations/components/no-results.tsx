import { Link } from 'react-router-dom';
import { fr } from '@/i18n/fr';

/** Shown while there are no results (02 §2.14): benefit blocks and the two calls to action. */
export function NoResults() {
  const t = fr.recommendations.empty;
  const ctas = [
    { key: 'survey', to: '/team-survey', ...t.surveyCard },
    { key: 'request', to: '/training/new', ...t.requestCard },
  ];
  return (
    <div className="stack reco-no-results">
      <section aria-labelledby="reco-benefits-title">
        <h2 id="reco-benefits-title" className="reco-section-title">
          {t.benefitsTitle}
        </h2>
        <ul className="reco-benefits">
          {t.benefits.map((b) => (
            <li key={b.title} className="card">
              <h3 className="reco-benefit-title">{b.title}</h3>
              <p className="muted">{b.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <div className="reco-ctas">
        {ctas.map((cta) => (
          <div key={cta.key} className="card reco-cta">
            <h3 className="reco-benefit-title">{cta.title}</h3>
            <p className="muted">{cta.text}</p>
            <Link className="btn btn-primary btn-md" to={cta.to}>
              {cta.action}
            </Link>
          </div>
        ))}
      </div>
    </div>
  );
}
