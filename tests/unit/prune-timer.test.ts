// The embedded backend's pruning timer (server/db/prune.ts): a first run after a delay, then
// periodic runs, batch after batch until a short one, stopped cleanly with the backend.
import { describe, expect, it } from 'vitest';
import { startPruning } from '../../server/db/prune';

function manualTimers() {
  const pending: Array<{ fn: () => void; ms: number; id: number }> = [];
  let next = 1;
  return {
    pending,
    setTimer: (fn: () => void, ms: number) => {
      const id = next++;
      pending.push({ fn, ms, id });
      return { id } as unknown as { unref?(): unknown };
    },
    clearTimer: (h: unknown) => {
      const i = pending.findIndex((p) => p.id === (h as { id: number }).id);
      if (i >= 0) pending.splice(i, 1);
    },
    fire: () => pending.shift()!.fn(),
  };
}

describe('startPruning', () => {
  it('runs after the first delay, in batches until a short one, then again after the interval', async () => {
    const answers = [5, 5, 2, 0];
    const calls: unknown[][] = [];
    const db = {
      query: async <T>(sql: string, params?: unknown[]) => {
        calls.push([sql, params]);
        return [{ n: answers.shift() ?? 0 }] as T[];
      },
    };
    const timers = manualTimers();
    const logs: string[] = [];
    const pruner = startPruning(db, {
      batch: 5,
      firstDelayMs: 1000,
      intervalMs: 9000,
      setTimer: timers.setTimer,
      clearTimer: timers.clearTimer,
      log: (l) => logs.push(l),
    });
    expect(timers.pending.map((p) => p.ms)).toEqual([1000]);
    expect(calls).toHaveLength(0);
    timers.fire();
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toHaveLength(3);
    expect(calls[0]).toEqual(['select sync.prune_applied($1::interval, $2) as n', ['60 days', 5]]);
    expect(logs).toEqual(['[backend] sync records pruned: 12']);
    expect(timers.pending.map((p) => p.ms)).toEqual([9000]);
    await pruner.stop();
    expect(timers.pending).toHaveLength(0);
  });

  it('a failed run is logged and the timer goes on', async () => {
    const timers = manualTimers();
    const logs: string[] = [];
    startPruning(
      {
        query: async () => {
          throw new Error('database closed');
        },
      },
      { setTimer: timers.setTimer, clearTimer: timers.clearTimer, log: (l) => logs.push(l) },
    );
    timers.fire();
    await new Promise((r) => setTimeout(r, 20));
    expect(logs[0]).toMatch(/pruning failed: Error: database closed/);
    expect(timers.pending).toHaveLength(1);
  });
});
