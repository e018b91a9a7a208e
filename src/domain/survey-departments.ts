// The departments a team survey asks about (issue 29 item 10): the employer chooses them when
// creating the survey, among the company's own services suggested from its activity (NAF code),
// the eight generic departments of the question sets, or services typed by hand. Each department
// answers one question set (`set`): a generic department its own; the company's services the
// « Autre » set (three open questions on the job, its challenges and the trainings that would
// help), which fits any trade. Pure: the sectors' names of services are in src/i18n.
import type { DepartmentCode } from './labels';
import { DEPARTMENTS, type SurveyDepartment } from './public-survey-contracts';

export type { SurveyDepartment };

/** Bounds of team_surveys.departments (migration 20261129000100). */
export const MAX_SURVEY_DEPARTMENTS = 12;
export const MAX_DEPARTMENT_LABEL = 60;

/** Activities whose services are suggested (anything else: the generic departments). */
export const SURVEY_SECTORS = [
  'bakery',
  'food',
  'restaurant',
  'hotel',
  'retail',
  'construction',
  'transport',
  'garage',
  'care',
  'beauty',
  'cleaning',
  'manufacturing',
  'farming',
] as const;
export type SurveySector = (typeof SURVEY_SECTORS)[number];

/** NAF prefixes (digits of the code, without the dot) of each sector, most specific first. */
const SECTOR_PREFIXES: readonly [string, SurveySector][] = [
  ['1071', 'bakery'],
  ['4724', 'bakery'],
  ['9602', 'beauty'],
  ['10', 'food'],
  ['11', 'food'],
  ['56', 'restaurant'],
  ['55', 'hotel'],
  ['47', 'retail'],
  ['41', 'construction'],
  ['42', 'construction'],
  ['43', 'construction'],
  ['49', 'transport'],
  ['50', 'transport'],
  ['51', 'transport'],
  ['52', 'transport'],
  ['53', 'transport'],
  ['45', 'garage'],
  ['86', 'care'],
  ['87', 'care'],
  ['88', 'care'],
  ['81', 'cleaning'],
  ['01', 'farming'],
  ['02', 'farming'],
  ['03', 'farming'],
  // Manufacturing: divisions 12 to 33 (food and drinks, 10 and 11, above).
  ...Array.from({ length: 22 }, (_, i): [string, SurveySector] => [
    String(12 + i),
    'manufacturing',
  ]),
];

/** The sector of a NAF code ('10.71C', '1071C'), or null when none of ours fits. */
export function surveySectorOf(codeNaf: unknown): SurveySector | null {
  if (typeof codeNaf !== 'string') return null;
  const digits = codeNaf.slice(0, 20).replace(/[^0-9]/g, '');
  if (digits.length < 2) return null;
  for (const [prefix, sector] of SECTOR_PREFIXES) if (digits.startsWith(prefix)) return sector;
  return null;
}

/** A label as stored: spaces collapsed and trimmed. */
export const normalizeDepartmentLabel = (text: string): string =>
  text.slice(0, 500).replace(/\s+/g, ' ').trim();

const sameLabel = (a: string, b: string) =>
  normalizeDepartmentLabel(a).toLocaleLowerCase('fr') ===
  normalizeDepartmentLabel(b).toLocaleLowerCase('fr');

export type AddDepartmentError = 'empty' | 'too_long' | 'duplicate' | 'too_many';

/**
 * Adds a service typed by the employer (it answers the « Autre » questions). The list is returned
 * unchanged with the reason when the label is empty, too long, already there or the list full.
 */
export function addCustomDepartment(
  list: readonly SurveyDepartment[],
  typed: string,
): { list: SurveyDepartment[]; error: AddDepartmentError | null } {
  const label = normalizeDepartmentLabel(typed);
  const error: AddDepartmentError | null =
    label === ''
      ? 'empty'
      : label.length > MAX_DEPARTMENT_LABEL
        ? 'too_long'
        : list.some((d) => sameLabel(d.label, label))
          ? 'duplicate'
          : list.length >= MAX_SURVEY_DEPARTMENTS
            ? 'too_many'
            : null;
  return { list: error ? [...list] : [...list, { label, set: 'other' }], error };
}

/** Options merged without repeating a label (the first one wins). */
export function mergeDepartmentOptions(
  ...lists: readonly (readonly SurveyDepartment[])[]
): SurveyDepartment[] {
  const out: SurveyDepartment[] = [];
  for (const list of lists)
    for (const d of list) if (!out.some((o) => sameLabel(o.label, d.label))) out.push(d);
  return out;
}

export type DepartmentsChoiceError = 'none' | 'too_many';

/** The chosen departments are 1 to 12 (null when they are). */
export function departmentsChoiceError(
  chosen: readonly SurveyDepartment[],
): DepartmentsChoiceError | null {
  if (chosen.length === 0) return 'none';
  if (chosen.length > MAX_SURVEY_DEPARTMENTS) return 'too_many';
  return null;
}

/** The generic departments, labelled as their question sets are (their own label otherwise). */
export function genericDepartments(labelOf: (code: DepartmentCode) => string): SurveyDepartment[] {
  return DEPARTMENTS.map((set) => ({ label: labelOf(set), set }));
}

/** An option of the creation form: a department and where it comes from. */
export type DepartmentOptionKind = 'generic' | 'own';
export type SurveyDepartmentOption = SurveyDepartment & { key: string; kind: DepartmentOptionKind };

/**
 * A stable key for a department of the creation form: a generic department by its question set
 * (its label may arrive later from the server), any other by its label.
 */
export const departmentKey = (d: SurveyDepartment, kind: DepartmentOptionKind): string =>
  kind === 'generic'
    ? `set:${d.set}`
    : `label:${normalizeDepartmentLabel(d.label).toLocaleLowerCase('fr')}`;

/**
 * The creation form's options: the company's suggested services, the generic departments, then the
 * services typed by the employer (a label already there is not repeated), with what is checked by
 * default: the suggested services with the generic administrative and management departments, or
 * every generic department when the activity suggests none.
 */
export function surveyDepartmentChoices(
  suggested: readonly SurveyDepartment[],
  generic: readonly SurveyDepartment[],
  custom: readonly SurveyDepartment[],
): { options: SurveyDepartmentOption[]; defaults: string[] } {
  const options: SurveyDepartmentOption[] = [];
  const add = (d: SurveyDepartment, kind: DepartmentOptionKind) => {
    if (options.some((o) => sameLabel(o.label, d.label))) return;
    options.push({ ...d, kind, key: departmentKey(d, kind) });
  };
  for (const d of suggested) add(d, 'own');
  for (const d of generic) add(d, 'generic');
  for (const d of custom) add(d, 'own');
  const defaults =
    suggested.length > 0
      ? options
          .filter((o) =>
            o.kind === 'own'
              ? suggested.some((s) => sameLabel(s.label, o.label))
              : o.set === 'admin' || o.set === 'management',
          )
          .map((o) => o.key)
      : options.filter((o) => o.kind === 'generic').map((o) => o.key);
  return { options, defaults };
}
