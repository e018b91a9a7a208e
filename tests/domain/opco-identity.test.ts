// Issue 16: each of the 11 OPCOs has its name, a colour and a monogram chosen once in the domain;
// the 11 are told apart at a glance and every monogram is readable on its colour (WCAG AA).
import { describe, expect, it } from 'vitest';
import { AA_TEXT, contrastRatio, parseHexColour } from '@/domain/colour-contrast';
import { OPCO_SHORT_NAMES } from '@/domain/opco';
import { OPCO_IDENTITIES, OPCO_IDENTITY_LIST, opcoIdentity } from '@/domain/opco-identity';

/** CIE L*a*b* (D65) of a #rrggbb colour, for a perceptual distance between two colours. */
function lab(hex: string): [number, number, number] {
  const lin = parseHexColour(hex)!.map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const [r, g, b] = lin;
  const xyz = [
    (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047,
    0.2126 * r + 0.7152 * g + 0.0722 * b,
    (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883,
  ].map((t) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116));
  const [x, y, z] = xyz as [number, number, number];
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}

function deltaE(a: string, b: string): number {
  const [l1, a1, b1] = lab(a);
  const [l2, a2, b2] = lab(b);
  return Math.hypot(l1 - l2, a1 - a2, b1 - b2);
}

describe('OPCO identities (issue 16)', () => {
  it('covers exactly the 11 OPCOs, each under its own name', () => {
    expect(OPCO_IDENTITY_LIST.map((i) => i.name)).toEqual([...OPCO_SHORT_NAMES]);
    for (const [key, identity] of Object.entries(OPCO_IDENTITIES)) expect(identity.name).toBe(key);
  });

  it('gives the 11 distinct monograms of one or two characters', () => {
    const monograms = OPCO_IDENTITY_LIST.map((i) => i.monogram);
    expect(new Set(monograms.map((m) => m.toUpperCase())).size).toBe(11);
    for (const m of monograms) expect(m).toMatch(/^[0-9A-Za-z]{1,2}$/);
  });

  it('gives 11 colours told apart at a glance (CIE76 distance ≥ 15 between any two)', () => {
    const colours = OPCO_IDENTITY_LIST.map((i) => i.colour);
    expect(new Set(colours).size).toBe(11);
    let closest = Infinity;
    for (let i = 0; i < colours.length; i++)
      for (let j = i + 1; j < colours.length; j++)
        closest = Math.min(closest, deltaE(colours[i]!, colours[j]!));
    expect(closest).toBeGreaterThanOrEqual(15);
  });

  it.each(OPCO_IDENTITY_LIST.map((i) => [i.name, i] as const))(
    '%s: the monogram passes WCAG AA on its colour (4.5:1)',
    (_, identity) => {
      expect(contrastRatio(identity.ink, identity.colour)).toBeGreaterThanOrEqual(AA_TEXT);
    },
  );

  it('finds the identity from a short or a long name, and none for an unknown fund', () => {
    expect(opcoIdentity('Atlas')?.monogram).toBe('AT');
    expect(opcoIdentity('OPCO ATLAS')?.name).toBe('Atlas');
    expect(opcoIdentity('OPCO Construction')?.name).toBe('CONSTRUCTYS');
    expect(opcoIdentity('OPCO Cohésion sociale')?.name).toBe('UNIFORMATION');
    expect(
      opcoIdentity("OPCO entreprises et salariés des services à forte intensité de main-d'œuvre")
        ?.name,
    ).toBe('AKTO');
    expect(opcoIdentity('Santé')?.name).toBe('OPCO Santé');
    expect(opcoIdentity('Entreprises de proximité')?.name).toBe('OPCO EP');
    expect(opcoIdentity('AGEFICE')).toBeNull();
    expect(opcoIdentity('')).toBeNull();
    expect(opcoIdentity(undefined)).toBeNull();
  });
});

describe('contrastRatio (WCAG 2.2)', () => {
  it('matches the reference values', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#fff')).toBe(1);
    // #767676 on white is the well-known 4.54:1 grey.
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#ffffff', '#767676')).toBe(contrastRatio('#767676', '#ffffff'));
  });

  it('refuses what is not a hex colour', () => {
    expect(parseHexColour('red')).toBeNull();
    expect(parseHexColour('#12345')).toBeNull();
    expect(() => contrastRatio('rgb(0,0,0)', '#fff')).toThrow();
  });
});
