// The one writer of bench/results/: every bench's report (date, commit, machine, command, figures,
// goals), one file per run, named after the bench and the run's date and time so that the runs
// accumulate as the history docs/benchmarks.md and the README quote (kept in git; logs and
// screenshots beside them are not): bench/results/<bench>-<date>.json for a full run,
// bench/results/<bench>-quick-<date>.json for a quick one (`--quick`, what `npm run bench:ci` runs).
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';

export type RunHeader = {
  bench: string;
  mode: 'quick' | 'full';
  date: string;
  command: string;
  machine: string;
  commit: string | null;
  /** The working tree had changes not committed: the figures are of commit + those changes. */
  uncommittedChanges: boolean | null;
};

function git(root: string, args: string[]): string | null {
  try {
    return execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

/** Date, commit and machine of a run started now. */
export function runHeader(root: string, bench: string, quick: boolean): RunHeader {
  const cpu = cpus();
  const status = git(root, ['status', '--porcelain', '--untracked-files=no']);
  return {
    bench,
    mode: quick ? 'quick' : 'full',
    date: new Date().toISOString(),
    command: `npm run ${bench}${quick ? ' -- --quick' : ''}`,
    machine: `${cpu.length} × ${cpu[0]?.model.trim() ?? '?'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}`,
    commit: git(root, ['rev-parse', '--short=12', 'HEAD']),
    uncommittedChanges: status === null ? null : status.length > 0,
  };
}

/** `bench:sync` run at 2026-11-27T14:05:09Z -> sync-2026-11-27T14-05-09Z.json (sync-quick-... in
 * quick mode). */
export function resultFileName(header: Pick<RunHeader, 'bench' | 'date' | 'mode'>): string {
  const stamp = header.date.replace(/\.\d+Z$/, 'Z').replaceAll(':', '-');
  const mode = header.mode === 'quick' ? '-quick' : '';
  return `${header.bench.replace(/^bench:/, '')}${mode}-${stamp}.json`;
}

/** Writes a run's report; returns the file's path. */
export function writeResult(root: string, report: RunHeader & Record<string, unknown>): string {
  const dir = join(root, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, resultFileName(report));
  writeFileSync(path, `${JSON.stringify(report, null, 2)}\n`);
  return path;
}
