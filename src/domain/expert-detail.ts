// An expert's detail (issue 29 item 8): everything a search hit says about them, cleaned, for the
// profile opened from a card (02 §3 Expert: firstname, expertise_name, public_experiences, skills,
// tools, description; facets sector, market, does_guides_*). Pure and total: hits come from a
// third party and may be malformed.
import { cleanList, expertDisplayName } from './experts';
import { isRecord, normalizeSpaces } from './text';

export type GuidedLevel = 'beginners' | 'intermediates' | 'advanced';

export type ExpertProfile = {
  name: string;
  /** null when blank or the same as the name */
  expertise: string | null;
  description: string | null;
  skills: string[];
  tools: string[];
  sectors: string[];
  markets: string[];
  /** the levels they guide, in that order */
  levels: GuidedLevel[];
  /** job titles, the current one(s) first */
  experiences: Array<{ title: string; current: boolean }>;
};

const textOrNull = (value: unknown): string | null => {
  const text = typeof value === 'string' ? normalizeSpaces(value) : '';
  return text === '' ? null : text;
};

const facetValues = (value: unknown): string[] =>
  cleanList(typeof value === 'string' ? [value] : value);

const stringOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** Job titles, the current ones first, each (title, current) once. */
function experiencesOf(value: unknown): ExpertProfile['experiences'] {
  const out: ExpertProfile['experiences'] = [];
  const seen = new Set<string>();
  for (const e of Array.isArray(value) ? value : []) {
    if (!isRecord(e)) continue;
    const title = textOrNull(e.jobTitle);
    const current = e.isCurrentJob === true;
    const key = `${current}|${title}`;
    if (title === null || seen.has(key)) continue;
    seen.add(key);
    out.push({ title, current });
  }
  return out.sort((a, b) => Number(b.current) - Number(a.current));
}

export function expertProfile(hit: Record<string, unknown>): ExpertProfile {
  const name = expertDisplayName({
    firstname: stringOrNull(hit.firstname),
    expertise_name: stringOrNull(hit.expertise_name),
  });
  const expertise = textOrNull(hit.expertise_name);
  const levels: GuidedLevel[] = [];
  if (hit.does_guides_beginners === true) levels.push('beginners');
  if (hit.does_guides_intermediates === true) levels.push('intermediates');
  if (hit.does_guides_advances === true) levels.push('advanced');
  return {
    name,
    expertise: expertise && expertise !== name ? expertise : null,
    description: textOrNull(hit.description),
    skills: cleanList(hit.skills),
    tools: cleanList(hit.tools),
    sectors: facetValues(hit.sector),
    markets: facetValues(hit.market),
    levels,
    experiences: experiencesOf(hit.public_experiences),
  };
}
