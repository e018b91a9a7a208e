// The one registry contract the app speaks (01 §7: the "v2 suggestions" shape), whichever source
// answers, plus optional fields of ours that only the government registry fills (issue 15): where
// each declared agreement was read and the INSEE headcount band with its year. The app's zod
// schema is src/domain/registry-contract.ts; these are the types the sources build.

export type RegistryConvention = {
  /** a number, as Pappers sends it (16 for 0016) */
  idcc: number;
  nom: string | null;
  /** true: declared by the company (never deduced from its activity) */
  confirmee: boolean;
  niveau?: 'etablissement' | 'entreprise';
};

export type RegistryItem = {
  siren: string;
  nom_entreprise: string | null;
  denomination: string | null;
  forme_juridique: string | null;
  code_naf: string | null;
  libelle_code_naf: string | null;
  siege: {
    siret: string | null;
    adresse_ligne_1: string | null;
    adresse_ligne_2: string | null;
    code_postal: string | null;
    ville: string | null;
    pays: string;
  };
  conventions_collectives: RegistryConvention[];
  tranche_effectif_salarie?: string | null;
  annee_tranche_effectif_salarie?: string | null;
  /**
   * (ours) the company asked INSEE not to publish its identity (`statut_diffusion` 'P'): the
   * registry masks its address, and a sole trader's name, with « [NON-DIFFUSIBLE] »; the masked
   * fields are null here, never the mask.
   */
  non_diffusible?: boolean;
};

export type RegistryBody = {
  resultats_nom_entreprise: unknown[];
  resultats_siret: unknown[];
};

/** sample: the bundled fictitious companies; import: the table holds an operator's real extract. */
export type DataSource = 'gouv' | 'pappers' | 'sample' | 'import';

/** What the handler asks a source: the typed text, cleaned, and which lists to fill. */
export type RegistryQuery = {
  q: string;
  /** q without spaces when it is all digits, else null */
  digits: string | null;
  byNumber: boolean;
  byName: boolean;
  limit: number;
};

/** Why a source did not answer (the handler falls back or answers 503). */
export type SourceFailure = {
  reason:
    | 'circuit_open'
    | 'rate_limited'
    | 'timeout'
    | 'network'
    | 'server'
    | 'invalid'
    | 'refused'
    /** a query the source cannot run (a partial SIRET for the government API) */
    | 'unsupported';
  /** when the source says (Retry-After) or the breaker knows when to try again */
  retryAfterMs?: number;
};

export type SourceAnswer = { ok: true; body: RegistryBody } | ({ ok: false } & SourceFailure);

/** Titles of IDCCs and NAF codes the registry does not carry (from the reference tables). */
export type ReferenceLabels = (
  idccs: string[],
  nafs: string[],
) => Promise<{ idcc: Record<string, string>; naf: Record<string, string> }>;

export const NO_LABELS: ReferenceLabels = async () => ({ idcc: {}, naf: {} });

/** INSEE legal categories (level III) as legal forms: ./legal-forms.ts, from INSEE's own list. */
export { LEGAL_FORMS, legalFormOf } from './legal-forms.ts';
