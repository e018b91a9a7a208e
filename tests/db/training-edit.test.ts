// Issue 29: the local writes behind the plan's edit dialog and the survey creation.
import { describe, expect, it } from 'vitest';
import { newDevice, uuid } from './helpers';

const user = uuid();
const input = {
  topic: 'Excel avancé',
  format: 'remote' as const,
  duration: 14,
  cost: 1000,
};

describe('editing a training request', () => {
  it('a new employee and the request pointing to it: one transaction, two mutations', async () => {
    const { db, repos } = newDevice();
    const placeholder = await repos.ensurePlaceholderEmployee(user);
    const id = await repos.createTrainingRequest(user, { ...input, employee_id: placeholder });
    expect((await db.training_requests.get(id))?.business_impact).toBeNull();
    await db.outbox.clear();
    const employeeId = await repos.editTrainingRequest(
      user,
      id,
      { business_impact: 'low', duration: 21 },
      { first_name: 'Inès', last_name: 'Dubois', department: 'hr' },
    );
    expect(await db.training_employees.get(employeeId!)).toMatchObject({
      company_id: user,
      first_name: 'Inès',
      last_name: 'Dubois',
      department: 'hr',
      category: 'employee',
    });
    expect(await db.training_requests.get(id)).toMatchObject({
      employee_id: employeeId,
      business_impact: 'low',
      duration: 21,
    });
    const outbox = await db.outbox.toArray();
    expect(outbox.map((m) => [m.table, m.op])).toEqual([
      ['training_employees', 'insert'],
      ['training_requests', 'update'],
    ]);
    expect(outbox[1]!.fields).toEqual({
      business_impact: 'low',
      duration: 21,
      employee_id: employeeId,
    });
  });

  it('nothing changed: nothing written', async () => {
    const { db, repos } = newDevice();
    const id = await repos.createTrainingRequest(user, input);
    await db.outbox.clear();
    expect(await repos.editTrainingRequest(user, id, {})).toBeNull();
    expect(await db.outbox.count()).toBe(0);
  });

  it('a new request goes to the placeholder employee, never to a named one', async () => {
    const { repos } = newDevice();
    const named = await repos.createTrainingEmployee(user, { first_name: 'Léa', last_name: 'Roy' });
    const placeholder = await repos.ensurePlaceholderEmployee(user);
    expect(placeholder).not.toBe(named);
    expect(await repos.ensurePlaceholderEmployee(user)).toBe(placeholder);
  });
});

describe('a survey with its company and its own departments', () => {
  it('keeps both on the row and in the insert mutation', async () => {
    const { db, repos } = newDevice();
    const departments = [{ label: 'Fournil et laboratoire', set: 'other' as const }];
    const id = await repos.createTeamSurvey(user, 'Besoins', {
      company_name: 'Boulangerie Martin',
      departments,
    });
    expect(await db.team_surveys.get(id)).toMatchObject({
      company_name: 'Boulangerie Martin',
      departments,
    });
    const [mutation] = await db.outbox.toArray();
    expect(mutation?.fields).toMatchObject({ company_name: 'Boulangerie Martin', departments });
  });
});
