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
  /** (ours) INSEE headcount band of the legal unit and its reference year */
  inseeBand?: { code: string; year: string | null };
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

/** 01 §3: registry item to company suggestion. */
export function toCompanySuggestion(item: RegistryItem): CompanySuggestion {
  const siren = toTrimmedText(item.siren);
  const siege: Partial<NonNullable<RegistryItem['siege']>> = item.siege ?? {};
  const idcc: string[] = [];
  const declared: DeclaredAgreement[] = [];
  let declaredSeen = false;
  let declaredLevel: 'etablissement' | 'entreprise' | undefined;
  for (const convention of item.conventions_collectives ?? []) {
    const code = normalizeIdcc(convention?.idcc);
    if (convention?.confirmee === true) {
      declaredSeen = true;
      declaredLevel ??= convention.niveau ?? undefined;
    }
    if (code === null || NO_AGREEMENT_IDCC.includes(code)) continue;
    if (!idcc.includes(code)) idcc.push(code);
    if (convention?.confirmee === true && !declared.some((d) => d.idcc === code)) {
      const name = toTrimmedText(convention.nom);
      declared.push({ idcc: code, name: name === '' ? null : name.slice(0, 300) });
    }
  }
  const insee = readInseeBand(item.tranche_effectif_salarie, item.annee_tranche_effectif_salarie);
  const line2 = toTrimmedText(siege.adresse_ligne_2);
  const cityLine = [toTrimmedText(siege.code_postal), toTrimmedText(siege.ville)]
    .filter(Boolean)
    .join(' ');
  const companyAddress = normalizeSpaces(
    [toTrimmedText(siege.adresse_ligne_1), line2, cityLine].filter(Boolean).join(' '),
  );
  const siret = toTrimmedText(siege.siret);
  return {
    forme_juridique: toTrimmedText(item.forme_juridique),
    isIdcc: idcc.length > 0,
    siren,
    siret: siret !== '' ? siret : `${siren}00000`,
    companyName: toTrimmedText(item.nom_entreprise) || toTrimmedText(item.denomination),
    companyAddress,
    codeNaf: toTrimmedText(item.code_naf),
    idcc,
    ...(declaredSeen ? { declaredAgreements: declared.slice(0, 20) } : {}),
    ...(declaredSeen && declaredLevel ? { declaredLevel } : {}),
    ...(insee ? { inseeBand: { code: insee.code, year: insee.year } } : {}),
  };
}

/**
 * 01 §7: reads resultats_siret (digit input) or resultats_nom_entreprise, drops malformed items
 * and keeps the first 5 suggestions.
 */
export function pickRegistryResults(response: unknown, siretTarget: boolean): CompanySuggestion[] {
  if (!isRecord(response)) return [];
  const list = response[siretTarget ? 'resultats_siret' : 'resultats_nom_entreprise'];
  if (!Array.isArray(list)) return [];
  const out: CompanySuggestion[] = [];
  for (const raw of list.slice(0, 100)) {
    const parsed = registryItemSchema.safeParse(raw);
    if (parsed.success) out.push(toCompanySuggestion(parsed.data));
    if (out.length === REGISTRY_MAX_SUGGESTIONS) break;
  }
  return out;
}

// ---- step 2 company parameter (01 §2: "a company query parameter (base64 company data)") ----------
export const companySuggestionSchema = z.object({
  forme_juridique: z.catch(z.string().check(z.maxLength(200)), ''),
  isIdcc: z.catch(z.boolean(), false),
  siren: z.string().check(z.regex(/^\d{9}$/)),
  siret: z.string().check(z.regex(/^\d{14}$/)),
  companyName: z.string().check(z.trim(), z.minLength(1), z.maxLength(300)),
  companyAddress: z.catch(z.string().check(z.maxLength(500)), ''),
  codeNaf: z.catch(z.string().check(z.maxLength(10)), ''),
  idcc: z.catch(z.array(z.string().check(z.regex(/^\d{4}$/))).check(z.maxLength(50)), []),
  declaredAgreements: z.catch(
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
  ),
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
  manual: z.catch(z.optional(z.boolean()), undefined),
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
