import { Link } from 'react-router-dom';
import { fr } from '@/i18n/fr';
import { useMeetingsEntry } from '@/lib/meetings-entry';

/** The header links of the plan (02 §2.15): new request and recommendations. */
export function PlanActions() {
  const t = fr.trainingPlan;
  return (
    <>
      <Link className="btn btn-secondary btn-md" to="/training/recommendations">
        {t.findTraining}
      </Link>
      <Link className="btn btn-primary btn-md" to="/training/new">
        {t.newRequest}
      </Link>
    </>
  );
}

/**
 * The cards to /team-survey and /meetings (02 §2.15); the meeting card only where the menu
 * offers « Prendre RDV » (the same rule: useMeetingsEntry).
 */
export function PlanMoreCards({ userId }: { userId: string | null }) {
  const t = fr.trainingPlan;
  const meetings = useMeetingsEntry(userId);
  const cards = [
    { key: 'survey', to: '/team-survey', ...t.surveyCard },
    ...(meetings ? [{ key: 'meeting', to: '/meetings', ...t.meetingCard }] : []),
  ];
  return (
    <section className="plan-more" aria-labelledby="plan-more-heading">
      <h2 id="plan-more-heading" className="plan-section-title">
        {t.more}
      </h2>
      <div className="plan-more-grid">
        {cards.map((card) => (
          <div key={card.key} className="card plan-more-card">
            <h3 className="plan-more-title">{card.title}</h3>
            <p className="muted">{card.text}</p>
            <Link className="btn btn-secondary btn-md" to={card.to}>
              {card.action}
            </Link>
          </div>
        ))}
      </div>
    </section>
  );
}
