// The new request (/training/new) and its edit dialog (issue 29 item 3) type a training request
// with the same fields (request-fields.tsx): same labels, same controls and limits, same format
// choices (the dialog adds E-learning), same error wiring; each form's own draft gets the value
// under its own name (the new request's budget, the edit's objectives).
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NewTrainingForm } from '@/features/training-plan/components/new-training-form';
import { TrainingEditFields } from '@/features/training-plan/components/training-edit-fields';
import { EMPTY_DRAFT } from '@/features/training-plan/hooks/use-new-training-draft';
import type { TrainingEditDraft } from '@/domain/schemas/training-edit';
import { fr } from '@/i18n/fr';

const tNew = fr.trainingPlan.newTraining;
const tEdit = fr.trainingPlan.editDialog;

const editDraft: TrainingEditDraft = {
  topic: '',
  objectives: '',
  business_impact: '',
  format: 'remote',
  organisation: '',
  duration: '',
  cost: '',
  funding_type: 'OPCO',
  coverage_rate: '',
  status: 'to_organize',
  employee: { kind: 'existing', id: 'e1' },
};

function renderNew(errors: Record<string, string> = {}) {
  const onChange = vi.fn();
  const noop = () => {};
  const { container } = render(
    <NewTrainingForm
      draft={{ ...EMPTY_DRAFT, showAmounts: true }}
      onChange={onChange}
      errors={errors}
      online
      estimating={false}
      estimateFailed={false}
      saving={false}
      onEstimate={noop}
      onSave={noop}
      onCancel={noop}
    />,
  );
  return { root: container, onChange };
}

function renderEdit(errors: Record<string, string> = {}) {
  const onChange = vi.fn();
  const { container } = render(
    <TrainingEditFields draft={editDraft} employees={[]} errors={errors} onChange={onChange} />,
  );
  return { root: container, onChange };
}

const exact = (text: string) => new RegExp(`^${text.replace(/[()€%]/g, '\\$&')}`);

/** What a person and their browser get from a field: its control, its limits, its label. */
function describeField(root: HTMLElement, label: string) {
  const control = within(root).getByLabelText(exact(label));
  const labelElement = root.querySelector(`label[for="${control.id}"]`);
  return {
    tag: control.tagName,
    type: control.getAttribute('type'),
    maxLength: control.getAttribute('maxlength'),
    min: control.getAttribute('min'),
    max: control.getAttribute('max'),
    step: control.getAttribute('step'),
    inputMode: control.getAttribute('inputmode'),
    requiredMark: labelElement?.querySelector('.field-required') !== null,
    label: labelElement?.textContent,
  };
}

function formatChoices(root: HTMLElement) {
  const group = within(root).getByRole('group', { name: 'Format' });
  const radios = within(group).getAllByRole('radio') as HTMLInputElement[];
  expect(new Set(radios.map((r) => r.name)).size).toBe(1);
  return radios.map((r) => [r.value, r.labels?.[0]?.textContent]);
}

describe('the request fields of the new request and of its edit dialog', () => {
  it('are the same fields, with the same labels and limits', () => {
    const created = renderNew();
    const shared = [
      [tNew.topic, tEdit.topic],
      [tNew.description, tEdit.objectives],
      [tNew.duration, tEdit.duration],
    ] as const;
    const edited = renderEdit();
    for (const [newLabel, editLabel] of shared) {
      expect(newLabel).toBe(editLabel);
      expect(describeField(created.root, newLabel)).toEqual(describeField(edited.root, editLabel));
    }
    // The cost is « Budget (€ HT) » in the new request (02 §2.16), « Coût (€ HT) » in the dialog.
    const { label: _newLabel, ...newCost } = describeField(created.root, tNew.budget);
    const { label: _editLabel, ...editCost } = describeField(edited.root, tEdit.cost);
    expect(newCost).toEqual(editCost);
    expect(newCost).toMatchObject({ type: 'number', min: '0', step: '1', requiredMark: true });
    expect(describeField(created.root, tNew.topic)).toMatchObject({ maxLength: '300' });
    expect(describeField(created.root, tNew.description)).toMatchObject({ maxLength: '5000' });
    // Each form its own radio group; the dialog offers E-learning as well.
    const newFormats = formatChoices(created.root);
    expect(newFormats).toEqual([
      ['remote', 'Distanciel'],
      ['in_person', 'Présentiel'],
    ]);
    expect(formatChoices(edited.root)).toEqual([...newFormats, ['e_learning', 'E-learning']]);
    const [newRadio] = within(created.root).getAllByRole('radio') as HTMLInputElement[];
    const [editRadio] = within(edited.root).getAllByRole('radio') as HTMLInputElement[];
    expect(newRadio!.name).not.toBe(editRadio!.name);
    // Only the dialog takes the focus to the topic when it opens.
    expect(within(created.root).getByLabelText(exact(tNew.topic))).not.toHaveAttribute(
      'data-autofocus',
    );
    expect(within(edited.root).getByLabelText(exact(tEdit.topic))).toHaveAttribute(
      'data-autofocus',
    );
  });

  it('show each form’s errors on the same fields', () => {
    const errors = { topic: 'E-topic', duration: 'E-duration' };
    const created = renderNew({ ...errors, description: 'E-description', budget: 'E-cost' });
    const edited = renderEdit({ ...errors, objectives: 'E-description', cost: 'E-cost' });
    for (const [root, labels] of [
      [created.root, [tNew.topic, tNew.description, tNew.duration, tNew.budget]],
      [edited.root, [tEdit.topic, tEdit.objectives, tEdit.duration, tEdit.cost]],
    ] as const) {
      const messages = ['E-topic', 'E-description', 'E-duration', 'E-cost'];
      labels.forEach((label, i) => {
        const control = within(root).getByLabelText(exact(label));
        expect(control).toHaveAttribute('aria-invalid', 'true');
        expect(control).toHaveAccessibleDescription(messages[i]);
      });
    }
  });

  it('give what is typed to each draft under its own names', async () => {
    const user = userEvent.setup();
    const created = renderNew();
    await user.type(within(created.root).getByLabelText(exact(tNew.description)), 'x');
    await user.type(within(created.root).getByLabelText(exact(tNew.budget)), '7');
    await user.click(within(created.root).getByRole('radio', { name: 'Présentiel' }));
    expect(created.onChange.mock.calls).toEqual([
      [{ description: 'x' }],
      [{ budget: '7' }],
      [{ format: 'in_person' }],
    ]);
    cleanup();

    const edited = renderEdit();
    await user.type(within(edited.root).getByLabelText(exact(tEdit.objectives)), 'y');
    await user.type(within(edited.root).getByLabelText(exact(tEdit.cost)), '8');
    await user.type(within(edited.root).getByLabelText(exact(tEdit.duration)), '9');
    await user.click(within(edited.root).getByRole('radio', { name: 'E-learning' }));
    expect(edited.onChange.mock.calls).toEqual([
      [{ objectives: 'y' }],
      [{ cost: '8' }],
      [{ duration: '9' }],
      [{ format: 'e_learning' }],
    ]);
    expect(screen.getAllByRole('group', { name: 'Format' })).toHaveLength(1);
  });
});
