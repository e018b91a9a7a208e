// Timing helpers of bench:csv: candidates run interleaved so that load changes hit them alike,
// each from a collected heap (the script runs with --expose-gc): a run pays for its own garbage,
// not for the one before it. Without it, raw unparse's ~2 MB of strings were collected during the
// export run that follows it: the same code measured 1.08-1.65x raw one run to the next.
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** A full collection, so that the next timed run starts from the same heap as the others. */
function collect(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (typeof gc !== 'function') throw new Error('bench:csv needs node --expose-gc (package.json)');
  gc();
}

/** Median time of each function, the functions run in turn (A, B, C, A, B, C…) after a warm-up. */
export async function interleaved(runs: number, fns: (() => unknown)[]): Promise<number[]> {
  return (await interleavedRuns(runs, fns)).map(median);
}

/** Every run's time of each function (same order as interleaved). */
export async function interleavedRuns(runs: number, fns: (() => unknown)[]): Promise<number[][]> {
  for (const fn of fns) await fn(); // warm-up
  const times = fns.map(() => [] as number[]);
  for (let r = 0; r < runs; r++) {
    for (let i = 0; i < fns.length; i++) {
      collect();
      const t0 = performance.now();
      await fns[i]!();
      times[i]!.push(performance.now() - t0);
    }
  }
  return times;
}

/** Median of the per-run ratios a[i] / b[i] (runs side by side share the machine's load). */
export const pairedRatio = (a: number[], b: number[]) => median(a.map((x, i) => x / b[i]!));
export { median };

export const fmt = (ms: number) => `${ms.toFixed(1).padStart(8)} ms`;
