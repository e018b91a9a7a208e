// The plan's first render and filter time with 5 000 requests (part of npm run bench:csv), in jsdom
// with React's production-like client renderer. The list renders a screenful of cards at once and
// the others later, in idle slices (issue 29: every card ends up in the page for find and print):
// what is measured is the first render. Baselines measured in the same run: rendering the 5 000
// cards at once (full mode only: seconds per run), and rendering only the ~20 cards a screen shows.
import 'fake-indexeddb/auto';
import { JSDOM } from 'jsdom';
import { benchEmployees, benchRequests } from './csv-data';
import { fmt, interleaved } from './csv-timing';
import { goal, pick, QUICK, round } from './lib/harness';

const ROWS = pick(5_000, 1_000);
const RUNS = 5;

function installDom(): void {
  const dom = new JSDOM('<!doctype html><html><body><div id="root"></div></body></html>', {
    url: 'http://127.0.0.1/',
    pretendToBeVisual: true,
  });
  const g = globalThis as Record<string, unknown>;
  for (const key of [
    'window',
    'document',
    'navigator',
    'HTMLElement',
    'Element',
    'Node',
    'getComputedStyle',
    'requestAnimationFrame',
    'cancelAnimationFrame',
    'localStorage',
    'matchMedia',
  ]) {
    const value = (dom.window as unknown as Record<string, unknown>)[key];
    Object.defineProperty(g, key, { configurable: true, writable: true, value });
  }
  (dom.window as unknown as { matchMedia: unknown }).matchMedia = () => ({
    matches: false,
    addEventListener() {},
    removeEventListener() {},
  });
  g.matchMedia = (dom.window as unknown as { matchMedia: unknown }).matchMedia;
  g.IS_REACT_ACT_ENVIRONMENT = false;
  // jsdom has no layout: the virtualizer's scroll calls are no-ops here.
  dom.window.scrollTo = () => {};
}

export async function runRenderBench(): Promise<Record<string, unknown>> {
  installDom();
  const React = await import('react');
  const { createRoot } = await import('react-dom/client');
  const { flushSync } = await import('react-dom');
  const { joinPlanRows } = await import('@/domain/training-plan-rules');
  const { filterPlanRows } = await import('@/domain/training');
  const { TrainingRequestList } =
    await import('@/features/training-plan/components/training-request-list');
  const { TrainingRequestCard } =
    await import('@/features/training-plan/components/training-request-card');
  type Row = Parameters<typeof TrainingRequestCard>[0]['row'];

  const employees = benchEmployees();
  const rows = joinPlanRows(benchRequests(ROWS, employees), employees) as unknown as Row[];
  const noop = () => {};

  const mount = (element: React.ReactElement) => {
    const container = document.createElement('div');
    document.body.appendChild(container);
    const root = createRoot(container);
    flushSync(() => root.render(element));
    return () => {
      root.unmount();
      container.remove();
    };
  };
  // The page passes every row and the filter's result: a filter shows and hides rendered cards.
  const list = (r: Row[], all: Row[] = r) =>
    React.createElement(TrainingRequestList, {
      all,
      rows: r,
      onEdit: noop,
      onDelete: noop,
      onStatusChange: noop,
    });
  const plain = (r: Row[]) =>
    React.createElement(
      'ul',
      null,
      r.map((row) =>
        React.createElement(
          'li',
          { key: row.id },
          React.createElement(TrainingRequestCard, {
            row,
            syncState: 'synced',
            onEdit: noop,
            onDelete: noop,
            onStatusChange: noop,
          }),
        ),
      ),
    );

  const [firstRender, screenful] = await interleaved(RUNS, [
    () => mount(list(rows))(),
    () => mount(plain(rows.slice(0, 20)))(),
  ]);
  // Seconds per run: two runs are enough to show the order of magnitude.
  const [allCards] = QUICK ? [NaN] : await interleaved(2, [() => mount(plain(rows))()]);

  // Filter: the domain filter on 5 000 rows, then the list re-rendered with the result.
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  flushSync(() => root.render(list(rows)));
  let flip = false;
  const [filterMs] = await interleaved(RUNS, [
    () => {
      flip = !flip;
      const filter = { query: flip ? 'négociation' : '', status: flip ? 'to_organize' : 'all' };
      const shown = filterPlanRows(rows, filter as Parameters<typeof filterPlanRows>[1]);
      flushSync(() => root.render(list(shown, rows)));
    },
  ]);
  root.unmount();

  console.error(`\nPlan screen, ${ROWS} requests (jsdom, median of ${RUNS}, interleaved)`);
  console.error(`  first render, progressive list           ${fmt(firstRender!)}`);
  if (!QUICK)
    console.error(
      `  baseline: all ${ROWS} cards rendered       ${fmt(allCards!)}   first screenful/all = ${(firstRender! / allCards!).toFixed(3)}`,
    );
  console.error(
    `  baseline: 20 cards (one screen)          ${fmt(screenful!)}   first screenful/one screen = ${(firstRender! / screenful!).toFixed(2)}`,
  );
  console.error(
    `  filter (text + status) and re-render     ${fmt(filterMs!)}   filter/first render = ${(filterMs! / firstRender!).toFixed(2)}`,
  );
  // Guards (bench:browser measures the same screen in Chromium, as ratios to a 20-request plan in
  // the same run): the list's first render costs about one screen of cards, and filtering about
  // one render.
  goal('jsdom: plan first render / one screen of cards', firstRender! / screenful!, {
    atMost: 1.5,
    failAbove: 4,
  });
  goal('jsdom: filter and re-render / first render', filterMs! / firstRender!, {
    atMost: 2,
    failAbove: 6,
  });
  return {
    rows: ROWS,
    firstRenderMs: round(firstRender!, 1),
    oneScreenBaselineMs: round(screenful!, 1),
    allCardsBaselineMs: QUICK ? null : round(allCards!, 1),
    filterMs: round(filterMs!, 1),
  };
}
