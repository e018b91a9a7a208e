import { VitePWA } from 'vite-plugin-pwa';

// Service worker and manifest. registerType 'prompt': the app decides when to apply an
// update (never over unsent edits). Runtime caching rules are refined by the PWA issue.
export function pwa() {
  return VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    strategies: 'generateSW',
    includeAssets: ['favicon.svg', 'robots.txt'],
    manifest: {
      name: 'Budget Formation',
      short_name: 'Budget Formation',
      description: 'Découvrez et utilisez le budget formation financé par votre OPCO.',
      lang: 'fr',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#1d4ed8',
      background_color: '#ffffff',
      icons: [],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html}'],
      navigateFallback: '/index.html',
      navigateFallbackDenylist: [/^\/(rest|auth|functions|registry|public|storage|_mailbox)\//],
    },
  });
}
