import type { ReactNode } from 'react';
import { Field } from '@/components/ui/field';
import type { TrainingEmployeeRow } from '@/db';
import { DEPARTMENT_LABELS, type DepartmentCode } from '@/domain/labels';
import { DEPARTMENTS } from '@/domain/public-survey-contracts';
import {
  BUSINESS_IMPACTS,
  EDIT_FORMATS,
  EMPTY_NEW_EMPLOYEE,
  MAX_EMPLOYEE_NAME,
  previewRemainingCost,
  type TrainingEditDraft,
} from '@/domain/schemas/training-edit';
import { isPlaceholderEmployee } from '@/domain/training';
import { employeeFullName, TRAINING_STATUSES } from '@/domain/training-plan-rules';
import { fr } from '@/i18n/fr';
import {
  RequestAmountFields,
  RequestSubjectFields,
  WholeNumberInput,
  type RequestFieldsProps,
} from './request-fields';

type Props = {
  draft: TrainingEditDraft;
  employees: readonly TrainingEmployeeRow[];
  errors: Record<string, string>;
  onChange: (patch: Partial<TrainingEditDraft>) => void;
};

type EditFormat = TrainingEditDraft['format'];

const NEW = '__new__';
const t = fr.trainingPlan.editDialog;

function employeeLabel(e: TrainingEmployeeRow): string {
  if (isPlaceholderEmployee(e)) return t.placeholderEmployee;
  return `${employeeFullName(e)} (${DEPARTMENT_LABELS[e.department]})`;
}

/** The shared request fields over the edit's draft (its objectives are the request's description). */
function requestFields({ draft, errors, onChange }: Props): RequestFieldsProps<EditFormat> {
  return {
    values: { ...draft, description: draft.objectives },
    errors: { ...errors, description: errors.objectives },
    onChange: ({ description, ...patch }) =>
      onChange(description === undefined ? patch : { ...patch, objectives: description }),
    texts: { ...t, description: t.objectives },
    formats: EDIT_FORMATS,
    descriptionRows: 4,
  };
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="plan-edit-section">
      <legend>{title}</legend>
      <div className="plan-edit-grid">{children}</div>
    </fieldset>
  );
}

/** Who the training is for: an employee already in the plan, or one typed here. */
function EmployeeFields({ draft, employees, errors, onChange }: Props) {
  const choice = draft.employee;
  const value = choice.kind === 'existing' ? choice.id : NEW;
  const name = (key: 'first_name' | 'last_name', label: string) =>
    choice.kind === 'new' ? (
      <Field label={label} required error={errors[`employee.${key}`]}>
        {(p) => (
          <input
            {...p}
            className="input"
            autoComplete="off"
            maxLength={MAX_EMPLOYEE_NAME}
            value={choice[key]}
            onChange={(e) => onChange({ employee: { ...choice, [key]: e.target.value } })}
          />
        )}
      </Field>
    ) : null;
  return (
    <>
      <Field label={t.employee} hint={t.employeeHint} error={errors['employee.id']}>
        {(p) => (
          <select
            {...p}
            className="select"
            value={value}
            onChange={(e) =>
              onChange({
                employee:
                  e.target.value === NEW
                    ? EMPTY_NEW_EMPLOYEE
                    : { kind: 'existing', id: e.target.value },
              })
            }
          >
            {employees.map((e) => (
              <option key={e.id} value={e.id}>
                {employeeLabel(e)}
              </option>
            ))}
            <option value={NEW}>{t.newEmployee}</option>
          </select>
        )}
      </Field>
      {choice.kind === 'new' ? (
        <div className="plan-edit-new-employee">
          {name('first_name', t.firstName)}
          {name('last_name', t.lastName)}
          <Field label={t.department} required error={errors['employee.department']}>
            {(p) => (
              <select
                {...p}
                className="select"
                value={choice.department}
                onChange={(e) =>
                  onChange({
                    employee: {
                      ...choice,
                      department: (DEPARTMENTS as readonly string[]).includes(e.target.value)
                        ? (e.target.value as DepartmentCode)
                        : '',
                    },
                  })
                }
              >
                <option value="">{t.chooseDepartment}</option>
                {DEPARTMENTS.map((d) => (
                  <option key={d} value={d}>
                    {DEPARTMENT_LABELS[d]}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
      ) : null}
    </>
  );
}

/** The training itself: topic, objectives, format, organisation, stake, status. */
function TrainingFields(props: Props) {
  const { draft, errors, onChange } = props;
  return (
    <>
      <RequestSubjectFields {...requestFields(props)} focusTopic />
      <Field label={t.organisation} error={errors.organisation}>
        {(p) => (
          <input
            {...p}
            className="input"
            maxLength={300}
            value={draft.organisation}
            onChange={(e) => onChange({ organisation: e.target.value })}
          />
        )}
      </Field>
      <Field label={t.impact} error={errors.business_impact}>
        {(p) => (
          <select
            {...p}
            className="select"
            value={draft.business_impact}
            onChange={(e) => {
              const v = BUSINESS_IMPACTS.find((i) => i === e.target.value);
              onChange({ business_impact: v ?? '' });
            }}
          >
            <option value="">{t.impactNotFilled}</option>
            {BUSINESS_IMPACTS.map((i) => (
              <option key={i} value={i}>
                {fr.statuses.businessImpact[i]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t.status} error={errors.status}>
        {(p) => (
          <select
            {...p}
            className="select"
            value={draft.status}
            onChange={(e) => {
              const v = TRAINING_STATUSES.find((s) => s === e.target.value);
              if (v) onChange({ status: v });
            }}
          >
            {TRAINING_STATUSES.map((s) => (
              <option key={s} value={s}>
                {fr.statuses.trainingRequest[s]}
              </option>
            ))}
          </select>
        )}
      </Field>
    </>
  );
}

/** Hours, cost, funding, coverage; the remaining cost follows the last two. */
function FundingFields(props: Props) {
  const { draft, errors, onChange } = props;
  const remaining = previewRemainingCost(draft.cost, draft.coverage_rate);
  return (
    <>
      <RequestAmountFields {...requestFields(props)} />
      <Field label={t.funding} required error={errors.funding_type}>
        {(p) => (
          <input
            {...p}
            className="input"
            maxLength={50}
            value={draft.funding_type}
            onChange={(e) => onChange({ funding_type: e.target.value })}
          />
        )}
      </Field>
      <Field label={t.coverage} hint={t.coverageHint} error={errors.coverage_rate}>
        {(p) => (
          <WholeNumberInput
            {...p}
            min={0}
            max={100}
            value={draft.coverage_rate}
            onChange={(coverage_rate) => onChange({ coverage_rate })}
          />
        )}
      </Field>
      <div className="field">
        <p className="field-label" id="plan-edit-remaining-label">
          {t.remaining}
        </p>
        <output className="plan-edit-remaining" aria-labelledby="plan-edit-remaining-label">
          {draft.coverage_rate.trim() === ''
            ? t.remainingEstimated
            : remaining === null
              ? fr.trainingPlan.card.notFilled
              : fr.trainingPlan.euros(remaining)}
        </output>
        <p className="field-hint">{t.remainingHint}</p>
      </div>
    </>
  );
}

/** Every field of a training request (issue 29 item 3), in three groups. */
export function TrainingEditFields(props: Props) {
  return (
    <div className="stack">
      <Section title={t.sections.training}>
        <TrainingFields {...props} />
      </Section>
      <Section title={t.sections.employee}>
        <EmployeeFields {...props} />
      </Section>
      <Section title={t.sections.funding}>
        <FundingFields {...props} />
      </Section>
    </div>
  );
}
