// analyze-survey, local engine (02 §2.19, §7.4): rules over the aggregated answers of a team
// survey turned into concrete trainings of the catalogue (training-catalogue.ts, searched with
// training-search.ts). No external service.
//
// Rules:
//  1. top needs per department: the options most chosen in the department's questions (skills
//     count most, then challenges, then priorities); each need is searched in the catalogue;
//  2. low tools satisfaction: when 40 % or more of the answers are 'Non' or 'Partiellement', a
//     training on the team's digital tools;
//  3. recurring words: words found in the suggestions and free-text answers of at least two
//     respondents are searched in the catalogue;
//  4. a department with answers but no need found gets its department's usual training.
// Recommendations are deduplicated by training (rationales merged), ranked by weight, 6 at most.
import type { Department, SurveyRecommendation } from '../../../src/domain/contracts.ts';
import { catalogueRecommendation, type CatalogueTraining } from './training-catalogue.ts';
import { foldAccents, processTerm, searchCatalogue } from './training-search.ts';
import type { SurveyAnalysisInput } from './survey-input.ts';

export const MAX_SURVEY_RECOMMENDATIONS = 6;
/** Share of 'Non' + 'Partiellement' from which tools satisfaction is low. */
export const LOW_TOOLS_SHARE = 0.4;
/** Respondents who must use a word for it to be recurring. */
export const RECURRING_WORD_MIN = 2;

export type Priority = 'high' | 'medium' | 'low';

const DEPARTMENT_NAMES: Record<Department, string> = {
  commercial: 'Commercial',
  marketing: 'Marketing',
  hr: 'Ressources humaines',
  management: 'Direction et management',
  support: 'Support et service client',
  admin: 'Administratif et finance',
  tech: 'Technique et informatique',
  other: 'Autre',
};

/** Words added to each need's search so that it lands in the department's field. */
const DEPARTMENT_CONTEXT: Record<Department, string> = {
  commercial: 'commercial vente',
  marketing: 'marketing',
  hr: 'ressources humaines RH',
  management: 'management manager',
  support: 'relation client service client',
  admin: 'gestion administrative finance',
  tech: 'informatique numérique',
  other: '',
};

/** The department's usual training when its answers name no precise need (rule 4). */
const DEPARTMENT_FALLBACK: Record<Department, string> = {
  commercial: 'techniques de vente négociation prospection',
  marketing: 'marketing digital stratégie',
  hr: 'recrutement ressources humaines entretiens',
  management: 'management leadership équipe',
  support: 'relation client réclamations',
  admin: 'excel gestion administrative',
  tech: 'cybersécurité informatique',
  other: 'gestion du temps organisation',
};

/** Question weights: what people want to learn first, then what hurts, then where they go. */
const QUESTION_WEIGHT: Record<string, number> = { skills: 1, challenges: 0.8, priorities: 0.5 };
/** Questions that say nothing about training needs. */
const IGNORED_QUESTIONS = new Set(['contact', 'role']);
/** Needs kept per department. */
const NEEDS_PER_DEPARTMENT = 2;

const TOOLS_QUERY = 'outils numériques bureautique collaboratifs digitalisation';

/** Survey words with no discriminating power (on top of the catalogue search's stop words). */
const SURVEY_STOP_WORDS = new Set(
  [
    'equipe',
    'equipes',
    'travail',
    'travailler',
    'entreprise',
    'avoir',
    'faut',
    'falloir',
    'serait',
    'pourrait',
    'peu',
    'trop',
    'beaucoup',
    'merci',
    'rien',
    'aucun',
    'aucune',
    'non',
    'oui',
    'chose',
    'choses',
    'quotidien',
    'mieux',
    'meilleur',
    'meilleure',
    'davantage',
    'souvent',
    'parfois',
    'jour',
    'jours',
    'etc',
    'nouveau',
    'nouvelle',
    'nouveaux',
    'nouvelles',
    'autre',
    'autres',
    'certain',
    'certains',
    'vraiment',
    'ameliorer',
    'amelioration',
    'besoins',
    'plus',
    'moins',
    'pouvoir',
    'veut',
    'voudrions',
    'aimerions',
    'idee',
  ].map(foldAccents),
);

export type DepartmentNeed = {
  department: Department;
  option: string;
  count: number;
  share: number;
  weight: number;
};
export type RecurringWord = { word: string; count: number };

export type SurveyInsights = {
  total: number;
  departments: { department: Department; count: number; needs: DepartmentNeed[] }[];
  tools: { answered: number; unsatisfied: number; share: number };
  words: RecurringWord[];
};

const round1 = (n: number) => Math.round(n * 1000) / 10;
const percentText = (share: number) => `${round1(share).toLocaleString('fr-FR')} %`;

function answersOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** A chosen option: every item of a checkbox answer; a radio answer (a short text of a weighted question). */
function chosenOptions(questionId: string, value: unknown): string[] {
  if (Array.isArray(value)) return answersOf(value).slice(0, 50);
  if (typeof value === 'string' && questionId in QUESTION_WEIGHT && value.trim().length <= 120)
    return [value];
  return [];
}

/** Options chosen per department, weighted by question, with their share of the department. */
export function departmentNeeds(input: SurveyAnalysisInput): SurveyInsights['departments'] {
  const byDepartment = new Map<Department, SurveyAnalysisInput['responses']>();
  for (const r of input.responses)
    byDepartment.set(r.department, [...(byDepartment.get(r.department) ?? []), r]);
  const out: SurveyInsights['departments'] = [];
  for (const [department, rows] of byDepartment) {
    const tally = new Map<string, DepartmentNeed>();
    for (const row of rows) {
      const counted = new Set<string>();
      for (const [questionId, value] of Object.entries(row.responses).slice(0, 100)) {
        if (IGNORED_QUESTIONS.has(questionId)) continue;
        const weight = QUESTION_WEIGHT[questionId] ?? 0.5;
        for (const option of chosenOptions(questionId, value)) {
          const text = option.trim().slice(0, 300);
          if (!text || counted.has(text)) continue;
          counted.add(text);
          const prev = tally.get(text);
          const count = (prev?.count ?? 0) + 1;
          tally.set(text, {
            department,
            option: text,
            count,
            share: count / rows.length,
            weight: Math.max(prev?.weight ?? 0, weight),
          });
        }
      }
    }
    const needs = [...tally.values()]
      .sort(
        (a, b) =>
          b.count * b.weight - a.count * a.weight ||
          b.weight - a.weight ||
          a.option.localeCompare(b.option),
      )
      .slice(0, NEEDS_PER_DEPARTMENT);
    out.push({ department, count: rows.length, needs });
  }
  return out.sort((a, b) => b.count - a.count);
}

/** Tools satisfaction from the counts of the payload ('Je ne sais pas' counts as answered). */
export function toolsSatisfaction(input: SurveyAnalysisInput): SurveyInsights['tools'] {
  const count = (status: string) =>
    input.toolsSatisfaction.find((t) => t.status === status)?.count ?? 0;
  const answered = input.toolsSatisfaction.reduce((n, t) => n + t.count, 0);
  const unsatisfied = count('no') + count('partially');
  return { answered, unsatisfied, share: answered > 0 ? unsatisfied / answered : 0 };
}

/** Words used by at least two respondents in their suggestions and free-text answers. */
export function recurringWords(input: SurveyAnalysisInput, limit = 3): RecurringWord[] {
  const respondents = new Map<string, number>();
  const surface = new Map<string, Map<string, number>>();
  for (const r of input.responses) {
    const texts = [
      r.improvement,
      ...Object.values(r.responses).filter((v): v is string => typeof v === 'string'),
    ];
    const seen = new Set<string>();
    for (const text of texts) {
      for (const token of text.slice(0, 5000).split(/[^\p{L}\p{N}]+/u)) {
        const folded = foldAccents(token);
        if (folded.length < 3 || SURVEY_STOP_WORDS.has(folded) || /^\d+$/.test(folded)) continue;
        const stem = processTerm(token);
        if (!stem || SURVEY_STOP_WORDS.has(stem)) continue;
        seen.add(stem);
        const forms = surface.get(stem) ?? new Map<string, number>();
        forms.set(token, (forms.get(token) ?? 0) + 1);
        surface.set(stem, forms);
      }
    }
    for (const stem of seen) respondents.set(stem, (respondents.get(stem) ?? 0) + 1);
  }
  return [...respondents]
    .filter(([, n]) => n >= RECURRING_WORD_MIN)
    .map(([stem, count]) => {
      const forms = [...(surface.get(stem) ?? new Map<string, number>())].sort(
        (a, b) => b[1] - a[1] || a[0].length - b[0].length,
      );
      return { word: forms[0]?.[0] ?? stem, count };
    })
    .sort((a, b) => b.count - a.count || a.word.localeCompare(b.word))
    .slice(0, limit);
}

export function surveyInsights(input: SurveyAnalysisInput): SurveyInsights {
  return {
    total: input.responses.length,
    departments: departmentNeeds(input),
    tools: toolsSatisfaction(input),
    words: recurringWords(input),
  };
}

type Candidate = {
  training: CatalogueTraining;
  weight: number;
  priority: Priority;
  department?: Department;
  reasons: string[];
};

const PRIORITY_RANK: Record<Priority, number> = { high: 3, medium: 2, low: 1 };
/** High from half of the people concerned, medium from a quarter; a single voice is never high. */
const priorityOf = (share: number, count: number): Priority => {
  const p: Priority = share >= 0.5 ? 'high' : share >= 0.25 ? 'medium' : 'low';
  return count < 2 && p === 'high' ? 'medium' : p;
};
const respondents = (n: number) => `${n} répondant${n > 1 ? 's' : ''}`;

/** The first catalogue training for a query, preferring one not recommended yet. */
function pick(query: string, taken: ReadonlySet<string>): CatalogueTraining | null {
  const hits = searchCatalogue(query, 5);
  return (hits.find((h) => !taken.has(h.training.id)) ?? hits[0])?.training ?? null;
}

/** The local engine's candidates, best first (also the grounding given to the model). */
export function surveyCandidates(
  insights: SurveyInsights,
  limit = MAX_SURVEY_RECOMMENDATIONS,
): Candidate[] {
  const byTraining = new Map<string, Candidate>();
  const add = (training: CatalogueTraining | null, c: Omit<Candidate, 'training'>) => {
    if (!training) return;
    const prev = byTraining.get(training.id);
    if (!prev) {
      byTraining.set(training.id, { training, ...c });
      return;
    }
    prev.weight += c.weight;
    if (PRIORITY_RANK[c.priority] > PRIORITY_RANK[prev.priority]) prev.priority = c.priority;
    if (prev.department !== c.department) prev.department = undefined;
    for (const reason of c.reasons) if (!prev.reasons.includes(reason)) prev.reasons.push(reason);
  };
  const taken = () => new Set(byTraining.keys());

  // 1. top needs per department
  for (const d of insights.departments) {
    const name = DEPARTMENT_NAMES[d.department];
    for (const need of d.needs) {
      const query = `${need.option} ${DEPARTMENT_CONTEXT[d.department]}`;
      add(pick(query, taken()), {
        // what the whole team says weighs more than what one small department says
        weight: need.weight * ((2 * need.count) / Math.max(1, insights.total) + 0.5 * need.share),
        priority: priorityOf(need.share, need.count),
        department: d.department,
        reasons: [
          `${respondents(need.count)} sur ${d.count} du service ${name} (${percentText(need.share)}) ${need.count > 1 ? 'citent' : 'cite'} « ${need.option} ».`,
        ],
      });
    }
    // 4. no precise need: the department's usual training
    if (d.needs.length === 0) {
      add(pick(DEPARTMENT_FALLBACK[d.department], taken()), {
        weight: 0.5 * (d.count / Math.max(1, insights.total)),
        priority: 'low',
        department: d.department,
        reasons: [
          `Formation de référence pour le service ${name} (${d.count} réponse${d.count > 1 ? 's' : ''}).`,
        ],
      });
    }
  }

  // 2. low tools satisfaction
  if (insights.tools.answered > 0 && insights.tools.share >= LOW_TOOLS_SHARE) {
    add(pick(TOOLS_QUERY, taken()), {
      weight: insights.tools.share * 2.5,
      priority: insights.tools.share >= 0.6 ? 'high' : 'medium',
      reasons: [
        `${percentText(insights.tools.share)} des répondants (${insights.tools.unsatisfied} sur ${insights.tools.answered}) estiment ne pas disposer, ou seulement en partie, des outils nécessaires.`,
      ],
    });
  }

  // 3. recurring words in suggestions and free-text answers
  for (const w of insights.words) {
    add(pick(w.word, taken()), {
      weight: (w.count / Math.max(1, insights.total)) * 1.5,
      priority: priorityOf(w.count / Math.max(1, insights.total), w.count),
      reasons: [`Le mot « ${w.word} » revient dans ${w.count} réponses libres.`],
    });
  }

  return [...byTraining.values()]
    .sort(
      (a, b) =>
        b.weight - a.weight ||
        PRIORITY_RANK[b.priority] - PRIORITY_RANK[a.priority] ||
        a.training.id.localeCompare(b.training.id),
    )
    .slice(0, limit);
}

export function candidateToRecommendation(c: Candidate): SurveyRecommendation {
  return {
    ...catalogueRecommendation(c.training),
    ...(c.department ? { department: c.department } : {}),
    priority: c.priority,
    rationale: c.reasons.join(' ').slice(0, 1000),
  };
}

/** The local engine: recommendations from the rules, best first. */
export function localSurveyRecommendations(input: SurveyAnalysisInput): SurveyRecommendation[] {
  if (input.responses.length === 0) return [];
  return surveyCandidates(surveyInsights(input)).map(candidateToRecommendation);
}

export { DEPARTMENT_NAMES, percentText };
