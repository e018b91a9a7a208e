// Simulations and the companies derived from them (one live simulation per (owner, siret), at
// most 3 companies). The server enforces the same rules (company_limit, update_limit); checking
// them here gives the answer at once, offline included.
import type { LocalDb } from '../database';
import { LocalStoreError } from '../errors';
import type { SimulationRow } from '../rows';
import {
  applyLocalChanges,
  newId,
  rwTransaction,
  type LocalChange,
  type WriteOptions,
} from '../write';
import { liveRows } from './common';

export const MAX_COMPANIES = 3;
export const MAX_SIMULATION_UPDATES = 3;

/** Fields that count as a budget change (update_count). */
const BUDGET_FIELDS = [
  'idcc',
  'employee_range_min',
  'employee_range_max',
  'budget_type',
  'budget_legal',
  'budget_convention',
  'budget_total',
  'budget_condition',
  'opco_name',
  'taux_prise_en_charge',
] as const;

export type SimulationInput = {
  company_name: string;
  company_address?: string;
  company_siret: string;
  code_naf?: string | null;
  idcc?: string | null;
  employee_range_min: number;
  employee_range_max: number;
  budget_type?: SimulationRow['budget_type'];
  budget_legal?: number | null;
  budget_convention?: number | null;
  budget_total?: number | null;
  budget_condition?: string | null;
  opco_name?: string | null;
  taux_prise_en_charge?: number;
};

/** A company: the latest live simulation of a siret. */
export type Company = {
  siret: string;
  name: string;
  address: string;
  simulation: SimulationRow;
};

/** Groups live simulations (newest first) by siret, keeping the latest. */
export function deriveCompanies(simulations: readonly SimulationRow[]): Company[] {
  const bySiret = new Map<string, Company>();
  for (const s of simulations) {
    if (s.deleted_at || bySiret.has(s.company_siret)) continue;
    bySiret.set(s.company_siret, {
      siret: s.company_siret,
      name: s.company_name,
      address: s.company_address,
      simulation: s,
    });
  }
  return [...bySiret.values()];
}

export function simulationsRepository(db: LocalDb, opts: WriteOptions = {}) {
  const liveForSiret = async (ownerId: string, siret: string) =>
    (
      await db.simulations.where('[profile_id+company_siret]').equals([ownerId, siret]).toArray()
    ).filter((s) => !s.deleted_at);

  return {
    /**
     * Creates the simulation of a company, or updates the live one of that siret. Refuses a 4th
     * company ('company_limit') and a 4th budget change ('update_limit').
     */
    async saveSimulation(
      ownerId: string,
      input: SimulationInput,
    ): Promise<{ id: string; created: boolean }> {
      return rwTransaction(db, [db.simulations, db.outbox, db.server_rows], async () => {
        const [existing] = await liveForSiret(ownerId, input.company_siret);
        if (existing) {
          const budgetChanged = BUDGET_FIELDS.some(
            (f) =>
              input[f] !== undefined && JSON.stringify(input[f]) !== JSON.stringify(existing[f]),
          );
          if (budgetChanged && existing.update_count >= MAX_SIMULATION_UPDATES) {
            throw new LocalStoreError('update_limit');
          }
          await applyLocalChanges(
            db,
            ownerId,
            [{ table: 'simulations', op: 'update', rowId: existing.id, fields: input }],
            opts,
          );
          return { id: existing.id, created: false };
        }
        const companies = deriveCompanies(await liveRows(db, 'simulations', ownerId));
        if (companies.length >= MAX_COMPANIES) throw new LocalStoreError('company_limit');
        const id = newId();
        await applyLocalChanges(
          db,
          ownerId,
          [
            {
              table: 'simulations',
              op: 'insert',
              rowId: id,
              fields: {
                company_address: '',
                budget_type: 'UNKNOWN',
                taux_prise_en_charge: 0,
                code_naf: null,
                idcc: null,
                budget_legal: null,
                budget_convention: null,
                budget_total: null,
                budget_condition: null,
                opco_name: null,
                ...input,
              },
            },
          ],
          opts,
        );
        return { id, created: true };
      });
    },

    /**
     * Deletes a company: soft-deletes its simulation(s) and the unlock requests, training
     * requests and amounts confirmed by the OPCO carrying that siret, in one transaction.
     */
    async deleteCompany(ownerId: string, siret: string): Promise<number> {
      return rwTransaction(
        db,
        [
          db.simulations,
          db.survey_responses,
          db.training_requests,
          db.opco_confirmations,
          db.outbox,
          db.server_rows,
        ],
        async () => {
          const changes: LocalChange[] = [];
          for (const s of await liveForSiret(ownerId, siret))
            changes.push({ table: 'simulations', op: 'delete', rowId: s.id });
          const unlock = await db.survey_responses
            .where('[profile_id+company_siret]')
            .equals([ownerId, siret])
            .toArray();
          for (const r of unlock)
            if (!r.deleted_at)
              changes.push({ table: 'survey_responses', op: 'delete', rowId: r.id });
          const training = await db.training_requests
            .where('[company_id+company_siret]')
            .equals([ownerId, siret])
            .toArray();
          for (const r of training)
            if (!r.deleted_at)
              changes.push({ table: 'training_requests', op: 'delete', rowId: r.id });
          const confirmed = await db.opco_confirmations
            .where('[profile_id+company_siret]')
            .equals([ownerId, siret])
            .toArray();
          for (const r of confirmed)
            if (!r.deleted_at)
              changes.push({ table: 'opco_confirmations', op: 'delete', rowId: r.id });
          await applyLocalChanges(db, ownerId, changes, opts);
          return changes.length;
        },
      );
    },

    listSimulations: (ownerId: string) => liveRows(db, 'simulations', ownerId),

    async listCompanies(ownerId: string): Promise<Company[]> {
      return deriveCompanies(await liveRows(db, 'simulations', ownerId));
    },
  };
}
