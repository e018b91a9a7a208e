// Build-time prerender of the visitor's first screen (/rechercher-entreprise, step 1 of the
// onboarding wizard), so that its first paint happens when the HTML arrives instead of after two
// JavaScript round trips (the entry, then the lazy route's chunks).
//
// During `vite build` (client build only), a Vite dev server in middleware mode (no port, no
// watcher, no dependency optimizer) loads src/prerender/company-search.tsx with its ssr
// environment's module runner (what ssrLoadModule uses): the app's real route table and
// components, rendered with react-dom/server. The result is written into a copy of the built
// index.html (same scripts, styles, manifest link) as dist/rechercher-entreprise.html, with:
//  - the markup inside <div id="root"> and the page's <title>;
//  - <link rel="stylesheet"> for the route's CSS (its first paint must be styled as the client's);
//  - the route's chunks preloaded alongside the entry (not after it), the entry and those chunks
//    asked for by a small inline loader once the page is painted (scriptsAfterFirstPaint).
// The route's chunks are the client chunks holding the modules the prerender evaluated (and their
// static imports) and the chunk of src/prerender/hydrate.ts (the client's hydration, imported by
// src/main.tsx on a prerendered page only), minus what index.html already loads. The file is
// emitted into the bundle (generateBundle), so it is in dist/ before vite-plugin-pwa builds the
// service worker (closeBundle) and globs its precache.
// Served for GET /rechercher-entreprise by server/http/static.ts, src/sw/sw.ts, Vite preview (its
// built-in "/x → /x.html" fallback) and hosted static hosting (docs/deployment.md).
//
// The same server renders the respondent's loading state (src/prerender/public-survey.tsx) into
// the built survey.html itself: the public survey's page paints before its JavaScript too.
import { isAbsolute, join, relative, resolve } from 'node:path';
import {
  createServer,
  isRunnableDevEnvironment,
  type Plugin,
  type ResolvedConfig,
  type Rolldown,
} from 'vite';
import react from '@vitejs/plugin-react';

const PRERENDER_ENTRY = '/src/prerender/company-search.tsx';
/**
 * The browser side of the prerendered page (src/main.tsx imports it only when the HTML holds a
 * page): not evaluated by the prerender, preloaded with the route's chunks all the same.
 */
const HYDRATE_MODULE = 'src/prerender/hydrate.ts';
const SURVEY_PRERENDER_ENTRY = '/src/prerender/public-survey.tsx';

type PrerenderModule = {
  PRERENDERED_PATH: string;
  render: () => Promise<{ html: string; title: string }>;
};

type RenderedPage = { html: string; title: string };

type Prerendered = {
  path: string;
  html: string;
  title: string;
  /** Absolute paths of the project's modules the render used (under src/). */
  modules: Set<string>;
};

async function prerender(
  config: ResolvedConfig,
): Promise<{ firstScreen: Prerendered; survey: RenderedPage }> {
  const server = await createServer({
    configFile: false,
    root: config.root,
    mode: config.mode,
    envDir: config.envDir,
    envPrefix: config.envPrefix,
    define: config.define,
    resolve: { alias: config.resolve.alias },
    logLevel: 'warn',
    clearScreen: false,
    plugins: [react()],
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
    cacheDir: join(config.cacheDir, 'prerender'),
  });
  try {
    const ssr = server.environments.ssr;
    if (!isRunnableDevEnvironment(ssr))
      throw new Error('prerender: the ssr environment cannot run modules');
    const mod = await ssr.runner.import<PrerenderModule>(PRERENDER_ENTRY);
    const { html, title } = await mod.render();
    // The project's modules the render evaluated: the route table and the rendered route's
    // modules (lazy routes that did not match are not evaluated).
    const src = resolve(config.root, 'src');
    const modules = new Set(
      [...ssr.runner.evaluatedModules.idToModuleMap.values()]
        .map((m) => m.file)
        .filter(
          (file): file is string =>
            typeof file === 'string' && isAbsolute(file) && !relative(src, file).startsWith('..'),
        ),
    );
    // The survey page is loaded after the modules above are listed: its modules are not the
    // first screen's route.
    const surveyModule =
      await ssr.runner.import<Pick<PrerenderModule, 'render'>>(SURVEY_PRERENDER_ENTRY);
    return {
      firstScreen: { path: mod.PRERENDERED_PATH, html, title, modules },
      survey: await surveyModule.render(),
    };
  } finally {
    await server.close();
  }
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function staticClosure(bundle: Rolldown.OutputBundle, start: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const stack = [...start];
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const item = bundle[file];
    if (item?.type === 'chunk') stack.push(...item.imports);
  }
  return seen;
}

function importedCss(bundle: Rolldown.OutputBundle, chunks: Iterable<string>): Set<string> {
  const css = new Set<string>();
  for (const file of chunks) {
    const item = bundle[file];
    if (item?.type === 'chunk') for (const f of item.viteMetadata?.importedCss ?? []) css.add(f);
  }
  return css;
}

const MODULE_SCRIPT = /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>\s*/g;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>\s*/g;

/**
 * The page's scripts asked for once its first frame is painted, not from its head: the page is
 * whole in its HTML, and the entry and the route's ~20 chunks would otherwise share the
 * connection (HTTP/1.1: six at a time) with the styles and the typeface the first paint waits for
 * (Lighthouse mobile, step 1: LCP 2.6–3.3 s with them in the head, 1.2–1.3 s after the paint).
 * "After the paint" is the first-contentful-paint entry, delivered once the frame is presented (a
 * frame's callbacks run before it is: the scripts could still start first on a slow machine). A
 * hidden tab paints no frame: a 1 s timer asks for them anyway.
 */
function scriptsAfterFirstPaint(html: string): string {
  const entries = [...html.matchAll(MODULE_SCRIPT)].map((m) => m[1]!);
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]!);
  if (entries.length === 0) return html;
  const loader =
    '<script>(function(){var done=false;function load(){if(done)return;done=true;var h=document.head;' +
    // One preload link per task, then the entry: the ~24 links added in one task made a 120-140 ms
    // task on a phone (4x CPU throttling: long-animation-frame entries), blocking time for nothing.
    `var q=${JSON.stringify(preloads)},e=${JSON.stringify(entries)};` +
    '(function next(){var u=q.shift();if(u){var l=document.createElement("link");l.rel="modulepreload";l.crossOrigin="anonymous";l.href=u;h.appendChild(l);setTimeout(next,0);return}' +
    'e.forEach(function(u){var s=document.createElement("script");s.type="module";s.crossOrigin="anonymous";s.src=u;h.appendChild(s)})})()}' +
    // After the first contentful paint (its entry is delivered once the frame is presented; the
    // next animation frame where the entry type is unknown), or after 1 s (a hidden tab).
    'try{new PerformanceObserver(function(l,o){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();setTimeout(load,0)}}).observe({type:"paint",buffered:true})}' +
    'catch(e){requestAnimationFrame(function(){setTimeout(load,0)})}setTimeout(load,1000)})()</script>';
  return html
    .replace(MODULE_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace('</body>', () => `  ${loader}\n  </body>`);
}

/**
 * A prerendered page: the built HTML page with the markup and the title, its scripts at low fetch
 * priority (the page paints without them: they must not compete with the HTML and the styles), and
 * for a page whose route loads more than the entry (`route`), that route's styles and chunks.
 * `scripts: 'after-paint'` (a page whole in its HTML) asks for the scripts only once it is painted.
 */
export function prerenderedHtml(
  pageHtml: string,
  page: RenderedPage,
  route: { base: string; css: string[]; modules: string[] } = { base: '/', css: [], modules: [] },
  scripts: 'in-head' | 'after-paint' = 'in-head',
): string {
  const ROOT = '<div id="root"></div>';
  if (pageHtml.split(ROOT).length !== 2) throw new Error(`the page must hold exactly one ${ROOT}`);
  if (!/<title>[^<]*<\/title>/.test(pageHtml)) throw new Error('the page has no <title>');
  const head = [
    ...route.css.map((f) => `<link rel="stylesheet" crossorigin href="${route.base}${f}">`),
    ...route.modules.map(
      (f) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${route.base}${f}">`,
    ),
  ]
    .map((tag) => `\n    ${tag}`)
    .join('');
  const html = pageHtml
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
    .replace(
      /<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g,
      '<$1 fetchpriority="low"',
    )
    .replace('</head>', () => `${head}\n  </head>`)
    .replace(ROOT, () => `<div id="root">${page.html}</div>`);
  return scripts === 'after-paint' ? scriptsAfterFirstPaint(html) : html;
}

const assetText = (asset: Rolldown.OutputAsset) =>
  typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);

export function prerenderFirstScreen(): Plugin {
  let config: ResolvedConfig;
  let rendering: Promise<
    { ok: { firstScreen: Prerendered; survey: RenderedPage } } | { error: unknown }
  > | null = null;
  return {
    name: 'bf-prerender-first-screen',
    apply: (userConfig, env) => env.command === 'build' && !userConfig.build?.ssr,
    configResolved(resolved) {
      config = resolved;
    },
    buildStart() {
      // Rendered while the client bundle is built; awaited when index.html is final.
      rendering = prerender(config).then(
        (ok) => ({ ok }),
        (error: unknown) => ({ error }),
      );
    },
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const result = await rendering!;
        if ('error' in result) throw result.error;
        const { firstScreen: page, survey } = result.ok;
        // survey.html (the respondent's page) holds its loading state: it paints before its
        // JavaScript, which then shows the survey.
        const surveyHtml = bundle['survey.html'];
        if (surveyHtml?.type !== 'asset')
          throw new Error('prerender: survey.html is not in the bundle');
        surveyHtml.source = prerenderedHtml(assetText(surveyHtml), survey);
        const index = bundle['index.html'];
        if (index?.type !== 'asset') throw new Error('prerender: index.html is not in the bundle');
        const entry = Object.values(bundle).find(
          (c): c is Rolldown.OutputChunk =>
            c.type === 'chunk' &&
            c.isEntry &&
            /(^|\/)index\.html$|src\/main\.tsx$/.test(c.facadeModuleId ?? ''),
        );
        if (!entry)
          throw new Error('prerender: the entry chunk of index.html (src/main.tsx) was not found');
        const loaded = staticClosure(bundle, [entry.fileName]);
        const modules = new Set([...page.modules, resolve(config.root, HYDRATE_MODULE)]);
        const used = Object.values(bundle)
          .filter(
            (c): c is Rolldown.OutputChunk =>
              c.type === 'chunk' && c.moduleIds.some((id) => modules.has(id)),
          )
          .map((c) => c.fileName);
        const route = [...staticClosure(bundle, used)].filter((f) => !loaded.has(f));
        const loadedCss = importedCss(bundle, loaded);
        const css = [...importedCss(bundle, route)].filter((f) => !loadedCss.has(f));
        const source = prerenderedHtml(
          assetText(index),
          page,
          { base: config.base, css, modules: route },
          'after-paint',
        );
        this.emitFile({ type: 'asset', fileName: `${page.path.replace(/^\//, '')}.html`, source });
      },
    },
  };
}
