// The wizard's progress indicator (01 §2): Entreprise, Informations, Contact; completed steps show
// a check mark, the current one is highlighted (aria-current="step"), later ones are greyed.
import { fr } from '@/i18n/fr-onboarding';
import Check from 'lucide-react/icons/check';

export function ProgressSteps({ current }: { current: 0 | 1 | 2 }) {
  const t = fr.onboarding;
  return (
    <ol className="progress-steps" aria-label={t.progressLabel}>
      {t.steps.map((label, index) => {
        const state = index < current ? 'done' : index === current ? 'current' : 'later';
        return (
          <li
            key={label}
            className={`progress-step is-${state}`}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className="progress-step-marker" aria-hidden="true">
              {state === 'done' ? <Check className="icon" strokeWidth={3} /> : index + 1}
            </span>
            <span className="progress-step-label">{label}</span>
            <span className="visually-hidden">{` ${t.stepStates[state]}`}</span>
          </li>
        );
      })}
    </ol>
  );
}
