// npm run bench:bundle — bundle budgets of issue 10, printed as JSON:
//  - initial JS (gzip): the entry chunk and every chunk it imports statically (what the browser
//    must load before the first route renders);
//  - the public survey's JS: the respondent's own entry (survey.html, src/survey-main.tsx: what a
//    survey link loads) and every chunk it imports statically; reported apart, what it loads on
//    demand (the answer sender). For reference, the app's /survey/:id route (initial JS + the page
//    chunk and its static imports) as surveyRouteJsInSpa;
//  - the precache total (what the service worker downloads at install);
//  - the largest chunks.
// Baseline measured in the same run: a bare React 19 + react-router app (the framework floor), so
// the report says how much the product adds on top of it.
// Sizes are deterministic: the quick mode (CI) is the full one; a run fails when a size is more than
// 5 % over its goal (a wide margin for a value with no noise: about 6 KB of initial JS).
import { mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { build, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import { goal, run } from './lib/harness';

type ChunkInfo = {
  file: string;
  imports: string[];
  dynamicImports: string[];
  isEntry: boolean;
  facade: string | null;
};

const GOALS = { initialJsGzipKb: 120, surveyRouteJsGzipKb: 95, precacheTotalMb: 1.5 };
const MARGIN = 1.05;
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
  // What a chunk set loads later by itself (e.g. the answer sender), not needed for the first paint.
  const onDemand = (loaded: Set<string>) =>
    new Set(
      [
        ...closure(
          app,
          [...loaded].flatMap((f) => app.get(f)?.dynamicImports ?? []),
        ),
      ].filter((f) => !loaded.has(f)),
    );
  // The respondent's entry (survey.html).
  const surveyEntry = [...app.values()].find(
    (c) => c.isEntry && /(survey\.html|src\/survey-main\.tsx)$/.test(c.facade ?? ''),
  );
  if (!surveyEntry) throw new Error('survey entry chunk (survey.html) not found');
  const surveyStatic = closure(app, [surveyEntry.file]);
  const surveyOnDemand = onDemand(surveyStatic);
  // The app's own /survey/:id route, for reference.
  const spaSurvey = [...app.values()].find((c) =>
    c.facade?.includes('features/public-survey/pages/public-survey-page'),
  );
  const spaSurveyStatic = spaSurvey ? closure(app, [...initial, spaSurvey.file]) : initial;
  // The first screen of a visitor: /rechercher-entreprise (initial JS + its page chunk).
  const step1 = [...app.values()].find((c) =>
    c.facade?.includes('features/onboarding/pages/company-search-page'),
  );
  const step1Static = step1 ? closure(app, [...initial, step1.file]) : initial;
  // (the page's own on-demand chunks: those of its chunks, not the app's other lazy routes)
  const spaSurveyOnDemand = onDemand(new Set([...spaSurveyStatic].filter((f) => !initial.has(f))));
  for (const f of spaSurveyStatic) spaSurveyOnDemand.delete(f);
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
  const spaSurveyBytes = sum(appDir, spaSurveyStatic);
  const listed = (files: Iterable<string>) =>
    [...files]
      .map((f) => ({ file: f, gzipKb: kb(gz(appDir, f)) }))
      .sort((a, b) => b.gzipKb - a.gzipKb);
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
      what: 'survey.html entry (src/survey-main.tsx) and its static imports',
      gzipKb: kb(surveyBytes),
      chunks: listed(surveyStatic),
      onDemandGzipKb: kb(sum(appDir, surveyOnDemand)),
      onDemandChunks: listed(surveyOnDemand),
      goalKb: GOALS.surveyRouteJsGzipKb,
      withinGoal: kb(surveyBytes) <= GOALS.surveyRouteJsGzipKb,
      ratioToBaseline: Math.round((surveyBytes / baseline) * 100) / 100,
    },
    companySearchRouteJs: {
      what: 'the first screen (/rechercher-entreprise): initial JS + the page chunk and its static imports',
      gzipKb: kb(sum(appDir, step1Static)),
      pageChunks: listed([...step1Static].filter((f) => !initial.has(f))),
    },
    surveyRouteJsInSpa: {
      what: "the app's /survey/:id route: initial JS + the page chunk and its static imports",
      gzipKb: kb(spaSurveyBytes),
      onDemandGzipKb: kb(sum(appDir, spaSurveyOnDemand)),
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
  run('bench:bundle', async () => {
    const child = fork(fileURLToPath(import.meta.url), ['--measure'], {
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      execArgv: process.execArgv,
    });
    const report = await new Promise<Awaited<ReturnType<typeof main>>>((resolveReport, reject) => {
      child.once('message', (m) => resolveReport(m as Awaited<ReturnType<typeof main>>));
      child.once('exit', (code) =>
        code === 0 ? undefined : reject(new Error(`measure exited with ${code}`)),
      );
    });
    const kbGoal = (name: string, value: number, atMost: number) =>
      goal(name, value, { atMost, failAbove: atMost * MARGIN, unit: ' KB', digits: 1 });
    kbGoal('initial JS (gzip)', report.initialJs.gzipKb, GOALS.initialJsGzipKb);
    kbGoal('public survey page JS (gzip)', report.surveyRouteJs.gzipKb, GOALS.surveyRouteJsGzipKb);
    goal('precache', report.precache.totalMb, {
      atMost: GOALS.precacheTotalMb,
      failAbove: GOALS.precacheTotalMb * MARGIN,
      unit: ' MB',
    });
    goal('precache duplicates', report.precache.duplicates, { atMost: 0, digits: 0 });
    return report;
  });
}
