// The typeface's one file (Figtree, Latin, variable weight: src/app/fonts.css) preloaded by every
// page: the app (index.html, and the prerendered first screen copied from it) and the respondent's
// survey (survey.html). Its URL is known only once the bundle is written (hashed file name), so
// the <link rel="preload"> is added to the built HTML. Without it the font would be found only
// after the CSS is parsed, and the text would swap later in the page's life.
import type { Plugin } from 'vite';

/** The emitted file of the Latin, upright, variable-weight Figtree face. */
export const FONT_FILE = /(^|\/)figtree-latin-wght-normal-[\w-]+\.woff2$/;

export function preloadFont(): Plugin {
  return {
    name: 'bf-preload-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const file = Object.keys(ctx.bundle ?? {}).find((name) => FONT_FILE.test(name));
        if (!file) throw new Error('preload-font: the Figtree woff2 file is not in the bundle');
        return [
          {
            tag: 'link',
            attrs: {
              rel: 'preload',
              href: `/${file}`,
              as: 'font',
              type: 'font/woff2',
              crossorigin: '',
            },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
