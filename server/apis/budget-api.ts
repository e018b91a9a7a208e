// Local implementation of the product's budget API (01 §3/§7, 02 §3), served from Postgres
// reference tables, with the response shapes of the real service (contracts.ts). Figures come from
// the OPCOs' published criteria, with their provenance (budget-sources.ts):
//   GET /public/idcc/getIdccFromNAF/?naf=62.01Z         [{idcc, ccName, proba, estimate}]
//   GET /public/idcc/search/?q=148                      [{idcc, label}] (IDCC prefix helper)
//   GET /public/pdc/{idcc}                              {idcc, ccName, nature, etat, url, opco,
//                                                        titleSource} (issue 27: legifrance,
//                                                        research or unknown)
//   GET /public/pdc/infoPdc/{idcc}                      [{minEmployees, maxEmployees, label}]
//   GET /public/pdc/infoPdc/{idcc}/min/{min}/max/{max}  {budgetType, opco, tauxPriseEnCharge, budgetInfo,
//                                                        provenance, figure} (the figure's source,
//                                                        issue 15; the figure, issue 27)
// Every call needs the static key header `x-api-key` (401 otherwise), as the real API. Errors are
// JSON {error, message} (contracts.ts apiErrorSchema); bad input is a 4xx and changes nothing.
import { timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import {
  budgetBands,
  budgetLookup,
  CriteriaStore,
  SAMPLE_RULES_HEADER,
  sampleRulesAllowed,
  type BudgetSampleRules,
} from './budget-sources';
import type { Db } from '../db/db';
import { jsonError } from '../http/common';
import type { Route, RouteArea } from '../http/route-table';
import { normalizeNafCode, RowError } from '../db/seed/datasets';

const IDCC_PARAM = /^\d{1,4}$/;
const MAX_EMPLOYEES = 1_000_000;

function sameKey(given: string | undefined, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function idccParam(c: Context): string | Response {
  const raw = c.req.param('id') ?? '';
  if (!IDCC_PARAM.test(raw))
    return jsonError(c, 400, 'invalid_idcc', "L'IDCC doit être un nombre de 1 à 4 chiffres");
  return raw.padStart(4, '0');
}

function intParam(c: Context, name: string): number | Response {
  const raw = c.req.param(name) ?? '';
  if (!/^-?\d{1,7}$/.test(raw))
    return jsonError(c, 400, 'invalid_range', `${name} doit être un nombre entier`);
  return Number(raw);
}

export type { BudgetLookup } from './budget-sources';

type BudgetApi = { db: Db; criteria: CriteriaStore; sampleRules: BudgetSampleRules };

const sample = (api: BudgetApi, c: Context) => ({
  sample: sampleRulesAllowed(api.sampleRules, c.req.header(SAMPLE_RULES_HEADER)),
});

const unknownIdcc = (c: Context, idcc: string) =>
  jsonError(c, 404, 'unknown_idcc', `IDCC inconnu : ${idcc}`);

async function idccFromNaf({ db }: BudgetApi, c: Context): Promise<Response> {
  const raw = c.req.query('naf');
  if (raw === undefined || raw.trim() === '')
    return jsonError(c, 400, 'invalid_naf', 'Paramètre naf manquant');
  let naf: string | null;
  try {
    naf = raw.length <= 10 ? normalizeNafCode(raw) : null;
  } catch (e) {
    if (!(e instanceof RowError)) throw e;
    naf = null;
  }
  if (!naf) return jsonError(c, 400, 'invalid_naf', 'Code NAF invalide (format attendu : 62.01Z)');
  const rows = await db.query<{ idcc: string; ccName: string; proba: number }>(
    `select n.idcc, i.libelle as "ccName", n.proba
       from public.naf_idcc n join public.idcc i on i.idcc = n.idcc
      where n.naf = $1
      order by n.proba desc, n.idcc`,
    [naf],
  );
  // No public NAF -> IDCC table exists: these suggestions are estimates.
  c.header('x-estimate', 'true');
  return c.json(
    rows.map((x) => ({ idcc: x.idcc, ccName: x.ccName, proba: Number(x.proba), estimate: true })),
  );
}

async function idccSearch({ db }: BudgetApi, c: Context): Promise<Response> {
  const q = (c.req.query('q') ?? '').replace(/\s/g, '');
  if (!/^\d{1,4}$/.test(q))
    return jsonError(c, 400, 'invalid_query', 'Paramètre q : 1 à 4 chiffres attendus');
  const rows = await db.query<{ idcc: string; label: string }>(
    `select idcc, libelle as label from public.idcc
      where idcc like $1 || '%' or ltrim(idcc, '0') like $1 || '%'
      order by in_force desc, (ltrim(idcc, '0') = ltrim($1, '0')) desc, idcc
      limit 20`,
    [q],
  );
  return c.json(rows);
}

async function bandLookup(api: BudgetApi, c: Context): Promise<Response> {
  const idcc = idccParam(c);
  if (typeof idcc !== 'string') return idcc;
  const min = intParam(c, 'min');
  if (typeof min !== 'number') return min;
  const max = intParam(c, 'max');
  if (typeof max !== 'number') return max;
  if (min < 0 || max < min || max > MAX_EMPLOYEES) {
    return jsonError(
      c,
      400,
      'invalid_range',
      `Tranche d'effectif invalide : min et max entre 0 et ${MAX_EMPLOYEES}, min <= max`,
    );
  }
  const lookup = await budgetLookup(api.db, api.criteria, idcc, min, max, sample(api, c));
  return lookup ? c.json(lookup) : unknownIdcc(c, idcc);
}

async function bands(api: BudgetApi, c: Context): Promise<Response> {
  const idcc = idccParam(c);
  if (typeof idcc !== 'string') return idcc;
  const known = await api.db.query('select idcc from public.idcc where idcc = $1', [idcc]);
  if (!known.length) return unknownIdcc(c, idcc);
  return c.json(await budgetBands(api.db, api.criteria, idcc, sample(api, c)));
}

async function agreement({ db }: BudgetApi, c: Context): Promise<Response> {
  const idcc = idccParam(c);
  if (typeof idcc !== 'string') return idcc;
  const [row] = await db.query<Record<string, string | null>>(
    `select i.idcc, i.libelle as "ccName", i.nature, i.etat, i.url, o.opco,
            i.title_source as "titleSource"
       from public.idcc i left join public.idcc_opco o on o.idcc = i.idcc where i.idcc = $1`,
    [idcc],
  );
  return row ? c.json(row) : unknownIdcc(c, idcc);
}

/** The budget API: its key (x-api-key) on every call, GET only. */
export function budgetApiArea(deps: {
  db: Db;
  apiKey: string;
  /** the invented sample rules: never (default), as a fallback (demos), or on request (tests) */
  sampleRules?: BudgetSampleRules;
}): RouteArea {
  const api: BudgetApi = {
    db: deps.db,
    criteria: new CriteriaStore(deps.db),
    sampleRules: deps.sampleRules ?? 'off',
  };
  const get = (
    path: string,
    handler: (api: BudgetApi, c: Context) => Promise<Response>,
  ): Route => ({
    method: 'GET',
    path,
    who: 'budget api key',
    handler: (c) => handler(api, c),
  });
  return {
    prefix: '/public',
    guard: [
      async (c, next) => {
        if (!sameKey(c.req.header('x-api-key'), deps.apiKey))
          return jsonError(
            c,
            401,
            'unauthorized',
            'Clé API manquante ou invalide (en-tête x-api-key)',
          );
        if (c.req.method !== 'GET' && c.req.method !== 'HEAD')
          return jsonError(c, 405, 'method_not_allowed', 'Seule la méthode GET est acceptée');
        await next();
        c.header('cache-control', 'no-cache');
      },
    ],
    routes: [
      get('/idcc/getIdccFromNAF/', idccFromNaf),
      get('/idcc/getIdccFromNAF', idccFromNaf),
      get('/idcc/search/', idccSearch),
      get('/idcc/search', idccSearch),
      get('/pdc/infoPdc/:id/min/:min/max/:max', bandLookup),
      get('/pdc/infoPdc/:id', bands),
      get('/pdc/:id', agreement),
    ],
    fallback: (c) => jsonError(c, 404, 'not_found', 'Chemin inconnu'),
  };
}
