// The property of tests/db/property-scenario.ts against the REAL backend (fewer seeds: each run
// signs a user up and syncs 2-3 devices through PostgREST and Postgres): convergence, and every
// mutation applied exactly once (one record per id in sync.applied_mutations), a shown conflict, or a
// dead letter. SYNC_PROPERTY_BACKEND_SEEDS changes the number of seeds (default 25).
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { createSupabaseRemote, type MutationResult } from '../../sync';
import { serviceClient } from '../../server/testing/backend';
import { commandArb, runScenario, type ScenarioBackend } from '../db/property-scenario';
import { backend, newUser, serverRows, supabaseFor } from './helpers';

const SEEDS = Number(process.env.SYNC_PROPERTY_BACKEND_SEEDS ?? 25);

const OWNER = { simulations: 'profile_id', training_requests: 'company_id' } as Record<
  string,
  string
>;

const realBackend: ScenarioBackend = {
  async newUser() {
    const user = await newUser();
    return { userId: user.id, token: () => user.token };
  },
  remote: () => createSupabaseRemote({ createClient: (f) => supabaseFor(f) }),
  rows: (table, userId) => serverRows(table, OWNER[table] ?? 'id', userId),
  async results(userId, ids) {
    const out = new Map<string, MutationResult>();
    const wanted = new Set(ids);
    const { data, error } = await serviceClient(backend).rpc('sync_applied_records', {
      p_user_id: userId,
    });
    if (error) throw new Error(error.message);
    for (const r of data as Array<{ mutation_id: string; result: MutationResult }>)
      if (wanted.has(r.mutation_id)) out.set(r.mutation_id, r.result);
    return out;
  },
};

describe('property against the real backend', () => {
  it(`converges with no lost or duplicated change (${SEEDS} seeds)`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .integer({ min: 2, max: 3 })
          .chain((n) =>
            fc.tuple(fc.constant(n), fc.array(commandArb(n), { minLength: 5, maxLength: 30 })),
          ),
        async ([n, cmds]) => {
          await runScenario(realBackend, n, cmds);
        },
      ),
      { numRuns: SEEDS, endOnFailure: true },
    );
  }, 600_000);
});
