// Local company registry with the "v2 suggestions" contract (01 §7): GET /registry/v2?q=...
// [&cibles=siret][&longueur=10] -> {resultats_nom_entreprise: [...], resultats_siret: [...]},
// items {siren, nom_entreprise, denomination, forme_juridique, code_naf, libelle_code_naf,
// siege: {siret, adresse_ligne_1, adresse_ligne_2, code_postal, ville, pays},
// conventions_collectives: [{idcc, nom, confirmee}]}. Public, no key (as the real service).
// The bundled rows are fictitious sample companies: responses then carry `X-Data-Source: sample`.
import { Hono, type Context } from 'hono';
import type { Db } from './db';
import { jsonError } from './http';
import { searchKey } from './seed/datasets';

const TARGETS = new Set([
  'nom_entreprise',
  'denomination',
  'nom_complet',
  'representant',
  'siren',
  'siret',
]);
const MAX_Q = 200;

type CompanyRow = {
  siren: string;
  nom_entreprise: string | null;
  denomination: string | null;
  forme_juridique: string | null;
  code_naf: string | null;
  libelle_code_naf: string | null;
  siege_siret: string | null;
  adresse_ligne_1: string | null;
  adresse_ligne_2: string | null;
  code_postal: string | null;
  ville: string | null;
  conventions: { idcc: string; nom: string | null }[] | string | null;
  source: string;
};

const SELECT = `
  select c.siren, c.nom_entreprise, c.denomination, c.forme_juridique, c.code_naf, n.label as libelle_code_naf,
         c.siege_siret, c.adresse_ligne_1, c.adresse_ligne_2, c.code_postal, c.ville, c.source,
         coalesce((select json_agg(json_build_object('idcc', x.code, 'nom', i.libelle) order by x.ord)
                     from unnest(c.idccs) with ordinality as x(code, ord)
                     left join public.idcc i on i.idcc = x.code), '[]'::json) as conventions
    from public.registry_companies c
    left join public.naf n on n.code = c.code_naf`;

function toItem(r: CompanyRow) {
  const conventions =
    typeof r.conventions === 'string'
      ? (JSON.parse(r.conventions) as { idcc: string; nom: string | null }[])
      : (r.conventions ?? []);
  return {
    siren: r.siren,
    nom_entreprise: r.nom_entreprise,
    denomination: r.denomination,
    forme_juridique: r.forme_juridique,
    code_naf: r.code_naf,
    libelle_code_naf: r.libelle_code_naf,
    siege: {
      siret: r.siege_siret,
      adresse_ligne_1: r.adresse_ligne_1,
      adresse_ligne_2: r.adresse_ligne_2,
      code_postal: r.code_postal,
      ville: r.ville,
      pays: 'France',
    },
    // The registry returns IDCCs as numbers (16 for 0016).
    conventions_collectives: conventions.map((cc) => ({
      idcc: Number(cc.idcc),
      nom: cc.nom,
      confirmee: false,
    })),
  };
}

export function registryRoutes(deps: { db: Db }): Hono {
  const { db } = deps;
  const r = new Hono();

  const handler = async (c: Context) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD')
      return jsonError(c, 405, 'method_not_allowed', 'Seule la méthode GET est acceptée');
    const q = (c.req.query('q') ?? '').trim();
    if (q === '') return jsonError(c, 400, 'invalid_query', 'Paramètre q manquant');
    if (q.length > MAX_Q)
      return jsonError(
        c,
        400,
        'invalid_query',
        `Paramètre q trop long (${MAX_Q} caractères au plus)`,
      );
    const ciblesRaw = c.req.query('cibles');
    const cibles =
      ciblesRaw === undefined
        ? ['nom_entreprise']
        : ciblesRaw
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean);
    if (!cibles.length || cibles.some((t) => !TARGETS.has(t))) {
      return jsonError(
        c,
        400,
        'invalid_targets',
        `Paramètre cibles invalide (valeurs : ${[...TARGETS].join(', ')})`,
      );
    }
    const longueurRaw = c.req.query('longueur') ?? '10';
    if (!/^\d{1,3}$/.test(longueurRaw) || Number(longueurRaw) < 1 || Number(longueurRaw) > 100) {
      return jsonError(c, 400, 'invalid_length', 'Paramètre longueur : un nombre de 1 à 100');
    }
    const limit = Number(longueurRaw);

    let bySiret: CompanyRow[] = [];
    let byName: CompanyRow[] = [];
    const digits = q.replace(/\s/g, '');
    if ((cibles.includes('siret') || cibles.includes('siren')) && /^\d{3,14}$/.test(digits)) {
      bySiret = await db.query<CompanyRow>(
        `${SELECT} where c.siege_siret like $1 || '%' or c.siren like left($1, 9) || '%'
          order by (c.siege_siret = $1 or c.siren = $1) desc, c.siren limit $2`,
        [digits, limit],
      );
    }
    if (cibles.some((t) => t !== 'siret' && t !== 'siren')) {
      const tokens = searchKey(q).split(' ').filter(Boolean).slice(0, 8);
      if (tokens.length) {
        const where = tokens
          .map((_, i) => `c.search_text like '%' || $${i + 1} || '%'`)
          .join(' and ');
        byName = await db.query<CompanyRow>(
          `${SELECT} where ${where}
            order by (c.search_text like $1 || '%') desc, coalesce(c.nom_entreprise, c.denomination) limit $${tokens.length + 1}`,
          [...tokens, limit],
        );
      }
    }
    if ([...bySiret, ...byName].some((x) => x.source === 'sample'))
      c.header('x-data-source', 'sample (entreprises fictives)');
    return c.json({
      resultats_nom_entreprise: byName.map(toItem),
      resultats_siret: bySiret.map(toItem),
    });
  };
  r.all('/v2', handler);
  r.all('/v2/', handler);
  r.all('*', (c) => jsonError(c, 404, 'not_found', 'Chemin inconnu'));
  return r;
}
