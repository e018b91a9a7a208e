import { fr } from '@/i18n/fr';
import type { UnlockStep } from '../hooks/use-unlock-draft';

/** The four steps Objectif, Public, Thématiques, Planning (02 §2.9) with the current one marked. */
export function UnlockStepper({ step }: { step: UnlockStep }) {
  const t = fr.unlockBudget;
  return (
    <div className="unlock-stepper">
      <ol className="unlock-stepper-list" aria-label={t.progress}>
        {t.steps.map((label, index) => {
          const n = index + 1;
          const state = n < step ? 'done' : n === step ? 'current' : 'todo';
          return (
            <li
              key={label}
              className={`unlock-stepper-item unlock-stepper-${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="unlock-stepper-dot" aria-hidden="true">
                {state === 'done' ? '✓' : n}
              </span>
              <span className="unlock-stepper-label">{label}</span>
              {state === 'done' ? <span className="visually-hidden"> ({t.stepDone})</span> : null}
              {state === 'current' ? (
                <span className="visually-hidden"> ({t.stepCurrent})</span>
              ) : null}
            </li>
          );
        })}
      </ol>
      <p className="muted unlock-stepper-count">{t.stepOf(step, t.steps.length)}</p>
    </div>
  );
}
