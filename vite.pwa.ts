import { VitePWA } from 'vite-plugin-pwa';

// Service worker and manifest. registerType 'prompt': the app decides when to apply an
// update (never over unsent edits). Runtime caching rules are refined by the PWA issue.
export function pwa() {
  return VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    strategies: 'generateSW',
    includeAssets: ['favicon.svg', 'robots.txt', 'icons/apple-touch-icon.png'],
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
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html}'],
      navigateFallback: '/index.html',
      navigateFallbackDenylist: [/^\/(rest|auth|functions|registry|public|storage|_mailbox)\//],
    },
  });
}
