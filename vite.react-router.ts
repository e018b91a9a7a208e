import { existsSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * React Router's production build in the app's build. The package publishes two builds of the same
 * code, dist/development and dist/production, that differ in one constant (ENABLE_DEV_WARNINGS, the
 * only line apart in 7.18.5's ES modules), but its `exports` map names only dist/development,
 * whatever the mode (remix-run/react-router #12532, #14102; still so in 7.18.5). The development
 * build ships its console warnings and the default error boundary's English « Hey developer » text
 * to the browser; the production build leaves them out (−0.5 KB gzip of the first paint's
 * JavaScript, `npm run bench:bundle`).
 *
 * Build only (`npm run dev` keeps the warnings), and only in this config's build: the prerender's
 * server (vite.prerender.ts) renders with the package's own resolution, which gives the same markup.
 * A release whose `exports` already lead to dist/production is left as it is; one without
 * dist/production keeps the development build, with a warning.
 */
const DEVELOPMENT_BUILD = /([\\/]react-router[\\/]dist[\\/])development([\\/])/;

export function reactRouterProduction(): Plugin {
  return {
    name: 'bf-react-router-production',
    enforce: 'pre',
    apply: 'build',
    async resolveId(source, importer, options) {
      if (source !== 'react-router' && source !== 'react-router/dom') return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || resolved.external || !DEVELOPMENT_BUILD.test(resolved.id)) return resolved;
      const production = resolved.id.replace(DEVELOPMENT_BUILD, '$1production$2');
      if (existsSync(production)) return { ...resolved, id: production };
      this.warn(`${production} does not exist: the app ships React Router's development build`);
      return resolved;
    },
  };
}
