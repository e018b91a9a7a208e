// The fields a training request is typed with, the same in the new request (/training/new) and in
// its edit dialog (issue 29 item 3): topic, description and objectives, format, then duration and
// cost (02 §5: topic and description required, duration ≥ 1 hour, cost ≥ 0). Each form keeps its
// own draft (stored under its own names) and places the two groups in its own layout: the new
// request puts the estimate between them, the dialog its sections.
import { useId } from 'react';
import { Field, type FieldControlProps } from '@/components/ui/field';
import { LIMITS } from '@/domain/schemas/common';
import type { EDIT_FORMATS } from '@/domain/schemas/training-edit';

/** Every format a request can have (the new request offers the first two). */
export type RequestFormat = (typeof EDIT_FORMATS)[number];

/** The shared fields' values, as typed. */
export type RequestFieldValues<F extends RequestFormat> = {
  topic: string;
  description: string;
  format: F;
  duration: string;
  cost: string;
};

type TextKey = Exclude<keyof RequestFieldValues<RequestFormat>, 'format'>;

/** The words of the fields (src/i18n): each form's own, the same labels in both. */
export type RequestFieldTexts<F extends RequestFormat> = {
  topic: string;
  topicPlaceholder?: string;
  description: string;
  descriptionPlaceholder?: string;
  format: string;
  formats: Record<F, string>;
  duration: string;
  cost: string;
};

export type RequestFieldsProps<F extends RequestFormat> = {
  values: RequestFieldValues<F>;
  errors: Partial<Record<TextKey, string | undefined>>;
  onChange: (patch: Partial<RequestFieldValues<F>>) => void;
  texts: RequestFieldTexts<F>;
  /** The formats offered, in order. */
  formats: readonly F[];
  descriptionRows: number;
  /** The dialog opens with the focus on the topic (Dialog focuses [data-autofocus]). */
  focusTopic?: boolean;
};

/** Topic, description and objectives, format. */
export function RequestSubjectFields<F extends RequestFormat>(props: RequestFieldsProps<F>) {
  const { values, errors, onChange, texts } = props;
  const formatName = useId();
  return (
    <>
      <Field label={texts.topic} required error={errors.topic}>
        {(p) => (
          <input
            {...p}
            className="input"
            data-autofocus={props.focusTopic ? true : undefined}
            value={values.topic}
            maxLength={LIMITS.shortText}
            placeholder={texts.topicPlaceholder}
            onChange={(e) => onChange({ topic: e.target.value })}
          />
        )}
      </Field>
      <Field label={texts.description} required error={errors.description}>
        {(p) => (
          <textarea
            {...p}
            className="textarea"
            rows={props.descriptionRows}
            value={values.description}
            maxLength={LIMITS.longText}
            placeholder={texts.descriptionPlaceholder}
            onChange={(e) => onChange({ description: e.target.value })}
          />
        )}
      </Field>
      <fieldset className="request-formats">
        <legend>{texts.format}</legend>
        {props.formats.map((format) => (
          <label key={format} className="checkbox">
            <input
              type="radio"
              name={formatName}
              value={format}
              checked={values.format === format}
              onChange={() => onChange({ format })}
            />
            {texts.formats[format]}
          </label>
        ))}
      </fieldset>
    </>
  );
}

type WholeNumberProps = FieldControlProps & {
  value: string;
  min: number;
  max?: number;
  onChange: (value: string) => void;
};

/** A number of hours, euros or percent: whole, typed with the numeric keyboard on a phone. */
export function WholeNumberInput({ value, onChange, ...rest }: WholeNumberProps) {
  return (
    <input
      {...rest}
      className="input"
      type="number"
      inputMode="numeric"
      step={1}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** Duration in hours, cost in € HT. */
export function RequestAmountFields<F extends RequestFormat>(props: RequestFieldsProps<F>) {
  const { values, errors, onChange, texts } = props;
  const amount = (name: 'duration' | 'cost', min: number) => (
    <Field label={texts[name]} required error={errors[name]}>
      {(p) => (
        <WholeNumberInput
          {...p}
          min={min}
          value={values[name]}
          onChange={(value) =>
            onChange(name === 'duration' ? { duration: value } : { cost: value })
          }
        />
      )}
    </Field>
  );
  return (
    <>
      {amount('duration', 1)}
      {amount('cost', 0)}
    </>
  );
}
