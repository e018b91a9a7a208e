import { useId, type ReactNode } from 'react';
import { fr } from '@/i18n/fr';
import { Field } from '@/components/ui/field';

type Props = {
  /** input name (objective, target, topics, rhythm) */
  name: string;
  legend: ReactNode;
  hint?: ReactNode;
  options: readonly string[];
  multiple: boolean;
  /** chosen options */
  selected: readonly string[];
  onToggle: (option: string) => void;
  /** the free text revealed by 'Autre' (02 §5) */
  other: string;
  otherLabel: string;
  onOtherChange: (text: string) => void;
  error?: string | undefined;
  otherError?: string | undefined;
};

export const OTHER_MAX_LENGTH = 500;

/**
 * A question of the unlock-budget form: radio buttons (one choice) or checkboxes (topics) in a
 * fieldset, 'Autre' revealing a labelled free text, the step error announced and linked.
 */
export function OptionGroup(props: Props) {
  const {
    name,
    legend,
    hint,
    options,
    multiple,
    selected,
    onToggle,
    other,
    otherLabel,
    onOtherChange,
    error,
    otherError,
  } = props;
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const otherChosen = selected.includes(fr.unlockBudget.other);
  return (
    <fieldset
      className={`unlock-options${error ? ' unlock-options-invalid' : ''}`}
      aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
      data-field={name}
    >
      <legend className="unlock-legend">{legend}</legend>
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      <div className="unlock-option-list">
        {options.map((option, index) => (
          <label key={option} className="unlock-option" htmlFor={`${id}-${index}`}>
            <input
              id={`${id}-${index}`}
              type={multiple ? 'checkbox' : 'radio'}
              name={name}
              value={option}
              checked={selected.includes(option)}
              onChange={() => onToggle(option)}
            />
            <span>{option}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="field-error unlock-error" role="alert">
          {error}
        </p>
      ) : null}
      {otherChosen ? (
        <div className="unlock-other">
          <Field label={otherLabel} error={otherError} required>
            {(field) => (
              <input
                {...field}
                className="input"
                type="text"
                name={`${name}Other`}
                value={other}
                maxLength={OTHER_MAX_LENGTH}
                placeholder={fr.unlockBudget.otherPlaceholder}
                autoComplete="off"
                onChange={(event) => onOtherChange(event.target.value)}
              />
            )}
          </Field>
        </div>
      ) : null}
    </fieldset>
  );
}
