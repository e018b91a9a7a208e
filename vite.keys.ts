// `npm run dev` (Vite's server on 5173) talks to the embedded backend with that backend's anon
// key: the data folder's own (server/start/secrets.ts, generated on its first start), unless
// VITE_SUPABASE_ANON_KEY is set (environment or .env) or the app targets another backend. Builds
// are not concerned: `npm start` passes the key to its build, and a deployment sets it.
import { loadEnv, type Plugin } from 'vite';
import { loadConfig } from './server/start/config';
import { resolveSecrets } from './server/start/secrets';

export function localAnonKey(): Plugin {
  return {
    name: 'bf-local-anon-key',
    apply: 'serve',
    async config(_config, { mode }) {
      const env = { ...loadEnv(mode, process.cwd(), ''), ...process.env };
      if (env.VITE_SUPABASE_ANON_KEY?.trim()) return;
      const target = env.VITE_SUPABASE_URL?.trim();
      if (target && !/^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])[:/]/.test(target)) return;
      const backend = loadConfig(env);
      const { secrets } = await resolveSecrets(env, backend.dataDir);
      process.env.VITE_SUPABASE_ANON_KEY = secrets.anonKey;
    },
  };
}
