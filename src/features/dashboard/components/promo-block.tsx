import { useNavigate } from 'react-router-dom';
import type { Company } from '@/db';
import { fr } from '@/i18n/fr';
import { config } from '@/lib/config';
import { track } from '@/lib/analytics';
import { Button } from '@/components/ui/button';
import type { FormHiddenFields } from '@/domain/budget-display';
import { formUrlWithFields } from '@/domain/dashboard-budget';
import { useReachable } from '../hooks/use-reachable';

/** The embedded form's height (02 §9). */
export const PROMO_FORM_HEIGHT = 500;

type Props = {
  company: Company;
  /** null while the profile is loading (the frame waits, so it loads once with every field) */
  fields: FormHiddenFields | null;
};

/**
 * 'Vous êtes éligible à un accompagnement' (02 §2.3), shown when a budget is known: the embedded
 * form with its hidden fields (02 §7.5) and the two buttons. Offline, or when the form service
 * cannot be reached, no broken frame: a notice.
 */
export function PromoBlock({ company, fields }: Props) {
  const t = fr.dashboard.promo;
  const navigate = useNavigate();
  // The probe asks for the bare form address: the hidden fields are sent once, by the frame.
  const reachable = useReachable(config.budgetFormUrl);
  const src = fields ? formUrlWithFields(config.budgetFormUrl, fields) : null;
  const act = (action: string, go: () => void) => () => {
    track({ event: 'dashboard_action', action });
    go();
  };
  return (
    <section className="card promo-block" aria-labelledby="promo-title">
      <h2 id="promo-title" className="promo-title">
        {t.title}
      </h2>
      <p className="muted">{t.text}</p>
      {reachable === true && src ? (
        <iframe
          className="promo-frame"
          src={src}
          title={t.formTitle}
          style={{ height: PROMO_FORM_HEIGHT }}
        />
      ) : null}
      {reachable === false ? (
        <p className="promo-offline" role="status">
          {t.offline}
        </p>
      ) : null}
      <div className="row promo-actions">
        <Button
          data-analytics-action="find_support"
          onClick={act(
            'find_support',
            () => void navigate('/training/recommendations', { state: { company } }),
          )}
        >
          {t.findSupport}
        </Button>
        <Button
          variant="secondary"
          data-analytics-action="survey_team"
          onClick={act('survey_team', () => void navigate('/team-survey'))}
        >
          {t.surveyTeam}
        </Button>
      </div>
    </section>
  );
}
