import { fr } from '@/i18n/fr';
import { Field } from '@/components/ui/field';
import type { UnlockStep, UnlockValues } from '../hooks/use-unlock-draft';
import { OptionGroup } from './option-group';

type Props = {
  step: UnlockStep;
  values: UnlockValues;
  errors: Record<string, string>;
  today: string;
  onChange: (patch: Partial<UnlockValues>) => void;
};

const toggled = (list: readonly string[], option: string): string[] =>
  list.includes(option) ? list.filter((o) => o !== option) : [...list, option];

/** The questions of one step (02 §2.9): objective, audience, topics, rhythm and start date. */
export function UnlockStepFields({ step, values, errors, today, onChange }: Props) {
  const t = fr.unlockBudget;
  if (step === 1) {
    return (
      <OptionGroup
        name="objective"
        legend={t.objective.title}
        options={t.objective.options}
        multiple={false}
        selected={values.objective ? [values.objective] : []}
        onToggle={(objective) => onChange({ objective })}
        other={values.objectiveOther}
        otherLabel={t.otherLabel.objective}
        onOtherChange={(objectiveOther) => onChange({ objectiveOther })}
        error={errors.objective}
        otherError={errors.objectiveOther}
      />
    );
  }
  if (step === 2) {
    return (
      <OptionGroup
        name="target"
        legend={t.target.title}
        options={t.target.options}
        multiple={false}
        selected={values.target ? [values.target] : []}
        onToggle={(target) => onChange({ target })}
        other={values.targetOther}
        otherLabel={t.otherLabel.target}
        onOtherChange={(targetOther) => onChange({ targetOther })}
        error={errors.target}
        otherError={errors.targetOther}
      />
    );
  }
  if (step === 3) {
    return (
      <OptionGroup
        name="topics"
        legend={t.topics.title}
        hint={t.topics.hint}
        options={t.topics.options}
        multiple
        selected={values.topics}
        onToggle={(topic) => onChange({ topics: toggled(values.topics, topic) })}
        other={values.topicsOther}
        otherLabel={t.otherLabel.topics}
        onOtherChange={(topicsOther) => onChange({ topicsOther })}
        error={errors.topics}
        otherError={errors.topicsOther}
      />
    );
  }
  return (
    <>
      <OptionGroup
        name="rhythm"
        legend={t.planning.title}
        options={t.planning.options}
        multiple={false}
        selected={values.rhythm ? [values.rhythm] : []}
        onToggle={(rhythm) => onChange({ rhythm })}
        other={values.rhythmOther}
        otherLabel={t.otherLabel.rhythm}
        onOtherChange={(rhythmOther) => onChange({ rhythmOther })}
        error={errors.rhythm}
        otherError={errors.rhythmOther}
      />
      <Field label={t.planning.startDate} hint={t.planning.startDateHint} error={errors.startDate}>
        {(field) => (
          <input
            {...field}
            className="input unlock-date"
            type="date"
            name="startDate"
            min={today}
            value={values.startDate}
            onChange={(event) => onChange({ startDate: event.target.value })}
          />
        )}
      </Field>
    </>
  );
}
