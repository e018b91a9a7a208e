// The training plan: training requests and training employees (02 §2.15-2.16, §3).
import type { LocalDb } from '../database';
import type { TrainingEmployeeRow, TrainingRequestRow, TrainingStatus } from '../rows';
import {
  applyLocalChanges,
  newId,
  rwTransaction,
  type LocalChange,
  type WriteOptions,
} from '../write';
import { liveRows, rowRepository } from './common';

export type TrainingRequestInput = {
  topic: string;
  pedagogical_objectives?: string;
  business_impact?: TrainingRequestRow['business_impact'];
  format: TrainingRequestRow['format'];
  training_organization?: string | null;
  duration: number;
  cost: number;
  funding_type?: string;
  coverage_rate?: number;
  remaining_cost?: number;
  employee_id?: string | null;
  user_name?: string | null;
  user_email?: string | null;
  user_phone?: string | null;
  company_name?: string | null;
  company_siret?: string | null;
  idcc?: string | null;
};

export type TrainingRequestPatch = Partial<TrainingRequestInput> & { status?: TrainingStatus };

export type TrainingEmployeeInput = {
  first_name: string;
  last_name: string;
  department?: TrainingEmployeeRow['department'];
  category?: TrainingEmployeeRow['category'];
  gender?: TrainingEmployeeRow['gender'];
};

/** The placeholder employee created when none exists (02 §3). */
export const PLACEHOLDER_EMPLOYEE: Required<TrainingEmployeeInput> = {
  first_name: 'À',
  last_name: 'définir',
  department: 'other',
  category: 'employee',
  gender: 'M',
};

/** The placeholder row ('À' 'définir'), whatever its other columns became. */
export const isPlaceholderEmployee = (e: { first_name: string; last_name: string }): boolean =>
  e.first_name === PLACEHOLDER_EMPLOYEE.first_name &&
  e.last_name === PLACEHOLDER_EMPLOYEE.last_name;

export function trainingRepository(db: LocalDb, opts: WriteOptions = {}) {
  const rows = rowRepository(db, opts);
  return {
    /** New requests always start 'to_organize'. Returns the new id. */
    async createTrainingRequest(ownerId: string, input: TrainingRequestInput): Promise<string> {
      return rows.insertRow(ownerId, 'training_requests', {
        pedagogical_objectives: '',
        // Not filled until the user chooses (issue 29): never a value nobody chose.
        business_impact: null,
        training_organization: null,
        funding_type: 'OPCO',
        coverage_rate: 100,
        remaining_cost: 0,
        employee_id: null,
        user_name: null,
        user_email: null,
        user_phone: null,
        company_name: null,
        company_siret: null,
        idcc: null,
        ...input,
        status: 'to_organize',
      });
    },
    updateTrainingRequest: (ownerId: string, id: string, patch: TrainingRequestPatch) =>
      rows.updateRow(ownerId, 'training_requests', id, patch),
    /**
     * An edit of a request (issue 29), with the employee typed in the form created in the same
     * transaction when there is one: the request then points to it. Only changed columns become
     * mutations. Returns the employee id the request now has (unchanged when none is given).
     */
    async editTrainingRequest(
      ownerId: string,
      id: string,
      patch: TrainingRequestPatch,
      newEmployee?: TrainingEmployeeInput,
    ): Promise<string | null> {
      const employeeId = newEmployee ? (opts.newId ?? newId)() : null;
      const changes: LocalChange[] = [];
      if (newEmployee && employeeId)
        changes.push({
          table: 'training_employees',
          op: 'insert',
          rowId: employeeId,
          fields: { category: 'employee', gender: null, ...newEmployee },
        });
      const fields = employeeId ? { ...patch, employee_id: employeeId } : patch;
      if (Object.keys(fields).length > 0)
        changes.push({ table: 'training_requests', op: 'update', rowId: id, fields });
      if (changes.length > 0) await applyLocalChanges(db, ownerId, changes, opts);
      return employeeId ?? patch.employee_id ?? null;
    },
    setTrainingRequestStatus: (ownerId: string, id: string, status: TrainingStatus) =>
      rows.updateRow(ownerId, 'training_requests', id, { status }),
    deleteTrainingRequest: (ownerId: string, id: string) =>
      rows.softDeleteRow(ownerId, 'training_requests', id),

    /**
     * The owner's live placeholder employee ('À définir'), or a new one. Returns its id. (Before
     * employees could be named, this was the first live employee: now that a request's employee
     * can be set, a new request must not go to someone else's name.)
     */
    async ensurePlaceholderEmployee(ownerId: string): Promise<string> {
      return rwTransaction(db, [db.training_employees, db.outbox, db.server_rows], async () => {
        const employees = await liveRows(db, 'training_employees', ownerId);
        const placeholder = employees.find(isPlaceholderEmployee);
        if (placeholder) return placeholder.id;
        const id = newId();
        await applyLocalChanges(
          db,
          ownerId,
          [
            {
              table: 'training_employees',
              op: 'insert',
              rowId: id,
              fields: { ...PLACEHOLDER_EMPLOYEE },
            },
          ],
          opts,
        );
        return id;
      });
    },
    createTrainingEmployee: (ownerId: string, input: TrainingEmployeeInput) =>
      rows.insertRow(ownerId, 'training_employees', {
        department: 'other',
        category: 'employee',
        gender: null,
        ...input,
      }),
    updateTrainingEmployee: (ownerId: string, id: string, patch: Partial<TrainingEmployeeInput>) =>
      rows.updateRow(ownerId, 'training_employees', id, patch),
    deleteTrainingEmployee: (ownerId: string, id: string) =>
      rows.softDeleteRow(ownerId, 'training_employees', id),

    listTrainingRequests: (ownerId: string) => liveRows(db, 'training_requests', ownerId),
    listTrainingEmployees: (ownerId: string) => liveRows(db, 'training_employees', ownerId),
  };
}
