// The training plan: training requests and training employees (02 §2.15-2.16, §3).
import type { LocalDb } from '../database';
import type { TrainingEmployeeRow, TrainingRequestRow, TrainingStatus } from '../rows';
import { applyLocalChanges, newId, rwTransaction, type WriteOptions } from '../write';
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
  /** (issue 30) the coverage rate is the user's own figure */
  coverage_override?: boolean;
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

export function trainingRepository(db: LocalDb, opts: WriteOptions = {}) {
  const rows = rowRepository(db, opts);
  return {
    /** New requests always start 'to_organize'. Returns the new id. */
    async createTrainingRequest(ownerId: string, input: TrainingRequestInput): Promise<string> {
      return rows.insertRow(ownerId, 'training_requests', {
        pedagogical_objectives: '',
        business_impact: 'medium',
        training_organization: null,
        funding_type: 'OPCO',
        coverage_rate: 100,
        remaining_cost: 0,
        coverage_override: false,
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
    setTrainingRequestStatus: (ownerId: string, id: string, status: TrainingStatus) =>
      rows.updateRow(ownerId, 'training_requests', id, { status }),
    deleteTrainingRequest: (ownerId: string, id: string) =>
      rows.softDeleteRow(ownerId, 'training_requests', id),

    /** The owner's first live employee, or a new placeholder one ('À définir'). Returns its id. */
    async ensurePlaceholderEmployee(ownerId: string): Promise<string> {
      return rwTransaction(db, [db.training_employees, db.outbox, db.server_rows], async () => {
        const [first] = await liveRows(db, 'training_employees', ownerId);
        if (first) return first.id;
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
