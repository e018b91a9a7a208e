import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import type { TrainingRecommendation } from '@/domain/contracts';
import { fr } from '@/i18n/fr';

type Props = {
  recommendation: TrainingRecommendation;
  /** (issue 30) this company's estimated OPCO share, beside « 100% financé » */
  funding?: ReactNode;
  onStart: (rec: TrainingRecommendation) => void;
  onBook: (rec: TrainingRecommendation) => void;
};

/** A recommendation (02 §2.14): every field, 'Démarrer' (confirm, then added to the plan) and booking. */
export function RecommendationCard({ recommendation: rec, onStart, onBook, funding }: Props) {
  const t = fr.recommendations.results;
  return (
    <article className="card reco-card" aria-label={rec.title} data-testid="reco-card">
      <p className="reco-card-category">{rec.category}</p>
      <h3 className="reco-card-title">{rec.title}</h3>
      <p className="reco-card-description">{rec.description}</p>
      <dl className="reco-card-facts">
        <div>
          <dt>{t.duration}</dt>
          <dd>{rec.duration}</dd>
        </div>
        <div>
          <dt>{t.format}</dt>
          <dd>{rec.format}</dd>
        </div>
        <div>
          <dt>{t.price}</dt>
          <dd>{rec.price}</dd>
        </div>
      </dl>
      <p className="reco-card-coverage">{t.coverage(rec.coverage)}</p>
      {funding ?? null}
      {rec.benefits.length ? (
        <div>
          <h4 className="reco-small-title">{t.benefits}</h4>
          <ul className="reco-card-benefits">
            {rec.benefits.map((b, i) => (
              <li key={`${i}-${b}`}>{b}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="reco-card-actions">
        <Button aria-label={t.startLabel(rec.title)} onClick={() => onStart(rec)}>
          {t.start}
        </Button>
        <Button variant="secondary" aria-label={t.bookLabel(rec.title)} onClick={() => onBook(rec)}>
          {t.book}
        </Button>
      </div>
    </article>
  );
}
