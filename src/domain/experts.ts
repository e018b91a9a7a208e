// Expert directory rules (02 §2.11, §3, §7.5, §9): search constants, the card's tag rule
// ('5 skills and 3 tools, then +N autres'), the current job title, initials, facet filters and
// facet options. Pure and total: hits come from a third party and may be malformed.
import type { ExpertFacet } from './contracts';
import { foldText, isRecord, normalizeSpaces } from './text';

/** 02 §7.5, §9 */
export const EXPERT_INDEX_NAME = 'expertises_public';
export const EXPERT_HITS_PER_PAGE = 6;
export const EXPERT_MAX_VALUES_PER_FACET = 20;
export const EXPERT_SEARCH_DEBOUNCE_MS = 300;
/** 02 §2.11: the card shows 5 skills and 3 tools, then '+N autres'. */
export const CARD_MAX_SKILLS = 5;
export const CARD_MAX_TOOLS = 3;

/** The two facets the page filters on (selects 'Secteur d'activité' and 'Marché'). */
export type FilterFacet = Extract<ExpertFacet, 'sector' | 'market'>;
export const FILTER_FACETS: readonly FilterFacet[] = ['sector', 'market'];

export type ExpertFilters = { sector: string | null; market: string | null };
export const NO_FILTERS: ExpertFilters = { sector: null, market: null };

/** Trimmed, non-blank, de-duplicated (case- and accent-insensitive) texts, order kept. */
export function cleanList(values: unknown): string[] {
  if (!Array.isArray(values)) return [];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const value of values) {
    if (typeof value !== 'string') continue;
    const text = normalizeSpaces(value);
    const key = foldText(text);
    if (!text || seen.has(key)) continue;
    seen.add(key);
    out.push(text);
  }
  return out;
}

export type CardTags = { skills: string[]; tools: string[]; more: number };

/** 5 skills and 3 tools; every other skill or tool counts in '+N autres' (0: not shown). */
export function cardTags(skills: unknown, tools: unknown): CardTags {
  const s = cleanList(skills);
  const t = cleanList(tools);
  const shownSkills = s.slice(0, CARD_MAX_SKILLS);
  const shownTools = t.slice(0, CARD_MAX_TOOLS);
  return {
    skills: shownSkills,
    tools: shownTools,
    more: s.length - shownSkills.length + (t.length - shownTools.length),
  };
}

/**
 * The job title of the experience marked current (the first one when several are); null when no
 * experience is current or its title is blank.
 */
export function currentJobTitle(experiences: unknown): string | null {
  if (!Array.isArray(experiences)) return null;
  for (const experience of experiences) {
    if (!isRecord(experience) || experience.isCurrentJob !== true) continue;
    const title =
      typeof experience.jobTitle === 'string' ? normalizeSpaces(experience.jobTitle) : '';
    if (title) return title;
  }
  return null;
}

/** Up to two upper-case initials of a name ('Anne-Sophie Durand' → 'AD', 'élise' → 'É'); '?' when empty. */
export function initials(name: unknown): string {
  const text = typeof name === 'string' ? normalizeSpaces(name) : '';
  const words = text.split(' ').filter((w) => /\p{L}|\p{N}/u.test(w));
  if (words.length === 0) return '?';
  const first = words[0]!;
  const last = words.length > 1 ? words[words.length - 1]! : '';
  const letter = (word: string) =>
    (Array.from(word).find((c) => /\p{L}|\p{N}/u.test(c)) ?? '').toLocaleUpperCase('fr-FR');
  return `${letter(first)}${last ? letter(last) : ''}` || '?';
}

/** The name shown on a card: the first name, else the expertise name, else ''. */
export function expertDisplayName(hit: {
  firstname?: string | null;
  expertise_name?: string | null;
}): string {
  return normalizeSpaces(hit.firstname ?? '') || normalizeSpaces(hit.expertise_name ?? '');
}

/**
 * Facet filters for the search: one `facet:value` entry per active filter, joined with AND
 * (02 §7.5). `except` leaves one facet out (the disjunctive count query of that facet).
 */
export function facetFiltersFor(filters: ExpertFilters, except?: FilterFacet): string[] {
  return FILTER_FACETS.filter((facet) => facet !== except && filters[facet]).map(
    (facet) => `${facet}:${filters[facet]}`,
  );
}

export type FacetOption = { value: string; count: number };

/**
 * The options of a facet select: values by decreasing count then alphabetically (French
 * collation), at most `max`; the selected value is always kept (count 0 when absent).
 */
export function facetOptions(
  counts: Record<string, number> | undefined,
  selected: string | null,
  max = EXPERT_MAX_VALUES_PER_FACET,
): FacetOption[] {
  const entries = Object.entries(counts ?? {})
    .filter(([value, count]) => value.trim() !== '' && Number.isFinite(count) && count > 0)
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value, 'fr'))
    .slice(0, max);
  if (selected && !entries.some((e) => e.value === selected)) {
    entries.push({ value: selected, count: counts?.[selected] ?? 0 });
  }
  return entries;
}

/** 'Voir plus' is offered while pages remain. */
export const hasMorePages = (page: number, nbPages: number): boolean => page + 1 < nbPages;
