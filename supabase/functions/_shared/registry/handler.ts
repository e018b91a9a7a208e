// The registry endpoint (01 §7 "v2 suggestions": GET ?q=...[&cibles=siret][&longueur=10]) over
// its sources (issue 15), for the embedded backend (server/apis/registry.ts, /registry/v2) and a hosted
// deployment (supabase/functions/registry, an edge function): one handler, two runtimes.
//   REGISTRY_SOURCE=auto (default)  the government API when it answers, the registry table otherwise;
//   gouv | pappers | sample         that source only (gouv/pappers failing: 503, never "no result").
// Every answer says which source gave it (`X-Data-Source: gouv | pappers | sample`), so the app
// labels sample data (« données d'exemple ») only when it is; a fallback adds `X-Registry-Fallback`
// with the reason. Public, no key, as the real services; bad input is a 4xx JSON {error, message}.
import type {
  DataSource,
  RegistryBody,
  RegistryQuery,
  SourceAnswer,
  SourceFailure,
} from './contract.ts';
import { createGouvSource, type GouvOptions } from './gouv.ts';
import { createPappersSource } from './pappers.ts';
import { searchSample, type SampleStore } from './sample.ts';

export type RegistrySourceMode = 'auto' | 'gouv' | 'pappers' | 'sample';

export const TARGETS = new Set([
  'nom_entreprise',
  'denomination',
  'nom_complet',
  'representant',
  'siren',
  'siret',
]);
export const MAX_Q = 200;

export type RegistryHttpResult = {
  status: number;
  headers: Record<string, string>;
  body: RegistryBody | { error: string; message: string };
};

/** The registry's settings, read from the environment by both runtimes. */
export type RegistrySettings = {
  source: RegistrySourceMode;
  gouvUrl?: string;
  gouvTimeoutMs?: number;
  gouvCooldownMs?: number;
  pappersUrl?: string;
  pappersKey?: string;
  userAgent: string;
  /** where the API's operators can reach whoever runs this install (REGISTRY_CONTACT) */
  contact: string | null;
};

const PURPOSE = 'proxy de recherche d entreprises pour le budget formation des TPE-PME';
/** Descriptive, as the API asks (research file §2; its OpenAPI spec); HTTP headers are ASCII. */
export const DEFAULT_USER_AGENT = `BudgetFormation/0.1 (${PURPOSE})`;

/** The User-Agent sent upstream: with the contact address when one is configured. */
export function registryUserAgent(contact: string | null): string {
  return contact ? `BudgetFormation/0.1 (+${contact}; ${PURPOSE})` : DEFAULT_USER_AGENT;
}

/** A header value: printable ASCII only (fetch refuses anything else at every call). */
const ASCII_HEADER = /^[\x20-\x7e]{1,200}$/;

/** REGISTRY_CONTACT: an e-mail address (mailto: optional) or an http(s) address. */
function contactFromEnv(value: string | undefined): string | null {
  const v = value?.trim();
  if (!v) return null;
  const email = /^(mailto:)?[^\s@;()<>,"]+@[a-z0-9.-]+\.[a-z]{2,}$/i.test(v);
  const url = /^https?:\/\/[^\s;()<>,"]+$/i.test(v);
  if (!ASCII_HEADER.test(v) || (!email && !url))
    throw new Error(
      `REGISTRY_CONTACT invalide : ${v} (une adresse e-mail ou une adresse https, en ASCII)`,
    );
  return v.replace(/^mailto:/i, '');
}

function userAgent(value: string | undefined, contact: string | null): string {
  const v = value?.trim();
  if (!v) return registryUserAgent(contact);
  if (!ASCII_HEADER.test(v))
    throw new Error('REGISTRY_USER_AGENT invalide : 200 caractères ASCII imprimables au plus');
  return v;
}

export function registrySettingsFromEnv(
  env: (name: string) => string | undefined,
): RegistrySettings {
  const source = (env('REGISTRY_SOURCE') ?? 'auto').trim().toLowerCase() || 'auto';
  if (!['auto', 'gouv', 'pappers', 'sample'].includes(source))
    throw new Error(`REGISTRY_SOURCE invalide : ${source} (auto, gouv, pappers ou sample)`);
  const pappersKey = env('REGISTRY_PAPPERS_KEY')?.trim() || undefined;
  const contact = contactFromEnv(env('REGISTRY_CONTACT'));
  if (source === 'pappers' && !pappersKey)
    throw new Error('REGISTRY_SOURCE=pappers demande REGISTRY_PAPPERS_KEY');
  const ms = (name: string) => {
    const v = env(name)?.trim();
    if (!v) return undefined;
    if (!/^\d{1,7}$/.test(v)) throw new Error(`${name} invalide : ${v} (millisecondes)`);
    return Number(v);
  };
  return {
    source: source as RegistrySourceMode,
    gouvUrl: env('REGISTRY_GOUV_URL')?.trim() || undefined,
    gouvTimeoutMs: ms('REGISTRY_GOUV_TIMEOUT_MS'),
    gouvCooldownMs: ms('REGISTRY_GOUV_COOLDOWN_MS'),
    pappersUrl: env('REGISTRY_PAPPERS_URL')?.trim() || undefined,
    pappersKey,
    userAgent: userAgent(env('REGISTRY_USER_AGENT'), contact),
    contact,
  };
}

export type RegistryDeps = {
  settings: RegistrySettings;
  sample: SampleStore;
  /** extra options of the government source (tests: fetch, clock, labels) */
  gouv?: Partial<GouvOptions>;
  fetch?: typeof fetch;
  log?: (line: string) => void;
};

const EXPOSED = 'X-Data-Source, X-Registry-Fallback, Retry-After';

function error(status: number, code: string, message: string, extra: Record<string, string> = {}) {
  return {
    status,
    headers: { 'access-control-expose-headers': EXPOSED, ...extra },
    body: { error: code, message },
  };
}

function parseQuery(url: URL): RegistryQuery | RegistryHttpResult {
  const q = (url.searchParams.get('q') ?? '').trim();
  if (q === '') return error(400, 'invalid_query', 'Paramètre q manquant');
  if (q.length > MAX_Q)
    return error(400, 'invalid_query', `Paramètre q trop long (${MAX_Q} caractères au plus)`);
  const ciblesRaw = url.searchParams.get('cibles');
  const cibles =
    ciblesRaw === null
      ? ['nom_entreprise']
      : ciblesRaw
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
  if (!cibles.length || cibles.some((t) => !TARGETS.has(t)))
    return error(
      400,
      'invalid_targets',
      `Paramètre cibles invalide (valeurs : ${[...TARGETS].join(', ')})`,
    );
  const longueurRaw = url.searchParams.get('longueur') ?? '10';
  if (!/^\d{1,3}$/.test(longueurRaw) || Number(longueurRaw) < 1 || Number(longueurRaw) > 100)
    return error(400, 'invalid_length', 'Paramètre longueur : un nombre de 1 à 100');
  const compact = q.replace(/\s/g, '');
  const digits = /^\d+$/.test(compact) ? compact : null;
  return {
    q,
    digits,
    byNumber: digits !== null && (cibles.includes('siret') || cibles.includes('siren')),
    byName: cibles.some((t) => t !== 'siret' && t !== 'siren'),
    limit: Number(longueurRaw),
  };
}

const ok = (body: RegistryBody, source: DataSource, extra: Record<string, string> = {}) => ({
  status: 200,
  headers: {
    'x-data-source': source,
    'cache-control': 'no-store',
    'access-control-expose-headers': EXPOSED,
    ...extra,
  },
  body,
});

function unavailable(failure: SourceFailure): RegistryHttpResult {
  const seconds = failure.retryAfterMs ? Math.max(1, Math.ceil(failure.retryAfterMs / 1000)) : 10;
  return error(
    503,
    'registry_unavailable',
    'Le registre des entreprises ne répond pas pour le moment : réessayez, ou saisissez votre SIRET.',
    { 'retry-after': String(seconds) },
  );
}

/** Builds the handler once per process (its guards and cache live as long as it does). */
export function createRegistryHandler(deps: RegistryDeps) {
  const { settings } = deps;
  const noContact = !settings.contact && settings.userAgent === DEFAULT_USER_AGENT;
  if ((settings.source === 'auto' || settings.source === 'gouv') && noContact)
    deps.log?.(
      "[registry] REGISTRY_CONTACT n'est pas défini : le User-Agent envoyé à l'API Recherche " +
        "d'entreprises ne donne pas d'adresse de contact (à définir pour un service en ligne).",
    );
  const gouv = createGouvSource({
    baseUrl: settings.gouvUrl,
    userAgent: settings.userAgent,
    timeoutMs: settings.gouvTimeoutMs,
    breakerCooldownMs: settings.gouvCooldownMs,
    fetch: deps.fetch,
    ...deps.gouv,
  });
  const pappers = settings.pappersKey
    ? createPappersSource({
        baseUrl: settings.pappersUrl,
        apiKey: settings.pappersKey,
        userAgent: settings.userAgent,
        fetch: deps.fetch,
      })
    : null;

  const fromSample = async (q: RegistryQuery, extra: Record<string, string> = {}) => {
    const { body, sample } = await searchSample(deps.sample, q);
    // Rows an operator imported (a SIRENE extract) are real companies: not labelled as samples.
    const found = body.resultats_nom_entreprise.length + body.resultats_siret.length > 0;
    return ok(body, sample || !found ? 'sample' : 'import', extra);
  };

  return {
    gouv,
    async handle(url: URL, method: string): Promise<RegistryHttpResult> {
      if (method !== 'GET' && method !== 'HEAD')
        return error(405, 'method_not_allowed', 'Seule la méthode GET est acceptée');
      const q = parseQuery(url);
      if (!('q' in q)) return q;
      if (settings.source === 'sample') return fromSample(q);
      if (settings.source === 'pappers') {
        const answer: SourceAnswer = pappers
          ? await pappers.search(q)
          : { ok: false, reason: 'refused' };
        return answer.ok ? ok(answer.body, 'pappers') : unavailable(answer);
      }
      const answer = await gouv.search(q);
      if (answer.ok) return ok(answer.body, 'gouv');
      if (answer.reason !== 'unsupported') deps.log?.(`[registry] gouv: ${answer.reason}`);
      if (settings.source === 'gouv')
        return answer.reason === 'unsupported'
          ? ok({ resultats_nom_entreprise: [], resultats_siret: [] }, 'gouv')
          : unavailable(answer);
      return fromSample(q, { 'x-registry-fallback': `gouv_${answer.reason}` });
    },
  };
}
