// Application configuration, read once from Vite's build-time env and validated with zod.
// Pointing the app at a hosted Supabase project and the real APIs is configuration only (.env).
// zod/mini: configuration is read before the first paint (full zod is loaded by the screens).
import { z } from 'zod/mini';

/** Supabase's well-known local-development anon key (JWT signed with the local demo secret). */
export const LOCAL_DEMO_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

/**
 * The embedded backend's address (`npm start`, `npm run backend`; PORT=54321 by default). It is the
 * one base of every local default: the backend serves the Supabase API, the budget API, the
 * registry and the local stand-ins of the third-party pages on this one origin, so VITE_SUPABASE_URL
 * moves them all (another port, host or base path). Ports: docs/architecture.md §Runtime topology.
 */
export const LOCAL_BACKEND_URL = 'http://127.0.0.1:54321';

/** The paths the embedded backend serves each local default on, under the base. */
const LOCAL_PATHS = {
  functions: '/functions/v1',
  budgetApi: '',
  registry: '/registry/v2',
  scheduler: '/_local/scheduler',
  leadsScheduler: '/_local/scheduler?type=leads',
  budgetForm: '/_local/budget-form',
  contact: '/_local/contact',
} as const;

const urlList = z.pipe(
  z.optional(z.string()),
  z.transform((v: string | undefined) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  ),
);

const envSchema = z.object({
  VITE_SUPABASE_URL: z._default(z.url(), LOCAL_BACKEND_URL),
  VITE_SUPABASE_ANON_KEY: z._default(z.string().check(z.minLength(20)), LOCAL_DEMO_ANON_KEY),
  // Unset: derived from VITE_SUPABASE_URL (LOCAL_PATHS).
  VITE_FUNCTIONS_URL: z.optional(z.url()),
  VITE_BUDGET_API_URL: z.optional(z.url()),
  VITE_BUDGET_API_KEY: z._default(z.string().check(z.minLength(1)), 'local-static-key'),
  VITE_REGISTRY_URL: z.optional(z.url()),
  VITE_ALGOLIA_APP_ID: z.optional(z.string()),
  VITE_ALGOLIA_SEARCH_KEY: z.optional(z.string()),
  VITE_EXPERT_PICTURES_URLS: urlList,
  VITE_SCHEDULER_URL: z.optional(z.url()),
  VITE_LEADS_SCHEDULER_URL: z.optional(z.url()),
  VITE_BUDGET_FORM_URL: z.optional(z.url()),
  VITE_CONTACT_URL: z.optional(z.url()),
  VITE_OPCO_PROVIDER_URL: z._default(
    z.url(),
    'https://travail-emploi.gouv.fr/les-operateurs-de-competences-opco',
  ),
  VITE_RDV_IDCC_LIST: urlList,
});

const withoutTrailingSlash = (url: string) => url.replace(/\/$/, '');

export type AppConfig = {
  supabaseUrl: string;
  supabaseAnonKey: string;
  functionsUrl: string;
  budgetApiUrl: string;
  budgetApiKey: string;
  registryUrl: string;
  algolia: { appId: string; searchKey: string } | null;
  expertPicturesUrls: string[];
  schedulerUrl: string;
  leadsSchedulerUrl: string;
  budgetFormUrl: string;
  contactUrl: string;
  opcoProviderUrl: string;
  /** Empty: use the built-in default list (src/domain). */
  rdvIdccList: string[];
};

export function parseConfig(env: Record<string, unknown>): AppConfig {
  // Empty strings in .env mean "not set".
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => !(typeof v === 'string' && v.trim() === '')),
  );
  const e = envSchema.parse(cleaned);
  const supabaseUrl = withoutTrailingSlash(e.VITE_SUPABASE_URL);
  const local = (path: keyof typeof LOCAL_PATHS) => `${supabaseUrl}${LOCAL_PATHS[path]}`;
  return {
    supabaseUrl,
    supabaseAnonKey: e.VITE_SUPABASE_ANON_KEY,
    functionsUrl: withoutTrailingSlash(e.VITE_FUNCTIONS_URL ?? local('functions')),
    budgetApiUrl: withoutTrailingSlash(e.VITE_BUDGET_API_URL ?? local('budgetApi')),
    budgetApiKey: e.VITE_BUDGET_API_KEY,
    registryUrl: e.VITE_REGISTRY_URL ?? local('registry'),
    algolia:
      e.VITE_ALGOLIA_APP_ID && e.VITE_ALGOLIA_SEARCH_KEY
        ? { appId: e.VITE_ALGOLIA_APP_ID, searchKey: e.VITE_ALGOLIA_SEARCH_KEY }
        : null,
    expertPicturesUrls: e.VITE_EXPERT_PICTURES_URLS,
    schedulerUrl: e.VITE_SCHEDULER_URL ?? local('scheduler'),
    leadsSchedulerUrl: e.VITE_LEADS_SCHEDULER_URL ?? local('leadsScheduler'),
    budgetFormUrl: e.VITE_BUDGET_FORM_URL ?? local('budgetForm'),
    contactUrl: e.VITE_CONTACT_URL ?? local('contact'),
    opcoProviderUrl: e.VITE_OPCO_PROVIDER_URL,
    rdvIdccList: e.VITE_RDV_IDCC_LIST,
  };
}

export const config: AppConfig = parseConfig(import.meta.env as Record<string, unknown>);
