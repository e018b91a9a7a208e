// Issue 27 item 7, synced: an amount confirmed by the OPCO recorded on a device offline reaches the
// server when the network is back (with the company's IDCC and headcount, the server's own copy),
// and every other device of the user pulls it; a confirmation whose company was deleted on another
// device meanwhile is refused and kept on the device, in French, never lost. Devices are Dexie on
// fake-indexeddb; the backend is the real embedded one (tests/setup/backend-global.ts).
import { describe, expect, it } from 'vitest';
import { describeDeadLetter } from '@/lib/sync/notices';
import { siret } from '../db/helpers';
import { devicesOfEachTest, newUser, serverRows, settle } from './helpers';

const dev = devicesOfEachTest();

const company = (s: string) => ({
  company_name: 'Atelier Martin',
  company_siret: s,
  idcc: '1486',
  employee_range_min: 11,
  employee_range_max: 49,
  opco_name: 'Atlas',
});

const confirmation = (s: string) => ({
  company_siret: s,
  opco_name: 'Atlas',
  amount_cents: 600_000,
  amount_basis: 'HT' as const,
  confirmed_on: '2026-11-20',
  comment: 'Courriel de la conseillère du 20 novembre',
});

describe('amounts confirmed by the OPCO, synced', () => {
  it('recorded offline, kept across the offline period, synced when back online, pulled by the other device', async () => {
    const user = await newUser();
    const s = siret(4201);
    const a = dev(user, { online: false });
    a.engine.start();
    await a.repos.saveSimulation(user.id, company(s));
    const id = await a.repos.recordOpcoConfirmation(user.id, confirmation(s));
    await a.engine.idle();
    expect(a.requests()).toBe(0);
    expect(a.engine.status.phase).toBe('offline');
    expect(await a.db.outbox.count()).toBe(2);
    expect(await a.db.opco_confirmations.get(id)).toMatchObject({ sync_version: 0 });

    a.env.goOnline();
    await settle(a);
    const [stored] = await serverRows('opco_confirmations', 'profile_id', user.id);
    expect(stored).toMatchObject({
      id,
      company_siret: s,
      idcc: '1486',
      employee_range_min: 11,
      employee_range_max: 49,
      opco_name: 'Atlas',
      amount_cents: 600_000,
      amount_basis: 'HT',
      confirmed_on: '2026-11-20',
      comment: 'Courriel de la conseillère du 20 novembre',
      deleted_at: null,
    });
    // The device now holds the server's version of the row.
    expect(Number((await a.db.opco_confirmations.get(id))!.sync_version)).toBeGreaterThan(0);

    const b = dev(user);
    await settle(b);
    expect(await b.repos.listOpcoConfirmations(user.id)).toEqual([
      expect.objectContaining({ id, amount_cents: 600_000, confirmed_on: '2026-11-20' }),
    ]);
    expect(await a.repos.listDeadLetters(user.id)).toEqual([]);

    // Deleted on B: gone from A after its next sync, on the server a soft delete.
    await b.repos.deleteOpcoConfirmation(user.id, id);
    await settle(b);
    await settle(a);
    expect(await a.repos.listOpcoConfirmations(user.id)).toEqual([]);
    const [after] = await serverRows('opco_confirmations', 'profile_id', user.id);
    expect(after!.deleted_at).not.toBeNull();
  });

  it('the company deleted on another device meanwhile: refused, kept as a refused change in French', async () => {
    const user = await newUser();
    const s = siret(4202);
    const a = dev(user);
    await a.repos.saveSimulation(user.id, company(s));
    await settle(a);
    const b = dev(user);
    await settle(b);

    a.env.goOffline();
    const id = await a.repos.recordOpcoConfirmation(user.id, confirmation(s));
    await b.repos.deleteCompany(user.id, s);
    await settle(b);
    a.env.goOnline();
    await settle(a);

    expect(await serverRows('opco_confirmations', 'profile_id', user.id)).toEqual([]);
    const [dead] = await a.repos.listDeadLetters(user.id);
    expect(dead).toMatchObject({
      table: 'opco_confirmations',
      row_id: id,
      code: 'company_not_found',
    });
    expect(dead!.fields).toMatchObject({ amount_cents: 600_000 });
    expect(describeDeadLetter(dead!).text).toBe(
      "Une modification sur un montant confirmé par votre OPCO a été refusée : l'entreprise concernée n'existe plus dans votre compte",
    );
  });
});
