// Values and field names of sync notices in French (issue 16 item 3): no stored code, column name
// or raw JSON ever reaches the screen.
import { describe, expect, it } from 'vitest';
import { describeSyncValue, syncFieldLabel } from '@/lib/sync/values';

describe('describeSyncValue', () => {
  it('maps every stored code to its French label, per table', () => {
    expect(describeSyncValue('training_requests', 'status', 'cancelled')).toBe('Abandonnée');
    expect(describeSyncValue('training_requests', 'status', 'pending_funding')).toBe(
      'En attente de financement',
    );
    expect(describeSyncValue('survey_responses', 'status', 'pending')).toBe('En attente');
    expect(describeSyncValue('team_surveys', 'status', 'closed')).toBe('Clôturé');
    expect(describeSyncValue('training_requests', 'business_impact', 'high')).toBe('Fort');
    expect(describeSyncValue('training_requests', 'format', 'e_learning')).toBe('E-learning');
    expect(describeSyncValue('training_employees', 'department', 'hr')).not.toBe('hr');
    expect(describeSyncValue('training_employees', 'category', 'apprentice')).toBe('Apprenti');
    expect(describeSyncValue('training_employees', 'gender', 'X')).toBe('Non précisé');
    expect(describeSyncValue('simulations', 'budget_type', 'SUM_OF_LEGAL_AND_CONVENTION')).toBe(
      'Somme du légal et du conventionnel',
    );
  });

  it('an unknown code, an object or a uuid is never shown as such', () => {
    expect(describeSyncValue('training_requests', 'status', 'archived')).toBe('Valeur inconnue');
    expect(describeSyncValue('team_survey_responses', 'responses', { q1: ['a'] })).toBe(
      '(détail non affiché)',
    );
    expect(
      describeSyncValue('training_requests', 'employee_id', '6f1c0f4e-8a31-4c53-9d6b-1c2e3f4a5b6c'),
    ).toBe('un salarié du plan');
    expect(
      describeSyncValue('training_requests', 'employee_id', 'e1', {
        employeeName: () => 'Léa Roy',
      }),
    ).toBe('Léa Roy');
  });

  it('dates in French, yes/no, numbers in French format, empty values as null', () => {
    expect(describeSyncValue('survey_responses', 'start_date', '2027-03-01')).toBe('1 mars 2027');
    expect(describeSyncValue('referrals', 'commission_paid', true)).toBe('Oui');
    expect(describeSyncValue('training_requests', 'cost', 1500)).toMatch(/^1\s500$/);
    expect(describeSyncValue('survey_responses', 'topics', ['Langues étrangères', 'Autre'])).toBe(
      'Langues étrangères, Autre',
    );
    expect(describeSyncValue('training_requests', 'topic', '')).toBeNull();
    expect(describeSyncValue('training_requests', 'topic', null)).toBeNull();
  });
});

describe('syncFieldLabel', () => {
  it('names a column in French, and never by its technical name', () => {
    expect(syncFieldLabel('created_at')).toBe('Date de création');
    expect(syncFieldLabel('some_new_column')).toBe('Autre information');
  });
});
