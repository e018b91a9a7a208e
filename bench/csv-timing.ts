// Timing helpers of bench:csv: candidates run interleaved so that load changes hit them alike.
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

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
