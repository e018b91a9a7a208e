import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { SurveyRecommendation } from '@/domain/contracts';
import { departmentLabel } from '@/domain/labels';
import { fr } from '@/i18n/fr';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';

type Props = {
  recommendation: SurveyRecommendation;
  added: boolean;
  adding: boolean;
  onAdd: () => void;
};

const PRIORITY_TONE = { high: 'danger', medium: 'warning', low: 'neutral' } as const;

/** One AI recommendation: what, how long, how, how much, why; 'Ajouter au plan de formation'. */
export function RecommendationCard({ recommendation: r, added, adding, onAdd }: Props) {
  const t = fr.surveyResults.ai;
  const titleId = useId();
  return (
    <article className="card results-recommendation">
      <div className="results-recommendation-tags">
        <Badge tone="info">{r.category}</Badge>
        {r.priority ? (
          <Badge tone={PRIORITY_TONE[r.priority]}>{t.priority[r.priority]}</Badge>
        ) : null}
        {r.department ? (
          <span className="muted">{t.department(departmentLabel(r.department))}</span>
        ) : null}
      </div>
      <h3 id={titleId} className="results-recommendation-title">
        {r.title}
      </h3>
      <p className="muted">
        {t.details(r.duration, r.format, r.price)}
        {' · '}
        <strong>{t.coverage(r.coverage)}</strong>
      </p>
      <p>{r.description}</p>
      {r.rationale ? (
        <p className="results-recommendation-why">
          <strong>{t.why}</strong>
          {r.rationale}
        </p>
      ) : null}
      {r.benefits.length > 0 ? (
        <>
          <h4 className="visually-hidden">{t.benefits}</h4>
          <ul className="results-recommendation-benefits">
            {r.benefits.map((b) => (
              <li key={b}>{b}</li>
            ))}
          </ul>
        </>
      ) : null}
      <div className="results-recommendation-actions">
        {added ? (
          <>
            <span className="badge badge-success" role="status">
              {t.added}
            </span>
            <Link to="/training-plan">{t.viewPlan}</Link>
          </>
        ) : (
          <Button size="sm" onClick={onAdd} loading={adding} aria-describedby={titleId}>
            {t.add}
          </Button>
        )}
      </div>
    </article>
  );
}
