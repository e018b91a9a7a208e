// Shared by every bench:* script: the quick mode CI runs, the goals and how a run reports them.
//
// - Full mode (`npm run bench:x`): the figures the README's benchmark table quotes.
// - Quick mode (`npm run bench:x -- --quick`, or BENCH_QUICK=1): small N, a few seconds; what
//   `npm run bench:ci` (CI) runs. The run fails (exit code 1) when the script breaks or when a goal
//   is missed by a wide margin.
//
// Goals are ratios to a baseline measured in the same run, or deterministic sizes, counts and
// scores: never an absolute time or rate, which follows the machine (2 shared cores measured
// 2,918–8,243 rows/s for the same code). `goal()` refuses one; an absolute figure is reported with
// `measured()`, beside the goals, judged by nothing.
//
// Every bench ends with `finish(report)`: the report (JSON) goes to stdout and, through the one
// writer bench/lib/results.ts, to bench/results/<name>-<date>.json with the date, the commit, the
// machine and the command; the goals table goes to stderr.
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { runHeader, writeResult, type RunHeader } from './results';

export const QUICK = process.argv.includes('--quick') || process.env.BENCH_QUICK === '1';

/** The full-mode value, or the quick-mode one. */
export const pick = <T>(full: T, quick: T): T => (QUICK ? quick : full);

export const ROOT = resolve(import.meta.dirname, '..', '..');

export type Goal = {
  name: string;
  /** The measured value, as printed (with its unit). */
  value: string;
  /** The goal, as the README states it (e.g. '>= 0.5', '<= 120 KB'). */
  goal: string;
  met: boolean;
  /** Missed by a wide margin: the run fails (quick and full mode alike). */
  wideMiss: boolean;
  /** The quick mode's failure limit, as text (shown beside the goal). */
  failsAt: string;
};

const goals: Goal[] = [];

/** A goal with a numeric value: `at` the goal, `failAt` the wide-margin limit (same direction). */
export function goal(
  name: string,
  value: number,
  opts: {
    atMost?: number;
    atLeast?: number;
    /** Limit beyond which the run fails (defaults to the goal itself: deterministic values). */
    failAbove?: number;
    failBelow?: number;
    unit?: string;
    digits?: number;
  },
): Goal {
  const unit = opts.unit ?? '';
  if (/^\s*m?s$/.test(unit) || /\/s\b/.test(`${name} ${unit}`))
    throw new Error(
      `goal ${name}: a timing or a rate is not a goal (it follows the machine); make it a ratio to a baseline measured in the same run, or report it with measured()`,
    );
  const d = opts.digits ?? 2;
  const show = (n: number) => `${Number(n.toFixed(d))}${unit}`;
  let g: Goal;
  if (opts.atMost !== undefined) {
    const fail = opts.failAbove ?? opts.atMost;
    g = {
      name,
      value: show(value),
      goal: `<= ${show(opts.atMost)}`,
      met: value <= opts.atMost,
      wideMiss: !(value <= fail),
      failsAt: `> ${show(fail)}`,
    };
  } else if (opts.atLeast !== undefined) {
    const fail = opts.failBelow ?? opts.atLeast;
    g = {
      name,
      value: show(value),
      goal: `>= ${show(opts.atLeast)}`,
      met: value >= opts.atLeast,
      wideMiss: !(value >= fail),
      failsAt: `< ${show(fail)}`,
    };
  } else throw new Error(`goal ${name}: atMost or atLeast`);
  goals.push(g);
  return g;
}

/** An absolute figure (a time, a rate), reported beside the goals and judged by nothing. */
export function measured(name: string, value: number, unit: string, digits = 0): Goal {
  const g: Goal = {
    name,
    value: `${Number(value.toFixed(digits)).toLocaleString('en')}${unit}`,
    goal: 'none (absolute)',
    met: true,
    wideMiss: false,
    failsAt: 'never',
  };
  goals.push(g);
  return g;
}

/** A condition that must hold (no error, every row applied...): failing it fails the run. */
export function must(name: string, ok: boolean, value: string): Goal {
  const g: Goal = {
    name,
    value,
    goal: 'must hold',
    met: ok,
    wideMiss: !ok,
    failsAt: 'false',
  };
  goals.push(g);
  return g;
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

/** Nearest-rank percentile (p in 0..100). */
export function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  if (!s.length) return NaN;
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}

export const round = (n: number, digits = 0) => Number(n.toFixed(digits));

type RunInfo = RunHeader & { loadAverageAtStart: string };

let info: RunInfo | null = null;

/** Call first: records the start of the run (date, commit, machine, load). */
export function start(name: string): RunInfo {
  info = { ...runHeader(ROOT, name, QUICK), loadAverageAtStart: loadavg()[0]!.toFixed(2) };
  return info;
}

/**
 * Prints the report (stdout, JSON) and the goals (stderr), saves both to bench/results, and exits:
 * 1 when a goal is missed by a wide margin or a `must` fails, else 0.
 */
export function finish(report: Record<string, unknown>): never {
  if (!info) throw new Error('start(name) was not called');
  const full = {
    ...info,
    loadAverageAtEnd: loadavg()[0]!.toFixed(2),
    ...report,
    goals,
  };
  console.log(JSON.stringify(full, null, 2));
  const saved = writeResult(ROOT, full);
  const failed = goals.filter((g) => g.wideMiss);
  const width = Math.max(10, ...goals.map((g) => g.name.length));
  const lines = goals.map((g) =>
    g.failsAt === 'never'
      ? `  info  ${g.name.padEnd(width)}  ${g.value.padStart(10)}   (absolute: no goal)`
      : `  ${g.wideMiss ? 'FAIL' : g.met ? 'ok  ' : 'miss'}  ${g.name.padEnd(width)}  ${g.value.padStart(10)}   goal ${g.goal}   (fails ${g.failsAt})`,
  );
  console.error(`\n${info.bench} (${info.mode}) goals:\n${lines.join('\n')}\n  report: ${saved}`);
  if (failed.length) {
    console.error(
      `\n${info.bench}: ${failed.length} goal(s) missed by a wide margin: ${failed.map((g) => g.name).join(', ')}`,
    );
    process.exit(1);
  }
  process.exit(0);
}

/** Runs main; a thrown error (the script broke) fails the run. */
export function run(name: string, main: () => Promise<Record<string, unknown>>): void {
  start(name);
  main().then(finish, (e: unknown) => {
    console.error(`${name} failed:`, e);
    process.exit(1);
  });
}
