// Amounts the company's OPCO confirmed (table opco_confirmations, issue 27 item 7): recorded on the
// device first (row + outbox mutation in one transaction), replicated by the sync engine. The
// server copies the company's IDCC and headcount from its simulation (server-owned): the values
// written here are the same ones, so the row reads the same before and after the pull.
import type { LocalDb } from '../database';
import { LocalStoreError } from '../errors';
import type { ConfirmationBasis } from '@/domain/opco-confirmation';
import type { OpcoConfirmationRow } from '../rows';
import type { WriteOptions } from '../write';
import { liveRows, rowRepository } from './common';

export type OpcoConfirmationInput = {
  company_siret: string;
  opco_name: string | null;
  amount_cents: number;
  amount_basis: ConfirmationBasis;
  /** yyyy-mm-dd */
  confirmed_on: string;
  comment: string | null;
};

export function opcoConfirmationsRepository(db: LocalDb, opts: WriteOptions = {}) {
  const rows = rowRepository(db, opts);
  return {
    /** Records what the OPCO confirmed for one of the owner's live companies; returns its id. */
    async recordOpcoConfirmation(ownerId: string, input: OpcoConfirmationInput): Promise<string> {
      const company = (
        await db.simulations
          .where('[profile_id+company_siret]')
          .equals([ownerId, input.company_siret])
          .toArray()
      ).find((s) => !s.deleted_at);
      if (!company) throw new LocalStoreError('not_found', `company ${input.company_siret}`);
      return rows.insertRow(ownerId, 'opco_confirmations', {
        ...input,
        idcc: company.idcc,
        employee_range_min: company.employee_range_min,
        employee_range_max: company.employee_range_max,
      });
    },
    deleteOpcoConfirmation: (ownerId: string, id: string) =>
      rows.softDeleteRow(ownerId, 'opco_confirmations', id),
    /** The owner's live confirmations, newest recorded first. */
    listOpcoConfirmations: (ownerId: string): Promise<OpcoConfirmationRow[]> =>
      liveRows(db, 'opco_confirmations', ownerId),
  };
}
