// OPCO (sector training fund) rules of the dashboard (02 §2.2, §2.3): logo keyword, official
// website, long-name normalisation, and the 'Prendre RDV' eligibility by IDCC.
import { normalizeIdcc } from './registry';
import { foldText } from './text';

/** The 11 short names the product displays (02 §2.3). */
export const OPCO_SHORT_NAMES = [
  'AFDAS',
  'Atlas',
  'OCAPIAT',
  'UNIFORMATION',
  'CONSTRUCTYS',
  'OPCOMMERCE',
  'AKTO',
  'OPCO 2i',
  'OPCO Mobilités',
  'OPCO EP',
  'OPCO Santé',
] as const;
export type OpcoShortName = (typeof OPCO_SHORT_NAMES)[number];

/**
 * Long names (as in data/idcc-opco.csv and the France compétences table) and usual variants,
 * folded (lower case, no accents, single spaces), to the short names. Checked in order, first
 * match wins; each entry is a substring of the folded name.
 */
const OPCO_ALIASES: ReadonlyArray<readonly [string, OpcoShortName]> = [
  ['atlas', 'Atlas'],
  ['afdas', 'AFDAS'],
  ['ocapiat', 'OCAPIAT'],
  ['uniformation', 'UNIFORMATION'],
  ['cohesion sociale', 'UNIFORMATION'],
  ['constructys', 'CONSTRUCTYS'],
  ['opco construction', 'CONSTRUCTYS'],
  ['opcommerce', 'OPCOMMERCE'],
  ['opco commerce', 'OPCOMMERCE'],
  ['akto', 'AKTO'],
  ['forte intensite de main', 'AKTO'],
  ['opco 2i', 'OPCO 2i'],
  ['opco2i', 'OPCO 2i'],
  ['mobilite', 'OPCO Mobilités'],
  ['opco ep', 'OPCO EP'],
  ['entreprises de proximite', 'OPCO EP'],
  ['opco sante', 'OPCO Santé'],
];

/** A long or short OPCO name as one of the 11 short names; null when not recognised. */
export function normalizeOpcoName(name: unknown): OpcoShortName | null {
  if (typeof name !== 'string' || name.length > 500) return null;
  const key = foldText(name);
  if (key === '') return null;
  for (const [alias, short] of OPCO_ALIASES) if (key.includes(alias)) return short;
  return null;
}

/**
 * Official websites, keyed by the uppercased trimmed name (02 §2.3). Sites as published by each
 * OPCO (and listed by the Ministry of Labour's OPCO page).
 */
export const OPCO_WEBSITES: Readonly<Record<string, string>> = {
  AFDAS: 'https://www.afdas.com',
  ATLAS: 'https://www.opco-atlas.fr',
  OCAPIAT: 'https://www.ocapiat.fr',
  UNIFORMATION: 'https://www.uniformation.fr',
  CONSTRUCTYS: 'https://www.constructys.fr',
  OPCOMMERCE: 'https://www.lopcommerce.com',
  AKTO: 'https://www.akto.fr',
  'OPCO 2I': 'https://www.opco2i.fr',
  'OPCO MOBILITÉS': 'https://www.opcomobilites.fr',
  'OPCO EP': 'https://www.opcoep.fr',
  'OPCO SANTÉ': 'https://www.opco-sante.fr',
};

/**
 * The OPCO's website: matched on the uppercased trimmed name, then on its normalised short name
 * (long names); null when unknown (the caller opens the provider's OPCO page in a new tab).
 */
export function opcoWebsite(name: unknown): string | null {
  if (typeof name !== 'string' || name.length > 500) return null;
  const direct = OPCO_WEBSITES[name.trim().toUpperCase()];
  if (direct) return direct;
  const short = normalizeOpcoName(name);
  return short ? (OPCO_WEBSITES[short.toUpperCase()] ?? null) : null;
}

/** Logo keywords of 02 §2.3, in the documents' order. */
export const OPCO_LOGO_KEYWORDS = [
  'atlas',
  'akto',
  'ocapiat',
  '2i',
  'afdas',
  'cohesion',
  'commerce',
  'construction',
  'proximité',
  'mobilité',
  'santé',
] as const;
export type OpcoLogoKey = Exclude<(typeof OPCO_LOGO_KEYWORDS)[number], 'atlas'> | 'default';

/**
 * The logo for an OPCO name (02 §2.3): the first keyword found in the name (case- and
 * accent-insensitive); no logo (null) for Atlas; 'default' otherwise. Ours: a long name is also
 * tried through its short name (the AKTO long name finds akto), and the short names that do not
 * contain their keyword find it: UNIFORMATION is cohesion, CONSTRUCTYS construction, OPCO EP
 * proximité.
 */
export function opcoLogoKey(name: unknown): OpcoLogoKey | null {
  if (typeof name !== 'string' || name.length > 500) return 'default';
  const short = normalizeOpcoName(name);
  const candidates = [foldText(name), ...(short ? [foldText(short)] : [])];
  for (const key of candidates) {
    for (const keyword of OPCO_LOGO_KEYWORDS) {
      if (key.includes(foldText(keyword))) return keyword === 'atlas' ? null : keyword;
    }
  }
  if (short === 'UNIFORMATION') return 'cohesion';
  if (short === 'CONSTRUCTYS') return 'construction';
  if (short === 'OPCO EP') return 'proximité';
  return 'default';
}

/**
 * Default 'Prendre RDV' list (02 §2.2: "a fixed list of about 70 codes (the list itself is not
 * shown)"). How we chose: the 70 largest branches by covered employees that are in force and
 * extended (state VIGUEUR_ETEN in data/idcc.csv), spread over the 11 OPCOs, since the advisors
 * book any sector (Syntec 1486, HCR 1979, metallurgy 3248, tertiary services 2098, building and
 * public works, retail, transport, banking and insurance, health, personal services, culture,
 * food industries, ...). An operator replaces it with VITE_RDV_IDCC_LIST.
 */
export const DEFAULT_RDV_IDCC_LIST: readonly string[] = [
  '0016',
  '0044',
  '0086',
  '0087',
  '0176',
  '0184',
  '0200',
  '0275',
  '0292',
  '0493',
  '0573',
  '0675',
  '0787',
  '0843',
  '0992',
  '1000',
  '1043',
  '1090',
  '1147',
  '1266',
  '1285',
  '1351',
  '1404',
  '1412',
  '1480',
  '1483',
  '1486',
  '1501',
  '1505',
  '1516',
  '1517',
  '1518',
  '1527',
  '1606',
  '1672',
  '1702',
  '1747',
  '1801',
  '1850',
  '1880',
  '1978',
  '1979',
  '1996',
  '2098',
  '2120',
  '2128',
  '2148',
  '2149',
  '2156',
  '2216',
  '2247',
  '2264',
  '2332',
  '2335',
  '2511',
  '2543',
  '2596',
  '2609',
  '2614',
  '2642',
  '2691',
  '2941',
  '3016',
  '3043',
  '3090',
  '3109',
  '3127',
  '3212',
  '3217',
  '3248',
];

/**
 * 'Prendre RDV' shows when the company's IDCC is in the list (02 §2.2). Codes compare as 4-digit
 * zero-padded ("16" is "0016"); an empty or invalid IDCC is never eligible.
 */
export function isRdvEligible(
  idcc: unknown,
  list: readonly string[] = DEFAULT_RDV_IDCC_LIST,
): boolean {
  const code = normalizeIdcc(idcc);
  if (code === null) return false;
  return list.some((entry) => normalizeIdcc(entry) === code);
}
