import { useId, useState } from 'react';
import type { SurveyDepartmentOption } from '@/domain/survey-departments';
import { fr } from '@/i18n/fr';
import { Button } from '@/components/ui/button';

type Props = {
  options: readonly SurveyDepartmentOption[];
  chosen: readonly string[];
  hint: string;
  error: string | null;
  onToggle: (key: string, checked: boolean) => void;
  /** Adds a service typed by the employer; returns the reason it was not added, or null. */
  onAdd: (label: string) => string | null;
};

/**
 * The departments the survey asks about (issue 29 item 10): the company's suggested services and
 * the generic departments as checkboxes, and a field to add the company's own.
 */
export function DepartmentPicker({ options, chosen, hint, error, onToggle, onAdd }: Props) {
  const t = fr.teamSurveys.createDialog;
  const id = useId();
  const [typed, setTyped] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const add = () => {
    const problem = onAdd(typed);
    setAddError(problem);
    if (!problem) setTyped('');
  };
  return (
    <fieldset
      className="survey-departments"
      aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
    >
      <legend className="field-label">{t.departments}</legend>
      <p id={`${id}-hint`} className="field-hint">
        {hint} {t.departmentsHint}
      </p>
      <ul className="survey-departments-list">
        {options.map((o) => (
          <li key={o.key}>
            <label className="checkbox">
              <input
                type="checkbox"
                checked={chosen.includes(o.key)}
                onChange={(e) => onToggle(o.key, e.target.checked)}
              />
              {o.label}
            </label>
          </li>
        ))}
      </ul>
      <p className="muted survey-departments-count" aria-live="polite">
        {t.chosenCount(chosen.length)}
      </p>
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="field survey-departments-add">
        <label htmlFor={`${id}-add`} className="field-label">
          {t.addLabel}
        </label>
        <div className="row">
          <input
            id={`${id}-add`}
            className="input"
            maxLength={80}
            placeholder={t.addPlaceholder}
            value={typed}
            aria-invalid={addError ? true : undefined}
            aria-describedby={addError ? `${id}-add-error` : undefined}
            onChange={(e) => {
              setTyped(e.target.value);
              setAddError(null);
            }}
            onKeyDown={(e) => {
              // Enter adds the service (it does not submit the whole form).
              if (e.key === 'Enter') {
                e.preventDefault();
                add();
              }
            }}
          />
          <Button variant="secondary" onClick={add}>
            {t.add}
          </Button>
        </div>
        {addError ? (
          <p id={`${id}-add-error`} className="field-error" role="alert">
            {addError}
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}
