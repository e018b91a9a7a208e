// The registry's own table (public.registry_companies): the bundled fictitious sample companies, or
// a SIRENE extract an operator imported. Searched through two SQL functions of the migrations
// (public.registry_search_names: every typed word as a word prefix of the name or city, full-text
// indexed; public.registry_search_numbers: a SIRET or SIREN prefix), which the embedded backend
// calls in SQL and the edge function through the data API (service key): the same queries.
import { foldText } from '../../../../src/domain/text.ts';
import type { RegistryItem, RegistryQuery, RegistryBody } from './contract.ts';

/** A row of public.registry_search_names / registry_search_numbers. */
export type SampleRow = {
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
  /** INSEE headcount band of the company and its year (issue 29 item 11), when the table has it */
  tranche_effectif_salarie?: string | null;
  annee_tranche_effectif_salarie?: string | null;
};

export type SampleStore = {
  byName(tokens: string[], limit: number): Promise<SampleRow[]>;
  byNumber(digits: string, limit: number): Promise<SampleRow[]>;
};

/** The words of a typed name as the table's search key has them: lower case, no accent, a-z0-9. */
export function searchTokens(q: string): string[] {
  return foldText(q)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean)
    .slice(0, 8);
}

export function sampleItem(r: SampleRow): RegistryItem {
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
    // As Pappers: IDCCs as numbers (16 for 0016), not confirmed (the table does not say who declared them).
    conventions_collectives: conventions.map((cc) => ({
      idcc: Number(cc.idcc),
      nom: cc.nom,
      confirmee: false,
    })),
    tranche_effectif_salarie: r.tranche_effectif_salarie ?? null,
    annee_tranche_effectif_salarie: r.annee_tranche_effectif_salarie ?? null,
  };
}

export async function searchSample(
  store: SampleStore,
  q: RegistryQuery,
): Promise<{ body: RegistryBody; sample: boolean }> {
  let bySiret: SampleRow[] = [];
  let byName: SampleRow[] = [];
  if (q.byNumber && q.digits !== null && /^\d{3,14}$/.test(q.digits))
    bySiret = await store.byNumber(q.digits, q.limit);
  if (q.byName) {
    const tokens = searchTokens(q.q);
    if (tokens.length) byName = await store.byName(tokens, q.limit);
  }
  return {
    body: {
      resultats_nom_entreprise: byName.map(sampleItem),
      resultats_siret: bySiret.map(sampleItem),
    },
    sample: [...bySiret, ...byName].some((x) => x.source === 'sample'),
  };
}
