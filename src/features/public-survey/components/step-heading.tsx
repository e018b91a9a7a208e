import { useEffect, useRef } from 'react';
import { publicSurvey } from '@/i18n/fr/public-survey';

export const SURVEY_STEPS = 3;

/**
 * The step's title, focused when the respondent moved to this step (screen readers hear the new
 * step; keyboard users continue from the top of it). Not on the page's first paint.
 */
export function StepHeading({
  step,
  title,
  focus = true,
}: {
  step: number;
  title: string;
  focus?: boolean;
}) {
  const ref = useRef<HTMLHeadingElement>(null);
  const focusOnMount = useRef(focus);
  useEffect(() => {
    if (focusOnMount.current) ref.current?.focus();
  }, []);
  return (
    <>
      <p className="public-survey-progress">
        <span>{publicSurvey.stepOf(step, SURVEY_STEPS)}</span>
        <span className="public-survey-progress-bar" aria-hidden="true">
          <span style={{ width: `${(step / SURVEY_STEPS) * 100}%` }} />
        </span>
      </p>
      <h2 id="survey-step-title" ref={ref} tabIndex={-1} className="public-survey-step-title">
        {title}
      </h2>
    </>
  );
}
