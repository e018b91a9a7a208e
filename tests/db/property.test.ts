// Property (in-memory server, same semantics as the SQL functions): 200 seeds by default
// (SYNC_PROPERTY_SEEDS to change). tests/sync/property-backend.test.ts runs the same scenario
// against the real backend with fewer seeds.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FakeServer, fakeRemote, testToken } from '../../sync/testing/fake-server';
import { commandArb, coverage, runScenario, type ScenarioBackend } from './property-scenario';
import { uuid } from './helpers';

export const SEEDS = Number(process.env.SYNC_PROPERTY_SEEDS ?? 200);

function inMemory(): ScenarioBackend {
  const server = new FakeServer();
  return {
    async newUser() {
      const userId = uuid();
      server.adminUpsert('profiles', {
        id: userId,
        contact_name: 'P',
        contact_email: 'p@example.test',
      });
      const token = testToken(userId);
      return { userId, token: () => token };
    },
    remote: () => fakeRemote(server),
    rows: async (table, userId) => server.rows(table, userId),
    async results(userId, ids) {
      return new Map(
        ids.flatMap((id) => {
          const r = server.applied.get(`${userId}:${id}`);
          return r ? [[id, r] as const] : [];
        }),
      );
    },
    effects: (id) => server.effects.get(id) ?? 0,
  };
}

describe('property: convergence and accounting under random failures (in-memory server)', () => {
  it(`converges with no lost or duplicated change (${SEEDS} seeds)`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .integer({ min: 2, max: 3 })
          .chain((n) =>
            fc.tuple(fc.constant(n), fc.array(commandArb(n), { minLength: 5, maxLength: 40 })),
          ),
        async ([n, cmds]) => {
          await runScenario(inMemory(), n, cmds);
        },
      ),
      { numRuns: SEEDS, endOnFailure: true },
    );
    if (SEEDS >= 100) {
      expect(coverage.conflicts).toBeGreaterThan(0);
      expect(coverage.deadLetters).toBeGreaterThan(0);
      expect(coverage.faults).toBeGreaterThan(0);
    }
    if (process.env.SYNC_PROPERTY_VERBOSE) console.log(coverage);
  }, 600_000);
});
