// The design system's tokens (src/app/tokens.css): every text colour passes WCAG AA (4.5:1) on the
// surfaces it is used on; control borders and the focus ring pass 3:1 (WCAG 1.4.11) where they
// are drawn; and the feature styles use the tokens instead of raw colours of their own.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AA_NON_TEXT, AA_TEXT, contrastRatio } from '@/domain/colour-contrast';

const root = join(import.meta.dirname, '..', '..');
const tokensCss = readFileSync(join(root, 'src/app/tokens.css'), 'utf8');

/** The custom properties of :root, var() references resolved. */
function tokens(): Map<string, string> {
  const raw = new Map<string, string>();
  for (const m of tokensCss.matchAll(/(--[\w-]+):\s*([^;]+);/g)) raw.set(m[1]!, m[2]!.trim());
  const resolve = (value: string, depth = 0): string =>
    depth > 10
      ? value
      : value.replace(/var\((--[\w-]+)\)/g, (_, name: string) =>
          resolve(raw.get(name) ?? `var(${name})`, depth + 1),
        );
  return new Map([...raw].map(([k, v]) => [k, resolve(v)]));
}

const t = tokens();
const colour = (name: string) => {
  const value = t.get(name);
  expect(value, name).toMatch(/^#[0-9a-f]{6}$/i);
  return value!;
};

/** [text, background] pairs drawn by the screens. */
const TEXT_PAIRS: Array<[string, string]> = [
  ['--color-text', '--color-bg'],
  ['--color-text', '--color-surface'],
  ['--color-text', '--color-surface-subtle'],
  ['--color-text', '--color-surface-brand'],
  ['--color-text-strong', '--color-surface-subtle'],
  ['--color-muted', '--color-bg'],
  ['--color-muted', '--color-surface'],
  ['--color-muted', '--color-surface-subtle'],
  ['--color-muted', '--color-surface-brand'],
  ['--color-primary', '--color-surface'],
  ['--color-primary', '--color-bg'],
  ['--color-primary', '--color-surface-brand'],
  ['--color-primary', '--color-primary-soft'],
  ['--color-primary-hover', '--color-primary-soft'],
  ['--color-primary-strong', '--color-primary-soft'],
  ['--color-on-primary', '--color-primary'],
  ['--color-on-primary', '--color-primary-hover'],
  ['--color-on-inverse', '--color-surface-inverse'],
  ['--color-on-inverse-muted', '--color-surface-inverse'],
  ['--color-accent', '--color-surface-inverse'],
  ['--color-on-accent', '--color-accent'],
  ['--color-accent-text', '--color-accent-soft'],
  ['--color-success', '--color-success-soft'],
  ['--color-success', '--color-surface'],
  ['--color-warning', '--color-warning-soft'],
  ['--color-danger', '--color-danger-soft'],
  ['--color-danger', '--color-surface'],
  ['--white', '--color-danger'],
  ['--white', '--color-danger-hover'],
  ['--color-info', '--color-info-soft'],
  ['--color-on-new', '--color-new'],
];

/** [part, background] pairs of non-text parts (borders of controls, focus ring). */
const NON_TEXT_PAIRS: Array<[string, string]> = [
  ['--color-control-border', '--color-surface'],
  ['--color-control-border', '--color-bg'],
  ['--color-focus', '--color-surface'],
  ['--color-focus', '--color-bg'],
  ['--color-focus', '--color-surface-subtle'],
  ['--color-primary', '--color-bg'],
];

describe('design tokens (src/app/tokens.css)', () => {
  it.each(TEXT_PAIRS)('%s on %s passes WCAG AA for text (4.5:1)', (fg, bg) => {
    expect(contrastRatio(colour(fg), colour(bg))).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it.each(NON_TEXT_PAIRS)('%s against %s passes WCAG AA for non-text (3:1)', (fg, bg) => {
    expect(contrastRatio(colour(fg), colour(bg))).toBeGreaterThanOrEqual(AA_NON_TEXT);
  });

  it('draws every training-category icon at 3:1 at least on its white tile', () => {
    const inks = [...t.keys()].filter((k) => /^--tint-[\w-]+-ink$/.test(k));
    expect(inks.length).toBeGreaterThanOrEqual(8);
    for (const ink of inks) {
      expect(contrastRatio(colour(ink), colour('--color-surface')), ink).toBeGreaterThanOrEqual(
        AA_NON_TEXT,
      );
      expect(
        contrastRatio(colour(ink), colour(ink.replace(/-ink$/, ''))),
        ink,
      ).toBeGreaterThanOrEqual(AA_NON_TEXT);
    }
  });

  it('defines a full scale of type, spacing, radius and elevation', () => {
    for (const name of [
      '--font-sans',
      '--text-xs',
      '--text-sm',
      '--text-base',
      '--text-lg',
      '--text-xl',
      '--text-2xl',
      '--text-3xl',
      '--space-1',
      '--space-4',
      '--space-8',
      '--radius-sm',
      '--radius-md',
      '--radius-lg',
      '--shadow-1',
      '--shadow-2',
      '--shadow-3',
    ])
      expect(t.has(name), name).toBe(true);
    expect(t.get('--font-sans')).toMatch(/^'Figtree Variable', 'Figtree fallback'/);
  });
});

/** Every CSS file under src/. */
function cssFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return cssFiles(path);
    return name.endsWith('.css') ? [path] : [];
  });
}

describe('screens use the tokens', () => {
  it('no CSS file but tokens.css writes a raw hex colour', () => {
    const offenders = cssFiles(join(root, 'src'))
      .filter((file) => !file.endsWith('tokens.css'))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .replace(/\/\*[\s\S]*?\*\//g, '')
          .split('\n')
          .map((line, i) => [line, i] as const)
          .filter(([line]) => /#[0-9a-f]{3,8}\b/i.test(line))
          .map(([line, i]) => `${relative(root, file)}:${i + 1}: ${line.trim()}`),
      );
    expect(offenders).toEqual([]);
  });
});
