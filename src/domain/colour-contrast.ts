// WCAG 2.2 contrast (1.4.3 text, 1.4.11 non-text) between two opaque sRGB colours written as
// #rrggbb or #rgb: the relative luminance of each, then (L1 + 0.05) / (L2 + 0.05).

/** WCAG AA minimums: body text, large text (≥ 24 px, or ≥ 18.66 px bold) and non-text parts. */
export const AA_TEXT = 4.5;
export const AA_LARGE_TEXT = 3;
export const AA_NON_TEXT = 3;

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** The [r, g, b] channels (0–255) of a #rgb or #rrggbb colour; null for anything else. */
export function parseHexColour(value: string): [number, number, number] | null {
  if (!HEX.test(value)) return null;
  const hex = value.length === 4 ? [...value.slice(1)].map((c) => c + c).join('') : value.slice(1);
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance (0 = black, 1 = white). */
export function relativeLuminance(colour: string): number {
  const rgb = parseHexColour(colour);
  if (!rgb) throw new Error(`not a #rrggbb colour: ${colour}`);
  const [r, g, b] = rgb.map(channel) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, from 1 (same) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (hi + 0.05) / (lo + 0.05);
}
