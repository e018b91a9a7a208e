// Company registry rules (01 §3, §5, §7): search query, response picking, item mapping, and the
// base64 company parameter of step 2. Pure and total: raw payloads are `unknown`.
import { z } from 'zod/mini';
import { readInseeBand } from './insee-headcount';
import { registryItemSchema, type RegistryItem } from './registry-contract';
import { isRecord, normalizeSpaces, removeSpaces, toTrimmedText } from './text';

/** 01 §9: minimum company search length, debounce and number of suggestions kept. */
export const REGISTRY_MIN_QUERY_LENGTH = 3;
export const REGISTRY_DEBOUNCE_MS = 500;
export const REGISTRY_MAX_SUGGESTIONS = 5;
/** (ours) longest text sent to the registry; the rest of a pasted text is dropped. */
export const REGISTRY_MAX_QUERY_LENGTH = 200;

/** An agreement the company declared (issue 15), with its title when the registry gives it. */
export type DeclaredAgreement = { idcc: string; name: string | null };

/** Where a company came from: the registry's source (X-Data-Source), or typed by the user. */
export const DATA_SOURCES = ['gouv', 'pappers', 'sample', 'import', 'manual'] as const;
export type DataSource = (typeof DATA_SOURCES)[number];

export type CompanySuggestion = {
  forme_juridique: string;
  isIdcc: boolean;
  siren: string;
  siret: string;
  companyName: string;
  companyAddress: string;
  codeNaf: string;
  idcc: string[];
  /**
   * (ours, issue 15) agreements declared for the chosen establishment (or, when the registry has
   * no list for it, for the company), without the "no agreement" codes. Absent: the registry
   * does not say (sample data, Pappers without confirmed agreements).
   */
  declaredAgreements?: DeclaredAgreement[];
  /** (ours) where the declaration was read */
  declaredLevel?: 'etablissement' | 'entreprise';
  /**
   * (ours, issue 27 item 6) agreements the company declares for its other establishments, beyond
   * the chosen establishment's own list: the user chooses when they differ.
   */
  otherAgreements?: DeclaredAgreement[];
  /** (ours) INSEE headcount band of the legal unit and its reference year */
  inseeBand?: { code: string; year: string | null };
  /**
   * (ours, issue 27 item 6) the company opposed publication at INSEE: the registry masks its
   * address (and a sole trader's name); without a name, the user types it.
   */
  nonDiffusible?: boolean;
  /** (ours, issue 29 item 11) where the company's data came from, said at steps 1 and 2 */
  dataSource?: DataSource;
  /** (ours) typed by the user when the registry was unavailable (no NAF code, no agreement) */
  manual?: boolean;
};

/**
 * Codes that are not agreements: "Sans convention collective déclarée" (9999) and "Convention
 * collective non connue" (9998), as recherche-entreprises.md §5 reports them. They count as none.
 */
export const NO_AGREEMENT_IDCC: readonly string[] = ['9999', '9998'];

export type RegistryQuery = { q: string; siretTarget: boolean };

/**
 * The registry call for a typed text (01 §5): null when the trimmed text is shorter than 3
 * characters (the suggestions are emptied); siretTarget (cibles=siret) when the text, spaces
 * removed, is all digits. q is the typed text, trimmed.
 */
export function buildRegistryQuery(text: unknown): RegistryQuery | null {
  const q = toTrimmedText(text).slice(0, REGISTRY_MAX_QUERY_LENGTH).trim();
  if (q.length < REGISTRY_MIN_QUERY_LENGTH) return null;
  return { q, siretTarget: /^\d+$/.test(removeSpaces(q)) };
}

/** An IDCC as the 4-digit zero-padded code ("16" is "0016"); null when not 1 to 4 digits. */
export function normalizeIdcc(value: unknown): string | null {
  const text =
    typeof value === 'number' && Number.isInteger(value) ? String(value) : toTrimmedText(value);
  return /^\d{1,4}$/.test(text) ? text.padStart(4, '0') : null;
}

/** « [NON-DIFFUSIBLE] », the government registry's mask of what a company did not publish. */
const NON_DIFFUSIBLE_MASK = /\(?\s*\[\s*non[\s-]*diffusible\s*\]\s*\)?/gi;

/** A registry text, trimmed, without the non-diffusible mask (never shown to anyone). */
function registryText(value: unknown): string {
  return normalizeSpaces(toTrimmedText(value).replace(NON_DIFFUSIBLE_MASK, ' '));
}

type Level = 'etablissement' | 'entreprise';
type Conventions = RegistryItem['conventions_collectives'];

/**
 * The agreements of an item (issue 15, issue 27 item 6): every code (`idcc`, without the "no
 * agreement" ones); those declared for the establishment, else for the company (`declared`); and
 * those the company declares beyond the establishment's own list (`others`), so that a head
 * office's list never hides the company-wide one.
 */
function readAgreements(list: Conventions) {
  const idcc: string[] = [];
  const byLevel: Record<Level | 'none', DeclaredAgreement[]> = {
    etablissement: [],
    entreprise: [],
    none: [],
  };
  const seen = new Set<Level | 'none'>();
  for (const convention of list ?? []) {
    const code = normalizeIdcc(convention?.idcc);
    const level = convention?.niveau ?? 'none';
    if (convention?.confirmee === true) seen.add(level);
    if (code === null || NO_AGREEMENT_IDCC.includes(code)) continue;
    if (!idcc.includes(code)) idcc.push(code);
    const bucket = byLevel[level];
    if (convention?.confirmee === true && !bucket.some((d) => d.idcc === code)) {
      const name = toTrimmedText(convention.nom);
      bucket.push({ idcc: code, name: name === '' ? null : name.slice(0, 300) });
    }
  }
  if (seen.has('etablissement')) {
    const own = byLevel.etablissement;
    const others = [...byLevel.entreprise, ...byLevel.none].filter(
      (d, i, all) =>
        !own.some((o) => o.idcc === d.idcc) && all.findIndex((x) => x.idcc === d.idcc) === i,
    );
    return { idcc, declared: own, level: 'etablissement' as Level, others };
  }
  if (seen.has('entreprise'))
    return { idcc, declared: byLevel.entreprise, level: 'entreprise' as Level, others: [] };
  if (seen.has('none')) return { idcc, declared: byLevel.none, level: undefined, others: [] };
  return { idcc, declared: undefined, level: undefined, others: [] };
}

/** 01 §3: registry item to company suggestion. */
export function toCompanySuggestion(
  item: RegistryItem,
  dataSource?: DataSource,
): CompanySuggestion {
  const siren = toTrimmedText(item.siren);
  const siege: Partial<NonNullable<RegistryItem['siege']>> = item.siege ?? {};
  const agreements = readAgreements(item.conventions_collectives);
  const insee = readInseeBand(item.tranche_effectif_salarie, item.annee_tranche_effectif_salarie);
  const cityLine = [registryText(siege.code_postal), registryText(siege.ville)]
    .filter(Boolean)
    .join(' ');
  const companyAddress = normalizeSpaces(
    [registryText(siege.adresse_ligne_1), registryText(siege.adresse_ligne_2), cityLine]
      .filter(Boolean)
      .join(' '),
  );
  const siret = toTrimmedText(siege.siret);
  const declared = agreements.declared?.slice(0, 20);
  return {
    forme_juridique: toTrimmedText(item.forme_juridique),
    isIdcc: agreements.idcc.length > 0,
    siren,
    siret: siret !== '' ? siret : `${siren}00000`,
    companyName: registryText(item.nom_entreprise) || registryText(item.denomination),
    companyAddress,
    codeNaf: toTrimmedText(item.code_naf),
    idcc: agreements.idcc,
    ...(declared ? { declaredAgreements: declared } : {}),
    ...(declared && agreements.level ? { declaredLevel: agreements.level } : {}),
    ...(agreements.others.length > 0 ? { otherAgreements: agreements.others.slice(0, 20) } : {}),
    ...(insee ? { inseeBand: { code: insee.code, year: insee.year } } : {}),
    ...(item.non_diffusible === true ? { nonDiffusible: true } : {}),
    ...(dataSource ? { dataSource } : {}),
  };
}

/**
 * 01 §7: reads resultats_siret (digit input) or resultats_nom_entreprise, drops malformed items
 * and keeps the first 5 suggestions.
 */
export function pickRegistryResults(
  response: unknown,
  siretTarget: boolean,
  dataSource?: DataSource,
): CompanySuggestion[] {
  if (!isRecord(response)) return [];
  const list = response[siretTarget ? 'resultats_siret' : 'resultats_nom_entreprise'];
  if (!Array.isArray(list)) return [];
  const out: CompanySuggestion[] = [];
  for (const raw of list.slice(0, 100)) {
    const parsed = registryItemSchema.safeParse(raw);
    if (parsed.success) out.push(toCompanySuggestion(parsed.data, dataSource));
    if (out.length === REGISTRY_MAX_SUGGESTIONS) break;
  }
  return out;
}

// ---- step 2 company parameter (01 §2: "a company query parameter (base64 company data)") ----------
const declaredListSchema = () =>
  z.catch(
    z.optional(
      z
        .array(
          z.object({
            idcc: z.string().check(z.regex(/^\d{4}$/)),
            name: z.nullable(z.string().check(z.maxLength(300))),
          }),
        )
        .check(z.maxLength(20)),
    ),
    undefined,
  );

export const companySuggestionSchema = z.object({
  forme_juridique: z.catch(z.string().check(z.maxLength(200)), ''),
  isIdcc: z.catch(z.boolean(), false),
  siren: z.string().check(z.regex(/^\d{9}$/)),
  siret: z.string().check(z.regex(/^\d{14}$/)),
  companyName: z.string().check(z.trim(), z.minLength(1), z.maxLength(300)),
  companyAddress: z.catch(z.string().check(z.maxLength(500)), ''),
  codeNaf: z.catch(z.string().check(z.maxLength(10)), ''),
  idcc: z.catch(z.array(z.string().check(z.regex(/^\d{4}$/))).check(z.maxLength(50)), []),
  declaredAgreements: declaredListSchema(),
  declaredLevel: z.catch(z.optional(z.enum(['etablissement', 'entreprise'])), undefined),
  inseeBand: z.catch(
    z.optional(
      z.object({
        code: z.string().check(z.regex(/^(NN|\d{2})$/)),
        year: z.nullable(z.string().check(z.regex(/^\d{4}$/))),
      }),
    ),
    undefined,
  ),
  otherAgreements: declaredListSchema(),
  manual: z.catch(z.optional(z.boolean()), undefined),
  nonDiffusible: z.catch(z.optional(z.boolean()), undefined),
  dataSource: z.catch(z.optional(z.enum(DATA_SOURCES)), undefined),
});

function utf8ToBase64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function base64ToUtf8(b64: string): string | null {
  try {
    const binary = atob(b64);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** Base64 of UTF-8 text (btoa alone fails on accented letters). */
export const encodeBase64 = utf8ToBase64;
/** Decodes base64 to UTF-8 text; null when not valid base64 or not UTF-8. */
export const decodeBase64 = (b64: unknown): string | null =>
  typeof b64 === 'string' && b64.length <= 20_000 ? base64ToUtf8(b64.trim()) : null;

/** The step-2 `company` query parameter for a company (base64 of its JSON). */
export function encodeCompanyParam(company: CompanySuggestion): string {
  return utf8ToBase64(JSON.stringify(company));
}

/** Reads the step-2 `company` parameter; null (redirect to step 1) when invalid. */
export function decodeCompanyParam(param: unknown): CompanySuggestion | null {
  const json = decodeBase64(param);
  if (json === null) return null;
  try {
    const parsed = companySuggestionSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
