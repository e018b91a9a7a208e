// Registers the service worker (production builds: the virtual module comes from vite-plugin-pwa,
// built on workbox-window) and listens for the install prompt. Imported by main.tsx only.
import { registerSW } from 'virtual:pwa-register';
import { connectServiceWorker, listenForInstallPrompt, type RegisterSW } from './pwa-store';

export function registerServiceWorker(): void {
  listenForInstallPrompt();
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  connectServiceWorker(registerSW as RegisterSW);
}
