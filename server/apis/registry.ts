// The company registry of the embedded backend: GET /registry/v2?q=...[&cibles=siret][&longueur=10]
// with the "v2 suggestions" contract (01 §7), served by the handler the hosted edge function runs
// too (supabase/functions/_shared/registry/handler.ts): the government API by default (`auto`),
// the registry table (public.registry_companies: the fictitious sample, or an imported SIRENE
// extract) when it does not answer, each answer labelled with `X-Data-Source`. Here the table and
// the reference titles are read in SQL; the edge function reads them through the data API.
import type { Context } from 'hono';
import type { ReferenceLabels } from '../../supabase/functions/_shared/registry/contract';
import {
  createRegistryHandler,
  type RegistrySettings,
} from '../../supabase/functions/_shared/registry/handler';
import type { SampleRow, SampleStore } from '../../supabase/functions/_shared/registry/sample';
import type { Db } from '../db/db';
import { jsonError } from '../http/common';
import type { RouteArea } from '../http/route-table';

export function sqlSampleStore(db: Db): SampleStore {
  return {
    byName: (tokens, limit) =>
      db.query<SampleRow>('select * from public.registry_search_names($1::text[], $2)', [
        tokens,
        limit,
      ]),
    byNumber: (digits, limit) =>
      db.query<SampleRow>('select * from public.registry_search_numbers($1, $2)', [digits, limit]),
  };
}

export function sqlReferenceLabels(db: Db): ReferenceLabels {
  return async (idccs, nafs) => {
    const idcc: Record<string, string> = {};
    const naf: Record<string, string> = {};
    if (idccs.length)
      for (const r of await db.query<{ idcc: string; libelle: string }>(
        'select idcc, libelle from public.idcc where idcc = any($1::text[])',
        [idccs.slice(0, 200)],
      ))
        idcc[r.idcc] = r.libelle;
    if (nafs.length)
      for (const r of await db.query<{ code: string; label: string }>(
        'select code, label from public.naf where code = any($1::text[])',
        [nafs.slice(0, 200)],
      ))
        naf[r.code] = r.label;
    return { idcc, naf };
  };
}

/** The company registry (01 §3): public, as the hosted function (deployed with --no-verify-jwt). */
export function registryArea(deps: {
  db: Db;
  settings: RegistrySettings;
  fetch?: typeof fetch;
  log?: (line: string) => void;
}): RouteArea {
  const registry = createRegistryHandler({
    settings: deps.settings,
    sample: sqlSampleStore(deps.db),
    gouv: { labels: sqlReferenceLabels(deps.db) },
    fetch: deps.fetch,
    log: deps.log,
  });
  const handler = async (c: Context) => {
    const result = await registry.handle(new URL(c.req.url), c.req.method);
    return c.json(result.body, result.status as 200, result.headers);
  };
  return {
    prefix: '/registry',
    routes: [
      { method: 'ALL', path: '/v2', who: 'anyone', handler },
      { method: 'ALL', path: '/v2/', who: 'anyone', handler },
    ],
    fallback: (c) => jsonError(c, 404, 'not_found', 'Chemin inconnu'),
  };
}
