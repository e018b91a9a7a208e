import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The PWA plugin (service worker, manifest, runtime caching) is configured in
// vite.pwa.ts so that this file stays readable.
import { pwa } from './vite.pwa';

export default defineConfig({
  plugins: [react(), pwa()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
  },
  server: { port: 5173, strictPort: true },
  preview: { port: 4173, strictPort: true },
});
