// The product's own mark for each of the 11 OPCOs (issue 16, "OPCO identity without copying
// logos"): its display name, a colour and a two-character monogram, chosen once here and used
// wherever an OPCO shows (dashboard OPCO card, company details). Not the funds' trademarked logos
// nor their brand colours: eleven hues spread around the colour wheel, each dark enough for its
// white monogram to pass WCAG AA (tests/domain/opco-identity.test.ts).
import {
  normalizeOpcoName,
  OPCO_SHORT_NAMES,
  opcoLogoKey,
  type OpcoLogoKey,
  type OpcoShortName,
} from './opco';

export type OpcoIdentity = {
  /** One of the 11 short names the product displays (02 §2.3). */
  name: OpcoShortName;
  /** Two characters drawn on the colour. */
  monogram: string;
  /** Background of the monogram (#rrggbb). */
  colour: string;
  /** Colour of the monogram's letters (#rrggbb). */
  ink: string;
};

const WHITE = '#ffffff';

export const OPCO_IDENTITIES: Readonly<Record<OpcoShortName, OpcoIdentity>> = {
  AFDAS: {
    name: 'AFDAS',
    monogram: 'AF',
    colour: '#822a7d',
    ink: WHITE,
  },
  Atlas: {
    name: 'Atlas',
    monogram: 'AT',
    colour: '#145a8a',
    ink: WHITE,
  },
  OCAPIAT: {
    name: 'OCAPIAT',
    monogram: 'OC',
    colour: '#2f6a1e',
    ink: WHITE,
  },
  UNIFORMATION: {
    name: 'UNIFORMATION',
    monogram: 'UN',
    colour: '#a61e3c',
    ink: WHITE,
  },
  CONSTRUCTYS: {
    name: 'CONSTRUCTYS',
    monogram: 'CT',
    colour: '#a8401a',
    ink: WHITE,
  },
  OPCOMMERCE: {
    name: 'OPCOMMERCE',
    monogram: 'CM',
    colour: '#855300',
    ink: WHITE,
  },
  AKTO: {
    name: 'AKTO',
    monogram: 'AK',
    colour: '#5b3cae',
    ink: WHITE,
  },
  'OPCO 2i': {
    name: 'OPCO 2i',
    monogram: '2i',
    colour: '#2d4aa8',
    ink: WHITE,
  },
  'OPCO Mobilités': {
    name: 'OPCO Mobilités',
    monogram: 'MO',
    colour: '#0b6670',
    ink: WHITE,
  },
  'OPCO EP': {
    name: 'OPCO EP',
    monogram: 'EP',
    colour: '#5a5f0f',
    ink: WHITE,
  },
  'OPCO Santé': {
    name: 'OPCO Santé',
    monogram: 'SA',
    colour: '#0d6b4a',
    ink: WHITE,
  },
};

/** Every identity, in the order of OPCO_SHORT_NAMES. */
export const OPCO_IDENTITY_LIST: readonly OpcoIdentity[] = OPCO_SHORT_NAMES.map(
  (name) => OPCO_IDENTITIES[name],
);

/** The fund of each logo keyword of 02 §2.3 (Atlas has no logo keyword: its name finds it). */
const BY_LOGO_KEY: Readonly<Record<Exclude<OpcoLogoKey, 'default'>, OpcoShortName>> = {
  akto: 'AKTO',
  ocapiat: 'OCAPIAT',
  '2i': 'OPCO 2i',
  afdas: 'AFDAS',
  cohesion: 'UNIFORMATION',
  commerce: 'OPCOMMERCE',
  construction: 'CONSTRUCTYS',
  proximité: 'OPCO EP',
  mobilité: 'OPCO Mobilités',
  santé: 'OPCO Santé',
};

/**
 * The identity of an OPCO given by its short or long name: its short name (normalizeOpcoName),
 * else the logo keyword found in the name (02 §2.3: « santé », « proximité »...); null when the
 * fund is not one of the 11.
 */
export function opcoIdentity(name: unknown): OpcoIdentity | null {
  const short = normalizeOpcoName(name);
  if (short) return OPCO_IDENTITIES[short];
  const key = opcoLogoKey(name);
  return key && key !== 'default' ? OPCO_IDENTITIES[BY_LOGO_KEY[key]] : null;
}
