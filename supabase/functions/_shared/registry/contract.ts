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

/** INSEE legal categories (level 3) most companies have, as a short legal form. */
export const LEGAL_FORMS: Readonly<Record<string, string>> = {
  '1000': 'Entrepreneur individuel',
  '5499': 'SARL',
  '5498': 'EURL',
  '5710': 'SAS',
  '5720': 'SASU',
  '5599': 'SA',
  '5505': 'SA',
  '5308': 'SNC',
  '5202': 'SNC',
  '6540': 'SCI',
  '6220': 'GIE',
  '9220': 'Association déclarée',
  '5485': 'SELARL',
  '5785': 'SELAS',
  '6316': 'CUMA',
  '5560': 'SA coopérative',
  '5385': 'SELAFA',
};
