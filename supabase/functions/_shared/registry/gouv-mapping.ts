// The government company search's answer (API Recherche d'entreprises) read as the registry
// contract (issue 15, issue 27 item 6). The shapes are the API's own: its OpenAPI spec and its
// formatters (annuaire-entreprises-data-gouv-fr/search-api: app/doc/open-api.yml,
// app/service/format_search_results.py, app/service/formatters/non_diffusible.py):
// - `nom_complet` is upper case, built from the legal name, the head office's usual name and the
//   acronym;
// - a company that opposed publication (`statut_diffusion` 'P') has its establishments' address
//   fields (`adresse`, `code_postal`, street, coordinates...) replaced by « [NON-DIFFUSIBLE] », and,
//   for a sole trader (not a legal person at INSEE), `nom_complet` and `nom_raison_sociale` too; the
//   city (`libelle_commune`), the SIRET and the agreements stay. A masked field reads as null here:
//   the mask never reaches a screen;
// - an establishment is active ('A') or closed ('F'); a legal unit active ('A') or ceased ('C');
// - IDCC lists: the establishment's own (`liste_idcc`, per SIRET) and the company's
//   (`complements.liste_idcc`, the union over its establishments). Both are passed on, each entry
//   with its level, so the app can tell when they differ.
import { z } from 'zod';
import { legalFormOf } from './legal-forms.ts';
import type { RegistryConvention, RegistryItem } from './contract.ts';

const MASK = /\(?\s*\[\s*non[\s-]*diffusible\s*\]\s*\)?/gi;

/** A text of the registry without the non-diffusible mask; null when nothing else is left. */
export function visible(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const text = value.replace(MASK, ' ').replace(/\s+/g, ' ').trim();
  return text === '' ? null : text;
}

const text = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : v),
  z.string().max(1000).nullish().catch(null),
);
const idccList = z.array(z.string().max(10)).max(200).nullish().catch(null);

export const establishmentSchema = z.looseObject({
  siret: z.string().regex(/^\d{14}$/),
  adresse: text,
  code_postal: text,
  libelle_commune: text,
  activite_principale: text,
  liste_idcc: idccList,
  tranche_effectif_salarie: text,
  etat_administratif: text,
  est_siege: z.boolean().nullish().catch(null),
});
export type Establishment = z.infer<typeof establishmentSchema>;

export const gouvResultSchema = z.looseObject({
  siren: z.string().regex(/^\d{9}$/),
  nom_complet: text,
  nom_raison_sociale: text,
  nature_juridique: text,
  activite_principale: text,
  etat_administratif: text,
  statut_diffusion: text,
  tranche_effectif_salarie: text,
  annee_tranche_effectif_salarie: text,
  siege: establishmentSchema.nullish().catch(null),
  matching_etablissements: z.array(z.unknown()).max(100).nullish().catch(null),
  complements: z.looseObject({ liste_idcc: idccList }).nullish().catch(null),
});
export type GouvResult = z.infer<typeof gouvResultSchema>;

export const gouvResponseSchema = z.looseObject({ results: z.array(z.unknown()).max(100) });

export type Labels = { idcc: Record<string, string>; naf: Record<string, string> };

/** "ZAE EST 5 RUE X 05130 TALLARD" without its trailing "05130 TALLARD" (the contract has them apart). */
function firstLine(e: Establishment): string | null {
  const full = visible(e.adresse);
  if (full === null) return null;
  const tail = [visible(e.code_postal), visible(e.libelle_commune)].filter(Boolean).join(' ');
  const line = tail !== '' && full.endsWith(tail) ? full.slice(0, -tail.length).trim() : full;
  return line === '' ? null : line;
}

/** 1 to 4 digits, as the 4-digit key of the reference table ("573" is "0573"). */
function idccKey(raw: string): string | null {
  const code = raw.trim();
  return /^\d{1,4}$/.test(code) ? code.padStart(4, '0') : null;
}

/** The codes of the establishment's list and of the company's, as reference keys. */
export function idccKeys(r: GouvResult, e: Establishment | null): string[] {
  const keys = new Set<string>();
  for (const raw of [...(e?.liste_idcc ?? []), ...(r.complements?.liste_idcc ?? [])]) {
    const key = idccKey(raw);
    if (key) keys.add(key);
  }
  return [...keys];
}

function conventions(
  list: readonly string[] | null | undefined,
  niveau: 'etablissement' | 'entreprise',
  labels: Labels,
): RegistryConvention[] {
  const out: RegistryConvention[] = [];
  for (const raw of list ?? []) {
    const key = idccKey(raw);
    if (key === null || out.some((c) => c.idcc === Number(key))) continue;
    out.push({ idcc: Number(key), nom: labels.idcc[key] ?? null, confirmee: true, niveau });
  }
  return out;
}

/** The NAF code of the establishment (else of the company). */
export function nafOf(r: GouvResult, e: Establishment | null): string | null {
  return visible(e?.activite_principale) ?? visible(r.activite_principale);
}

/**
 * One result as a contract item, `e` being the establishment asked for (a SIRET) or the head
 * office: its SIRET, address, NAF code and IDCC list. Agreements: the establishment's own entries
 * (niveau 'etablissement'), then the company's (niveau 'entreprise'), all declared (`confirmee`);
 * the "no agreement" codes (9999, 9998) are kept as given (the app counts them as none).
 */
export function mapGouvResult(
  r: GouvResult,
  e: Establishment | null,
  labels: Labels,
): RegistryItem {
  const naf = nafOf(r, e);
  const name = visible(r.nom_complet) ?? visible(r.nom_raison_sociale);
  return {
    siren: r.siren,
    nom_entreprise: name,
    denomination: visible(r.nom_raison_sociale),
    forme_juridique: legalFormOf(r.nature_juridique),
    code_naf: naf,
    libelle_code_naf: naf ? (labels.naf[naf] ?? null) : null,
    siege: {
      siret: e?.siret ?? null,
      adresse_ligne_1: e ? firstLine(e) : null,
      adresse_ligne_2: null,
      code_postal: visible(e?.code_postal),
      ville: visible(e?.libelle_commune),
      pays: 'France',
    },
    conventions_collectives: [
      ...conventions(e?.liste_idcc, 'etablissement', labels),
      ...conventions(r.complements?.liste_idcc, 'entreprise', labels),
    ],
    tranche_effectif_salarie: visible(r.tranche_effectif_salarie),
    annee_tranche_effectif_salarie: visible(r.annee_tranche_effectif_salarie),
    non_diffusible: r.statut_diffusion === 'P',
  };
}

/**
 * The establishment a query designates: for a SIRET, that establishment (from
 * `matching_etablissements`, which then holds it alone, or the head office); otherwise the head
 * office. `undefined`: the result has no such establishment, or it is closed ('F'): the result is
 * not offered.
 */
export function establishmentFor(
  r: GouvResult,
  siret: string | null,
): Establishment | null | undefined {
  let found: Establishment | null | undefined = r.siege ?? null;
  if (siret !== null) {
    found = r.siege?.siret === siret ? r.siege : undefined;
    for (const raw of r.matching_etablissements ?? []) {
      const parsed = establishmentSchema.safeParse(raw);
      if (parsed.success && parsed.data.siret === siret) found = parsed.data;
    }
  }
  if (found && found.etat_administratif === 'F') return undefined;
  return found;
}
