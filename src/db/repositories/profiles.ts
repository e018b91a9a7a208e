// The signed-in user's profile (created by the server at sign-up, then pulled) and referrals
// (pull-only).
import type { LocalDb } from '../database';
import type { ProfileRow } from '../rows';
import type { WriteOptions } from '../write';
import { liveRow, liveRows, rowRepository } from './common';

export type ProfilePatch = Partial<
  Pick<
    ProfileRow,
    | 'contact_name'
    | 'contact_email'
    | 'contact_phone'
    | 'contact_role'
    | 'company_name'
    | 'company_address'
    | 'company_siret'
    | 'code_naf'
  >
>;

export function profilesRepository(db: LocalDb, opts: WriteOptions = {}) {
  const rows = rowRepository(db, opts);
  return {
    /** Updates the profile (it must have been pulled once: LocalStoreError 'not_found' otherwise). */
    updateProfile: (ownerId: string, patch: ProfilePatch) =>
      rows.updateRow(ownerId, 'profiles', ownerId, patch),
    getProfile: (ownerId: string) => liveRow(db, 'profiles', ownerId, ownerId),
    listReferrals: (ownerId: string) => liveRows(db, 'referrals', ownerId),
  };
}
