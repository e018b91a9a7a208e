// The government company search ("API Recherche d'entreprises", DINUM; no key) behind the registry
// contract (issue 15; shared/data/research/recherche-entreprises.md). Its rules: at most 7
// requests/s per IP (token bucket), 429 with Retry-After honoured (no call until then), a
// descriptive User-Agent, a circuit breaker after repeated failures, a bounded cache of answers.
// Calls (§8 of the research file): names with `etat_administratif=A&minimal=true&include=siege,
// complements`; 9 or 14 digits with `include=siege,complements,matching_etablissements` (with a
// SIRET, matching_etablissements holds that establishment and its own IDCC list).
import { z } from 'zod';
import {
  NO_LABELS,
  LEGAL_FORMS,
  type ReferenceLabels,
  type RegistryConvention,
  type RegistryItem,
  type RegistryQuery,
  type SourceAnswer,
} from './contract.ts';
import { CircuitBreaker, LruCache, retryAfterMs, TokenBucket, type Clock } from './guards.ts';

export const GOUV_DEFAULT_URL = 'https://recherche-entreprises.api.gouv.fr';
/** the API's own limits (research file §2, §4) */
export const GOUV_RATE_PER_SECOND = 7;
export const GOUV_MAX_PER_PAGE = 25;

const text = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : v),
  z.string().max(1000).nullish(),
);
const idccList = z.array(z.string().max(10)).max(200).nullish().catch(null);

const establishmentSchema = z.looseObject({
  siret: z.string().regex(/^\d{14}$/),
  adresse: text,
  code_postal: text,
  libelle_commune: text,
  activite_principale: text,
  liste_idcc: idccList,
  tranche_effectif_salarie: text,
  etat_administratif: text,
});
type Establishment = z.infer<typeof establishmentSchema>;

export const gouvResultSchema = z.looseObject({
  siren: z.string().regex(/^\d{9}$/),
  nom_complet: text,
  nom_raison_sociale: text,
  nature_juridique: text,
  activite_principale: text,
  etat_administratif: text,
  tranche_effectif_salarie: text,
  annee_tranche_effectif_salarie: text,
  siege: establishmentSchema.nullish().catch(null),
  matching_etablissements: z.array(z.unknown()).max(100).nullish().catch(null),
  complements: z.looseObject({ liste_idcc: idccList }).nullish().catch(null),
});
export type GouvResult = z.infer<typeof gouvResultSchema>;

export const gouvResponseSchema = z.looseObject({ results: z.array(z.unknown()).max(100) });

/** "ZAE EST 5 RUE X 05130 TALLARD" without its trailing "05130 TALLARD" (the contract has them apart). */
function firstLine(e: Establishment): string | null {
  const full = (e.adresse ?? '').trim();
  if (full === '') return null;
  const tail = [e.code_postal, e.libelle_commune].filter(Boolean).join(' ').trim();
  const line = tail !== '' && full.endsWith(tail) ? full.slice(0, -tail.length).trim() : full;
  return line === '' ? null : line;
}

/**
 * One result as a contract item. `establishment`: the one asked for (a SIRET), else the head
 * office. Agreements: the establishment's own list when the registry has one, else the company's
 * (complements, the union over its establishments), all declared (`confirmee`), with where they were
 * read; the "no agreement" codes (9999, 9998) are kept as given (the app counts them as none).
 */
export function mapGouvResult(
  r: GouvResult,
  establishment: Establishment | null,
  labels: { idcc: Record<string, string>; naf: Record<string, string> },
): RegistryItem {
  const e = establishment ?? r.siege ?? null;
  const own = e?.liste_idcc ?? null;
  const list = own ?? r.complements?.liste_idcc ?? [];
  const niveau = own ? 'etablissement' : 'entreprise';
  const conventions: RegistryConvention[] = [];
  for (const raw of list) {
    const code = raw.trim();
    if (!/^\d{1,4}$/.test(code)) continue;
    const key = code.padStart(4, '0');
    if (conventions.some((c) => c.idcc === Number(code))) continue;
    conventions.push({
      idcc: Number(code),
      nom: labels.idcc[key] ?? null,
      confirmee: true,
      niveau,
    });
  }
  const naf = e?.activite_principale ?? r.activite_principale ?? null;
  return {
    siren: r.siren,
    nom_entreprise: r.nom_complet ?? r.nom_raison_sociale ?? null,
    denomination: r.nom_raison_sociale ?? null,
    forme_juridique: r.nature_juridique
      ? (LEGAL_FORMS[r.nature_juridique] ?? r.nature_juridique)
      : null,
    code_naf: naf,
    libelle_code_naf: naf ? (labels.naf[naf] ?? null) : null,
    siege: {
      siret: e?.siret ?? null,
      adresse_ligne_1: e ? firstLine(e) : null,
      adresse_ligne_2: null,
      code_postal: e?.code_postal ?? null,
      ville: e?.libelle_commune ?? null,
      pays: 'France',
    },
    conventions_collectives: conventions,
    tranche_effectif_salarie: r.tranche_effectif_salarie ?? null,
    annee_tranche_effectif_salarie: r.annee_tranche_effectif_salarie ?? null,
  };
}

/** The establishment a number designates: the matching one for a SIRET, else the head office. */
function establishmentFor(r: GouvResult, digits: string | null): Establishment | null {
  if (digits?.length === 14) {
    for (const raw of r.matching_etablissements ?? []) {
      const parsed = establishmentSchema.safeParse(raw);
      if (parsed.success && parsed.data.siret === digits) return parsed.data;
    }
    if (r.siege?.siret === digits) return r.siege;
    return null;
  }
  return r.siege ?? null;
}

export type GouvOptions = {
  baseUrl?: string;
  userAgent: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: Clock;
  sleep?: (ms: number) => Promise<void>;
  labels?: ReferenceLabels;
  /** longest wait for a token of the bucket before giving up (ms) */
  maxQueueMs?: number;
  breakerThreshold?: number;
  breakerCooldownMs?: number;
  cacheSize?: number;
  cacheTtlMs?: number;
};

export type GouvSource = {
  search(query: RegistryQuery): Promise<SourceAnswer>;
  /** for the tests and the logs */
  state(): { breaker: string; cached: number; blockedForMs: number };
};

export function createGouvSource(options: GouvOptions): GouvSource {
  const now = options.now ?? (() => Date.now());
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const labels = options.labels ?? NO_LABELS;
  const base = (options.baseUrl ?? GOUV_DEFAULT_URL).replace(/\/+$/, '');
  const bucket = new TokenBucket(GOUV_RATE_PER_SECOND, GOUV_RATE_PER_SECOND, now);
  const breaker = new CircuitBreaker(
    options.breakerThreshold ?? 3,
    options.breakerCooldownMs ?? 30_000,
    now,
  );
  const cache = new LruCache<SourceAnswer & { ok: true }>(
    options.cacheSize ?? 500,
    options.cacheTtlMs ?? 10 * 60_000,
    now,
  );
  let blockedUntil = 0;

  const url = (q: RegistryQuery): string | null => {
    const u = new URL(`${base}/search`);
    u.searchParams.set('minimal', 'true');
    if (q.byNumber && q.digits !== null) {
      // Only 9 or 14 digits are lookups; the API has no prefix search on numbers.
      if (q.digits.length !== 9 && q.digits.length !== 14) return null;
      u.searchParams.set('q', q.digits);
      u.searchParams.set('include', 'siege,complements,matching_etablissements');
    } else {
      u.searchParams.set('q', q.q);
      u.searchParams.set('include', 'siege,complements');
      u.searchParams.set('etat_administratif', 'A');
    }
    u.searchParams.set('page', '1');
    u.searchParams.set('per_page', String(Math.min(q.limit, GOUV_MAX_PER_PAGE)));
    return u.toString();
  };

  async function call(target: string, q: RegistryQuery): Promise<SourceAnswer> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? 3000);
    let response: Response;
    try {
      response = await doFetch(target, {
        headers: { accept: 'application/json', 'user-agent': options.userAgent },
        signal: controller.signal,
      });
    } catch {
      breaker.failure();
      return { ok: false, reason: controller.signal.aborted ? 'timeout' : 'network' };
    } finally {
      clearTimeout(timer);
    }
    if (response.status === 429) {
      const wait = retryAfterMs(response.headers.get('retry-after'), now()) ?? 1000;
      blockedUntil = now() + wait;
      breaker.release(); // not an outage: the API asks us to wait, which we do
      await response.body?.cancel();
      return { ok: false, reason: 'rate_limited', retryAfterMs: wait };
    }
    if (response.status >= 500) {
      breaker.failure();
      await response.body?.cancel();
      return { ok: false, reason: 'server', retryAfterMs: breaker.retryInMs() || undefined };
    }
    const empty = {
      ok: true as const,
      body: { resultats_nom_entreprise: [], resultats_siret: [] },
    };
    if (response.status === 400) {
      // "3 caractères minimum…": a query the API does not take is no result, not an outage.
      breaker.success();
      await response.body?.cancel();
      return empty;
    }
    if (!response.ok) {
      breaker.failure();
      await response.body?.cancel();
      return { ok: false, reason: 'refused' };
    }
    let payload: unknown;
    try {
      payload = await response.json();
    } catch {
      breaker.failure();
      return { ok: false, reason: 'invalid' };
    }
    const parsed = gouvResponseSchema.safeParse(payload);
    if (!parsed.success) {
      breaker.failure();
      return { ok: false, reason: 'invalid' };
    }
    breaker.success();
    const results: { r: GouvResult; e: Establishment | null }[] = [];
    for (const raw of parsed.data.results) {
      const r = gouvResultSchema.safeParse(raw);
      if (!r.success || r.data.etat_administratif === 'C') continue;
      const e = establishmentFor(r.data, q.byNumber ? q.digits : null);
      if (q.byNumber && q.digits?.length === 14 && e === null) continue;
      results.push({ r: r.data, e });
      if (results.length >= q.limit) break;
    }
    const idccs = new Set<string>();
    const nafs = new Set<string>();
    for (const { r, e } of results) {
      for (const c of (e ?? r.siege)?.liste_idcc ?? r.complements?.liste_idcc ?? [])
        if (/^\d{1,4}$/.test(c.trim())) idccs.add(c.trim().padStart(4, '0'));
      const naf = (e ?? r.siege)?.activite_principale ?? r.activite_principale;
      if (naf) nafs.add(naf);
    }
    const names = await labels([...idccs], [...nafs]).catch(() => ({ idcc: {}, naf: {} }));
    const items = results.map(({ r, e }) => mapGouvResult(r, e, names));
    return {
      ok: true,
      body: q.byNumber
        ? { resultats_nom_entreprise: [], resultats_siret: items }
        : { resultats_nom_entreprise: items, resultats_siret: [] },
    };
  }

  return {
    async search(q) {
      const target = url(q);
      // 3 to 8 or 10 to 13 digits: the API has no prefix search on numbers.
      if (target === null) return { ok: false, reason: 'unsupported' };
      const cached = cache.get(target);
      if (cached) return cached;
      if (now() < blockedUntil)
        return { ok: false, reason: 'rate_limited', retryAfterMs: blockedUntil - now() };
      if (breaker.state === 'open')
        return { ok: false, reason: 'circuit_open', retryAfterMs: breaker.retryInMs() };
      let wait = bucket.take();
      if (wait > 0) {
        if (wait > (options.maxQueueMs ?? 400))
          return { ok: false, reason: 'rate_limited', retryAfterMs: wait };
        await sleep(wait);
        wait = bucket.take();
        if (wait > 0) return { ok: false, reason: 'rate_limited', retryAfterMs: wait };
      }
      // Half-open: one probe at a time; the others fall back meanwhile.
      if (!breaker.allow())
        return { ok: false, reason: 'circuit_open', retryAfterMs: breaker.retryInMs() };
      const answer = await call(target, q);
      if (answer.ok) cache.set(target, answer);
      return answer;
    },
    state: () => ({
      breaker: breaker.state,
      cached: cache.size,
      blockedForMs: Math.max(0, blockedUntil - now()),
    }),
  };
}
