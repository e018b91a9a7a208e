// npm run bench:bundle — bundle budgets of issue 10, printed as JSON:
//  - initial JS (gzip): the entry chunk and every chunk it imports statically (what the browser
//    must load before the first route renders);
//  - the public survey route's JS: initial JS + the /survey/:id page chunk and its static imports
//    (and, reported apart, what that route loads on demand);
//  - the precache total (what the service worker downloads at install);
//  - the largest chunks.
// Baseline measured in the same run: a bare React 19 + react-router app (the framework floor), so
// the report says how much the product adds on top of it.
import { mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { build, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';

type ChunkInfo = {
  file: string;
  imports: string[];
  dynamicImports: string[];
  isEntry: boolean;
  facade: string | null;
};

const GOALS = { initialJsGzipKb: 130, surveyRouteJsGzipKb: 110, precacheTotalMb: 1.5 };
const root = resolve(import.meta.dirname, '..');

function collector(into: Map<string, ChunkInfo>) {
  return {
    name: 'bench-collect-chunks',
    generateBundle(
      _: unknown,
      bundle: Record<string, Rolldown.OutputChunk | Rolldown.OutputAsset>,
    ) {
      for (const [file, item] of Object.entries(bundle)) {
        if (item.type !== 'chunk') continue;
        into.set(file, {
          file,
          imports: item.imports,
          dynamicImports: item.dynamicImports,
          isEntry: item.isEntry,
          facade: item.facadeModuleId,
        });
      }
    },
  };
}

const gz = (dir: string, file: string) =>
  gzipSync(readFileSync(join(dir, file)), { level: 9 }).length;

function closure(chunks: Map<string, ChunkInfo>, start: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...start];
  while (stack.length) {
    const f = stack.pop()!;
    if (seen.has(f)) continue;
    seen.add(f);
    stack.push(...(chunks.get(f)?.imports ?? []));
  }
  return seen;
}

async function buildInto(
  outDir: string,
  configFile: string | false,
  extra: { root: string; plugins?: unknown[] },
) {
  const chunks = new Map<string, ChunkInfo>();
  await build({
    configFile: configFile === false ? false : configFile,
    logLevel: 'silent',
    root: extra.root,
    build: { outDir, emptyOutDir: true },
    plugins: [...((extra.plugins ?? []) as []), collector(chunks)],
  });
  return chunks;
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

async function main() {
  const appDir = mkdtempSync(join(tmpdir(), 'bf-bundle-'));
  const baseDir = mkdtempSync(join(tmpdir(), 'bf-baseline-'));

  const app = await buildInto(appDir, join(root, 'vite.config.ts'), { root });
  const base = await buildInto(baseDir, false, {
    root: join(root, 'bench/fixtures/baseline-app'),
    plugins: [react()],
  });

  const sum = (dir: string, files: Iterable<string>) =>
    [...files].reduce((n, f) => n + gz(dir, f), 0);
  const entry = [...app.values()].find(
    (c) => c.isEntry && /(index\.html|src\/main\.tsx)$/.test(c.facade ?? ''),
  );
  if (!entry)
    throw new Error(
      'entry chunk not found: ' +
        [...app.values()]
          .filter((c) => c.isEntry)
          .map((c) => c.facade)
          .join(', '),
    );
  const initial = closure(app, [entry.file]);
  const survey = [...app.values()].find((c) =>
    c.facade?.includes('features/public-survey/pages/public-survey-page'),
  );
  const surveyStatic = survey ? closure(app, [...initial, survey.file]) : initial;
  // Loaded later by the survey page itself (e.g. the answer sender), not needed for its first paint.
  const surveyOnDemand = survey
    ? new Set(
        [...closure(app, app.get(survey.file)?.dynamicImports ?? [])].filter(
          (f) => !surveyStatic.has(f),
        ),
      )
    : new Set<string>();
  const baseEntry = [...base.values()].find((c) => c.isEntry)!;
  const baseline = sum(baseDir, closure(base, [baseEntry.file]));

  const sw = readFileSync(join(appDir, 'sw.js'), 'utf8');
  const precached = [...sw.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]!);
  const precacheBytes = precached.reduce((n, f) => n + statSync(join(appDir, f)).size, 0);

  const all = readdirSync(join(appDir, 'assets')).filter((f) => f.endsWith('.js'));
  const largest = all
    .map((f) => ({ file: `assets/${f}`, gzipKb: kb(gz(appDir, `assets/${f}`)) }))
    .sort((a, b) => b.gzipKb - a.gzipKb)
    .slice(0, 8);

  const initialBytes = sum(appDir, initial);
  const surveyBytes = sum(appDir, surveyStatic);
  const report = {
    baseline: { what: 'React 19 + react-router, hello world', gzipKb: kb(baseline) },
    initialJs: {
      gzipKb: kb(initialBytes),
      chunks: [...initial].map((f) => ({ file: f, gzipKb: kb(gz(appDir, f)) })),
      goalKb: GOALS.initialJsGzipKb,
      withinGoal: kb(initialBytes) <= GOALS.initialJsGzipKb,
      ratioToBaseline: Math.round((initialBytes / baseline) * 100) / 100,
    },
    surveyRouteJs: {
      gzipKb: kb(surveyBytes),
      onDemandGzipKb: kb(sum(appDir, surveyOnDemand)),
      goalKb: GOALS.surveyRouteJsGzipKb,
      withinGoal: kb(surveyBytes) <= GOALS.surveyRouteJsGzipKb,
      ratioToBaseline: Math.round((surveyBytes / baseline) * 100) / 100,
    },
    precache: {
      entries: precached.length,
      totalMb: Math.round((precacheBytes / 1024 / 1024) * 100) / 100,
      goalMb: GOALS.precacheTotalMb,
      withinGoal: precacheBytes / 1024 / 1024 <= GOALS.precacheTotalMb,
      duplicates: precached.length - new Set(precached).size,
    },
    largestChunks: largest,
  };
  return report;
}

// The builds log to stdout (the service worker's build ignores logLevel): they run in a child
// process whose stdout is discarded, and only the JSON report is printed here.
if (process.argv.includes('--measure')) {
  const report = await main();
  process.send?.(report);
} else {
  const child = fork(fileURLToPath(import.meta.url), ['--measure'], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    execArgv: process.execArgv,
  });
  const report = await new Promise((resolveReport, reject) => {
    child.once('message', resolveReport);
    child.once('exit', (code) =>
      code === 0 ? undefined : reject(new Error(`measure exited with ${code}`)),
    );
  });
  console.log(JSON.stringify(report, null, 2));
}
