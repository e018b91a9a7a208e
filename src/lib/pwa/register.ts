// Registers the service worker (production builds: the virtual module comes from vite-plugin-pwa,
// built on workbox-window) and listens for the install prompt. Imported by main.tsx only.
import { registerSW } from 'virtual:pwa-register';
import { connectServiceWorker, listenForInstallPrompt, type RegisterSW } from './pwa-store';

/** Build label (VITE_APP_BUILD at build time), shown on <html data-build> for support and tests. */
export const APP_BUILD: string = import.meta.env.VITE_APP_BUILD ?? 'local';

export function registerServiceWorker(): void {
  document.documentElement.dataset.build = APP_BUILD;
  listenForInstallPrompt();
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  connectServiceWorker(registerSW as RegisterSW);
}
