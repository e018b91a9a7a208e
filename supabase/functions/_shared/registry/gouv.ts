// The government company search ("API Recherche d'entreprises", DINUM; no key) behind the registry
// contract (issue 15, issue 27 item 6; shared/data/research/recherche-entreprises.md). Its rules (its
// OpenAPI spec): at most 7 requests/s per IP, 429 with Retry-After, an explicit User-Agent. Ours: a
// token bucket of 5 requests/s that never lets a burst through (one token, 200 ms apart: issue 28
// item 11), Retry-After honoured (no call until then), a User-Agent with a contact address, a
// circuit breaker after repeated failures, a bounded cache of answers and one call for identical
// searches in flight. Calls (§8 of the research file): names with `etat_administratif=A&minimal=
// true&include=siege,complements`; 9 or 14 digits with `include=siege,complements,
// matching_etablissements` (with a SIRET, matching_etablissements holds that establishment and its
// own IDCC list). The answer's shapes and their reading: ./gouv-mapping.ts.
import {
  NO_LABELS,
  type ReferenceLabels,
  type RegistryQuery,
  type SourceAnswer,
} from './contract.ts';
import {
  establishmentFor,
  gouvResponseSchema,
  gouvResultSchema,
  idccKeys,
  mapGouvResult,
  nafOf,
  type Establishment,
  type GouvResult,
} from './gouv-mapping.ts';
import { CircuitBreaker, LruCache, retryAfterMs, TokenBucket, type Clock } from './guards.ts';

export { gouvResultSchema, mapGouvResult, type GouvResult } from './gouv-mapping.ts';

export const GOUV_DEFAULT_URL = 'https://recherche-entreprises.api.gouv.fr';
/** the API's own limit per IP (research file §2) */
export const GOUV_API_LIMIT_PER_SECOND = 7;
/** ours, with headroom: never more than 5 calls in any second */
export const GOUV_RATE_PER_SECOND = 5;
export const GOUV_MAX_PER_PAGE = 25;

export type GouvOptions = {
  baseUrl?: string;
  userAgent: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: Clock;
  sleep?: (ms: number) => Promise<void>;
  labels?: ReferenceLabels;
  /** longest wait for a token of the bucket before falling back (ms) */
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

/** The API call for a query; null for 3 to 8 or 10 to 13 digits (no prefix search on numbers). */
export function gouvSearchUrl(base: string, q: RegistryQuery): string | null {
  const u = new URL(`${base.replace(/\/+$/, '')}/search`);
  if (q.byNumber && q.digits !== null) {
    if (q.digits.length !== 9 && q.digits.length !== 14) return null;
    u.searchParams.set('q', q.digits);
    u.searchParams.set('minimal', 'true');
    u.searchParams.set('include', 'siege,complements,matching_etablissements');
  } else {
    u.searchParams.set('q', q.q);
    u.searchParams.set('minimal', 'true');
    u.searchParams.set('include', 'siege,complements');
    u.searchParams.set('etat_administratif', 'A');
  }
  u.searchParams.set('page', '1');
  u.searchParams.set('per_page', String(Math.min(q.limit, GOUV_MAX_PER_PAGE)));
  return u.toString();
}

/** The results a query offers: active companies, with the establishment it designates (open). */
function pick(results: unknown[], q: RegistryQuery) {
  const siret = q.byNumber && q.digits?.length === 14 ? q.digits : null;
  const out: { r: GouvResult; e: Establishment | null }[] = [];
  for (const raw of results) {
    const r = gouvResultSchema.safeParse(raw);
    if (!r.success || r.data.etat_administratif === 'C') continue;
    const e = establishmentFor(r.data, siret);
    if (e === undefined) continue;
    out.push({ r: r.data, e });
    if (out.length >= q.limit) break;
  }
  return out;
}

export function createGouvSource(options: GouvOptions): GouvSource {
  const now = options.now ?? (() => Date.now());
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const labels = options.labels ?? NO_LABELS;
  const base = options.baseUrl ?? GOUV_DEFAULT_URL;
  const bucket = new TokenBucket(1, GOUV_RATE_PER_SECOND, now);
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
  const inFlight = new Map<string, Promise<SourceAnswer>>();
  let blockedUntil = 0;

  async function read(response: Response, q: RegistryQuery): Promise<SourceAnswer> {
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
    const results = pick(parsed.data.results, q);
    const idccs = new Set<string>();
    const nafs = new Set<string>();
    for (const { r, e } of results) {
      for (const key of idccKeys(r, e)) idccs.add(key);
      const naf = nafOf(r, e);
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
    if (response.status === 400) {
      // "3 caractères minimum…": a query the API does not take is no result, not an outage.
      breaker.success();
      await response.body?.cancel();
      return { ok: true, body: { resultats_nom_entreprise: [], resultats_siret: [] } };
    }
    if (!response.ok) {
      breaker.failure();
      await response.body?.cancel();
      return { ok: false, reason: 'refused' };
    }
    return read(response, q);
  }

  /** Waits for a token (at most maxQueueMs), then calls; the checks again after the wait. */
  async function throttled(target: string, q: RegistryQuery): Promise<SourceAnswer> {
    const wait = bucket.reserve(options.maxQueueMs ?? 1000);
    if (wait === null)
      return { ok: false, reason: 'rate_limited', retryAfterMs: bucket.waitMs() || 200 };
    if (wait > 0) await sleep(wait);
    if (now() < blockedUntil)
      return { ok: false, reason: 'rate_limited', retryAfterMs: blockedUntil - now() };
    // Half-open: one probe at a time; the others fall back meanwhile.
    if (!breaker.allow())
      return { ok: false, reason: 'circuit_open', retryAfterMs: breaker.retryInMs() };
    const answer = await call(target, q);
    if (answer.ok) cache.set(target, answer);
    return answer;
  }

  return {
    async search(q) {
      const target = gouvSearchUrl(base, q);
      if (target === null) return { ok: false, reason: 'unsupported' };
      const cached = cache.get(target);
      if (cached) return cached;
      if (now() < blockedUntil)
        return { ok: false, reason: 'rate_limited', retryAfterMs: blockedUntil - now() };
      if (breaker.state === 'open')
        return { ok: false, reason: 'circuit_open', retryAfterMs: breaker.retryInMs() };
      // The same search already on its way (several visitors typing the same name): one call.
      const pending = inFlight.get(target);
      if (pending) return pending;
      const promise = throttled(target, q).finally(() => inFlight.delete(target));
      inFlight.set(target, promise);
      return promise;
    },
    state: () => ({
      breaker: breaker.state,
      cached: cache.size,
      blockedForMs: Math.max(0, blockedUntil - now()),
    }),
  };
}
