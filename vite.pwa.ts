import { VitePWA } from 'vite-plugin-pwa';

// Service worker (src/sw/sw.ts, built by vite-plugin-pwa with injectManifest) and manifest.
// registerType 'prompt': the app decides when to apply an update (never over unsent edits).
// Precache: the shell only (JS, CSS, HTML, the typeface's one woff2 file) plus the manifest;
// icons and images are cached at run time (cache-first with expiry).
export function pwa() {
  return VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    strategies: 'injectManifest',
    srcDir: 'src/sw',
    filename: 'sw.ts',
    includeAssets: [],
    includeManifestIcons: false,
    injectManifest: {
      globPatterns: ['**/*.{js,css,html,woff2}'],
      // The password strength estimator's dictionaries (~1 MB): fetched by the few screens that
      // set a password, when one is typed, not by every visitor at install. Offline and never
      // fetched, the forms skip the estimate (the server still checks).
      globIgnores: ['**/node_modules/**/*', '**/password-strength-*.js'],
    },
    manifest: {
      id: '/',
      name: 'Budget Formation',
      short_name: 'Budget Formation',
      description:
        'Découvrez en deux minutes le budget formation financé par votre OPCO, puis transformez-le en formations sur mesure.',
      lang: 'fr',
      dir: 'ltr',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'any',
      theme_color: '#3137a8',
      background_color: '#ffffff',
      categories: ['business', 'education', 'productivity'],
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        {
          src: '/icons/maskable-512.png',
          sizes: '512x512',
          type: 'image/png',
          purpose: 'maskable',
        },
      ],
    },
  });
}
