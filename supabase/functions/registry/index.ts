// Deno entry for hosted Supabase: the company registry (issue 15), public (deploy with
// `supabase functions deploy registry --no-verify-jwt`; the app's VITE_REGISTRY_URL is then
// https://<project>.supabase.co/functions/v1/registry). Same handler as the embedded backend's
// /registry/v2 (../_shared/registry/handler.ts); the registry table and the reference titles are
// read through the data API with the service key the platform provides. The guards (token bucket,
// circuit breaker, cache) live as long as the function's instance.
import { createRegistryHandler, registrySettingsFromEnv } from '../_shared/registry/handler.ts';
import {
  restClient,
  restReferenceLabels,
  restSampleStore,
} from '../_shared/registry/rest-store.ts';

declare const Deno: {
  serve(handler: (req: Request) => Response | Promise<Response>): unknown;
  env: { get(name: string): string | undefined };
};

const env = (name: string) => Deno.env.get(name);
const call = restClient(env('SUPABASE_URL') ?? '', env('SUPABASE_SERVICE_ROLE_KEY') ?? '');
const registry = createRegistryHandler({
  settings: registrySettingsFromEnv(env),
  sample: restSampleStore(call),
  gouv: { labels: restReferenceLabels(call) },
  log: (line) => console.log(line),
});

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, OPTIONS',
  'access-control-allow-headers': 'authorization, x-client-info, apikey, content-type',
};

Deno.serve(async (req) => {
  if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS });
  try {
    const result = await registry.handle(new URL(req.url), req.method);
    return new Response(JSON.stringify(result.body), {
      status: result.status,
      headers: { ...CORS, 'content-type': 'application/json', ...result.headers },
    });
  } catch {
    return new Response(
      JSON.stringify({ error: 'internal_error', message: 'Erreur interne du registre' }),
      { status: 500, headers: { ...CORS, 'content-type': 'application/json' } },
    );
  }
});
