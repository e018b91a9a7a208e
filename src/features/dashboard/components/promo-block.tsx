import { useEffect, useRef, useState, type RefObject } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Company } from '@/db';
import { fr } from '@/i18n/fr';
import { config } from '@/lib/config';
import { track } from '@/lib/analytics';
import { Button } from '@/components/ui/button';
import { AdvisorButton } from '@/components/booking/advisor-button';
import type { FormHiddenFields } from '@/domain/budget-display';
import { formUrlWithFields } from '@/domain/dashboard-budget';
import { useReachable } from '../hooks/use-reachable';

/** The embedded form's height (02 §9), and the most it may grow to when its page asks for more. */
export const PROMO_FORM_HEIGHT = 500;
export const PROMO_FORM_MAX_HEIGHT = 1_200;

/**
 * The height the form's page asks for: a message from that frame carrying a numeric `height`
 * (the local form sends it; on a phone its content needs more than 500 px), kept between the
 * documented 500 px and PROMO_FORM_MAX_HEIGHT.
 */
function useFrameHeight(frame: RefObject<HTMLIFrameElement | null>): number {
  const [height, setHeight] = useState(PROMO_FORM_HEIGHT);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (!frame.current || event.source !== frame.current.contentWindow) return;
      const asked = (event.data as { height?: unknown } | null)?.height;
      if (typeof asked !== 'number' || !Number.isFinite(asked)) return;
      setHeight(Math.min(PROMO_FORM_MAX_HEIGHT, Math.max(PROMO_FORM_HEIGHT, Math.ceil(asked))));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [frame]);
  return height;
}

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
  const frame = useRef<HTMLIFrameElement>(null);
  const height = useFrameHeight(frame);
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
          ref={frame}
          className="promo-frame"
          src={src}
          title={t.formTitle}
          style={{ height }}
        />
      ) : null}
      {reachable === false ? (
        <p className="promo-offline" role="status">
          {t.offline}
        </p>
      ) : null}
      <div className="row promo-actions">
        <AdvisorButton
          idcc={company.simulation.idcc}
          data-analytics-action="find_support"
          onActivate={() => track({ event: 'dashboard_action', action: 'find_support' })}
        >
          {t.findSupport}
        </AdvisorButton>
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
