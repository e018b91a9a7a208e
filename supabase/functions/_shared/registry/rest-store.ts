// The registry table and the reference titles through the data API (PostgREST) with the service
// key: how the hosted edge function reads what the embedded backend reads in SQL (same functions,
// public.registry_search_names / registry_search_numbers, granted to service_role only).
import type { ReferenceLabels } from './contract.ts';
import type { SampleRow, SampleStore } from './sample.ts';

export function restClient(supabaseUrl: string, serviceKey: string, doFetch: typeof fetch = fetch) {
  const base = `${supabaseUrl.replace(/\/+$/, '')}/rest/v1`;
  const headers = {
    apikey: serviceKey,
    authorization: `Bearer ${serviceKey}`,
    'content-type': 'application/json',
    accept: 'application/json',
  };
  return async <T>(path: string, body?: unknown): Promise<T> => {
    const res = await doFetch(`${base}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`data API ${path.split('?')[0]}: HTTP ${res.status}`);
    return (await res.json()) as T;
  };
}

export function restSampleStore(call: ReturnType<typeof restClient>): SampleStore {
  return {
    byName: (tokens, limit) =>
      call<SampleRow[]>('/rpc/registry_search_names', { p_tokens: tokens, p_limit: limit }),
    byNumber: (digits, limit) =>
      call<SampleRow[]>('/rpc/registry_search_numbers', { p_digits: digits, p_limit: limit }),
  };
}

const inList = (codes: string[]) =>
  `(${codes
    .filter((c) => /^[0-9A-Z.]{1,10}$/.test(c))
    .slice(0, 100)
    .map((c) => `"${c}"`)
    .join(',')})`;

export function restReferenceLabels(call: ReturnType<typeof restClient>): ReferenceLabels {
  return async (idccs, nafs) => {
    const idcc: Record<string, string> = {};
    const naf: Record<string, string> = {};
    if (idccs.length)
      for (const r of await call<{ idcc: string; libelle: string }[]>(
        `/idcc?select=idcc,libelle&idcc=in.${encodeURIComponent(inList(idccs))}`,
      ))
        idcc[r.idcc] = r.libelle;
    if (nafs.length)
      for (const r of await call<{ code: string; label: string }[]>(
        `/naf?select=code,label&code=in.${encodeURIComponent(inList(nafs))}`,
      ))
        naf[r.code] = r.label;
    return { idcc, naf };
  };
}
