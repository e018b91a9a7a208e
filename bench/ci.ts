// npm run bench:ci — every bench of package.json in its quick mode, one after the other: what CI
// runs (.ci/run). A bench fails the step when its script breaks or a goal is missed by a wide
// margin (bench/lib/harness.ts). Every goal is a ratio to a baseline measured in the same run (or a
// deterministic size, count or score): absolute times and rates are printed beside the goals and
// fail nothing, since on CI's 2 shared cores they follow the machine, not the code. The reports go
// to bench/results/<bench>-quick-<date>.json, each bench's log to bench/results/logs/ci-<bench>.log.
//
// Adding a bench: add its `bench:<name>` script to package.json (it must accept `--quick` and use
// bench/lib/harness.ts) and one line to BENCHES below. A bench:* script missing here fails the run,
// so that no bench can be left out of CI.
//   npm run bench:ci                      every bench
//   npm run bench:ci -- bench:sync ...    only those
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './lib/harness';

type BenchEntry = {
  /** It binds the fixed ports 54321 / 4173 (npm start): run under `flock /tmp/e2e.lock`. */
  fixedPorts?: boolean;
};

/** The one place CI's benches are listed (package.json script name -> how to run it). */
export const BENCHES: Record<string, BenchEntry> = {
  'bench:bundle': {},
  'bench:csv': {},
  'bench:sync': {},
  'bench:backend': {},
  'bench:auth': {},
  'bench:registry': {},
  'bench:load': {},
  'bench:soak': {},
  'bench:lighthouse': { fixedPorts: true },
  'bench:live': { fixedPorts: true },
  'bench:browser': { fixedPorts: true },
  'bench:reconnect': { fixedPorts: true },
};

const NOT_BENCHES = new Set(['bench:ci']);

type Outcome = { script: string; ok: boolean; seconds: number; log: string };

function runOne(script: string, entry: BenchEntry): Promise<Outcome> {
  const npm = ['npm', 'run', '-s', script, '--', '--quick'];
  const [cmd, ...args] = entry.fixedPorts ? ['flock', '/tmp/e2e.lock', ...npm] : npm;
  const t0 = performance.now();
  return new Promise((resolve) => {
    const child = spawn(cmd!, args, {
      cwd: ROOT,
      env: { ...process.env, BENCH_QUICK: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout.on('data', (d: Buffer) => (log += d.toString()));
    child.stderr.on('data', (d: Buffer) => {
      log += d.toString();
      process.stderr.write(d);
    });
    child.once('close', (code) =>
      resolve({ script, ok: code === 0, seconds: (performance.now() - t0) / 1000, log }),
    );
  });
}

async function main() {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const declared = Object.keys(pkg.scripts).filter(
    (s) => s.startsWith('bench:') && !NOT_BENCHES.has(s),
  );
  const unlisted = declared.filter((s) => !(s in BENCHES));
  const missing = Object.keys(BENCHES).filter((s) => !declared.includes(s));
  if (unlisted.length || missing.length) {
    console.error(
      [
        unlisted.length
          ? `bench:ci: not listed in bench/ci.ts BENCHES: ${unlisted.join(', ')}`
          : '',
        missing.length ? `bench:ci: listed but not in package.json: ${missing.join(', ')}` : '',
      ]
        .filter(Boolean)
        .join('\n'),
    );
    process.exit(1);
  }
  const wanted = process.argv.slice(2).filter((a) => a.startsWith('bench:'));
  const unknown = wanted.filter((w) => !(w in BENCHES));
  if (unknown.length) {
    console.error(`bench:ci: unknown bench(es): ${unknown.join(', ')}`);
    process.exit(1);
  }
  const selected = wanted.length ? wanted : Object.keys(BENCHES);

  const outcomes: Outcome[] = [];
  for (const script of selected) {
    console.error(`\n--- ${script} --quick`);
    outcomes.push(await runOne(script, BENCHES[script]!));
  }
  const dir = join(ROOT, 'bench', 'results', 'logs');
  mkdirSync(dir, { recursive: true });
  for (const o of outcomes) writeFileSync(join(dir, `ci-${o.script.slice(6)}.log`), o.log);
  console.error('\nbench:ci (quick mode)');
  for (const o of outcomes)
    console.error(`  ${o.ok ? 'ok  ' : 'FAIL'}  ${o.script.padEnd(20)} ${o.seconds.toFixed(1)} s`);
  const failed = outcomes.filter((o) => !o.ok);
  if (failed.length) {
    console.error(
      `\n${failed.length} bench(es) failed (logs in bench/results/logs/ci-*.log): ${failed.map((o) => o.script).join(', ')}`,
    );
    process.exit(1);
  }
}

void main();
