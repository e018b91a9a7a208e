// Pappers' suggestions service (the contract's origin, 01 §7), passed through when a key is
// configured (REGISTRY_SOURCE=pappers, REGISTRY_PAPPERS_KEY). The answer is checked for the
// contract's two lists and returned as Pappers sent it.
import { z } from 'zod';
import type { RegistryQuery, SourceAnswer } from './contract.ts';

export const PAPPERS_DEFAULT_URL = 'https://suggestions.pappers.fr/v2';

const answerSchema = z.looseObject({
  resultats_nom_entreprise: z.array(z.unknown()).max(100).optional().default([]),
  resultats_siret: z.array(z.unknown()).max(100).optional().default([]),
});

export function createPappersSource(options: {
  baseUrl?: string;
  apiKey: string;
  userAgent: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}) {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  return {
    async search(q: RegistryQuery): Promise<SourceAnswer> {
      const u = new URL(options.baseUrl ?? PAPPERS_DEFAULT_URL);
      u.searchParams.set('q', q.byNumber && q.digits ? q.digits : q.q);
      u.searchParams.set('longueur', String(q.limit));
      u.searchParams.set('cibles', q.byNumber ? 'siret' : 'nom_entreprise');
      u.searchParams.set('api_token', options.apiKey);
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? 5000);
      try {
        const res = await doFetch(u.toString(), {
          headers: { accept: 'application/json', 'user-agent': options.userAgent },
          signal: controller.signal,
        });
        if (res.status === 429) return { ok: false, reason: 'rate_limited' };
        if (!res.ok) return { ok: false, reason: res.status >= 500 ? 'server' : 'refused' };
        const parsed = answerSchema.safeParse(await res.json());
        if (!parsed.success) return { ok: false, reason: 'invalid' };
        return {
          ok: true,
          body: {
            resultats_nom_entreprise: parsed.data.resultats_nom_entreprise,
            resultats_siret: parsed.data.resultats_siret,
          },
        };
      } catch {
        return { ok: false, reason: controller.signal.aborted ? 'timeout' : 'network' };
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
