// Application configuration, read once from Vite's build-time env and validated with zod.
// Pointing the app at a hosted Supabase project and the real APIs is configuration only (.env).
// zod/mini: configuration is read before the first paint (full zod is loaded by the screens).
import { z } from 'zod/mini';

/** Supabase's well-known local-development anon key (JWT signed with the local demo secret). */
export const LOCAL_DEMO_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

const LOCAL_API = 'http://127.0.0.1:54321';

const urlList = z.pipe(
  z.optional(z.string()),
  z.transform((v: string | undefined) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  ),
);

const url = (fallback: string) => z._default(z.url(), fallback);

const envSchema = z.object({
  VITE_SUPABASE_URL: url(LOCAL_API),
  VITE_SUPABASE_ANON_KEY: z._default(z.string().check(z.minLength(20)), LOCAL_DEMO_ANON_KEY),
  VITE_FUNCTIONS_URL: z.optional(z.url()),
  VITE_BUDGET_API_URL: url(LOCAL_API),
  VITE_BUDGET_API_KEY: z._default(z.string().check(z.minLength(1)), 'local-static-key'),
  VITE_REGISTRY_URL: url(`${LOCAL_API}/registry/v2`),
  VITE_ALGOLIA_APP_ID: z.optional(z.string()),
  VITE_ALGOLIA_SEARCH_KEY: z.optional(z.string()),
  VITE_EXPERT_PICTURES_URLS: urlList,
  VITE_SCHEDULER_URL: url(`${LOCAL_API}/_local/scheduler`),
  VITE_LEADS_SCHEDULER_URL: url(`${LOCAL_API}/_local/scheduler?type=leads`),
  VITE_BUDGET_FORM_URL: url(`${LOCAL_API}/_local/budget-form`),
  VITE_CONTACT_URL: url(`${LOCAL_API}/_local/contact`),
  VITE_OPCO_PROVIDER_URL: url('https://travail-emploi.gouv.fr/les-operateurs-de-competences-opco'),
  VITE_RDV_IDCC_LIST: urlList,
});

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
  const supabaseUrl = e.VITE_SUPABASE_URL.replace(/\/$/, '');
  return {
    supabaseUrl,
    supabaseAnonKey: e.VITE_SUPABASE_ANON_KEY,
    functionsUrl: (e.VITE_FUNCTIONS_URL ?? `${supabaseUrl}/functions/v1`).replace(/\/$/, ''),
    budgetApiUrl: e.VITE_BUDGET_API_URL.replace(/\/$/, ''),
    budgetApiKey: e.VITE_BUDGET_API_KEY,
    registryUrl: e.VITE_REGISTRY_URL,
    algolia:
      e.VITE_ALGOLIA_APP_ID && e.VITE_ALGOLIA_SEARCH_KEY
        ? { appId: e.VITE_ALGOLIA_APP_ID, searchKey: e.VITE_ALGOLIA_SEARCH_KEY }
        : null,
    expertPicturesUrls: e.VITE_EXPERT_PICTURES_URLS,
    schedulerUrl: e.VITE_SCHEDULER_URL,
    leadsSchedulerUrl: e.VITE_LEADS_SCHEDULER_URL,
    budgetFormUrl: e.VITE_BUDGET_FORM_URL,
    contactUrl: e.VITE_CONTACT_URL,
    opcoProviderUrl: e.VITE_OPCO_PROVIDER_URL,
    rdvIdccList: e.VITE_RDV_IDCC_LIST,
  };
}

export const config: AppConfig = parseConfig(import.meta.env as Record<string, unknown>);
