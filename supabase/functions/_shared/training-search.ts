// Full-text retrieval over the training catalogue (MiniSearch, BM25+), shared by the edge
// functions (generate-training, estimate-training, analyze-survey) and the Node tests.
//
// Text processing, the same at index and query time:
//  - tokens: MiniSearch's Unicode tokenizer (spaces and punctuation, including ’);
//  - accents folded and lower-cased ('Négociation' → 'negociation');
//  - French stop words dropped (and words that every training shares: 'formation', 'former');
//  - a light French stemmer (plural and common derivational endings), so that 'commerciaux',
//    'commerciale' and 'commercial' meet, and 'managers' meets 'management'.
// Queries also use prefix matching (terms of 4+ characters) and a small fuzziness (7+ characters).
// Words that say who is trained or where ('équipe', 'salariés', 'travail'…) are kept but weigh
// little in a query that has other words: « Former mon équipe à Excel » is about Excel, not about
// « Manager une équipe à distance ». The relevance set (tests/fixtures/training-relevance.json)
// pins the ranking of 50+ real requests.
import MiniSearch from 'minisearch';
import { TRAINING_CATALOGUE, type CatalogueTraining } from './training-catalogue.ts';

export type SearchHit = { training: CatalogueTraining; score: number };

/** Accent folding and lower case (NFD, combining marks removed; œ/æ expanded). */
export function foldAccents(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/œ/gi, 'oe')
    .replace(/æ/gi, 'ae')
    .toLowerCase();
}

const STOP_WORDS = new Set(
  [
    'a',
    'ai',
    'au',
    'aux',
    'avec',
    'ce',
    'ces',
    'cet',
    'cette',
    'dans',
    'de',
    'des',
    'du',
    'elle',
    'elles',
    'en',
    'et',
    'etre',
    'eu',
    'il',
    'ils',
    'je',
    'j',
    'la',
    'le',
    'les',
    'leur',
    'leurs',
    'lui',
    'ma',
    'mais',
    'me',
    'meme',
    'mes',
    'moi',
    'mon',
    'ne',
    'nos',
    'notre',
    'nous',
    'on',
    'ou',
    'par',
    'pas',
    'pour',
    'qu',
    'que',
    'qui',
    'sa',
    'se',
    'ses',
    'son',
    'sur',
    'ta',
    'te',
    'tes',
    'toi',
    'ton',
    'tu',
    'un',
    'une',
    'vos',
    'votre',
    'vous',
    'c',
    'd',
    'l',
    'm',
    'n',
    's',
    't',
    'y',
    'est',
    'sont',
    'ont',
    'avons',
    'avez',
    'suis',
    'sommes',
    'etes',
    'fait',
    'faire',
    'plus',
    'tres',
    'bien',
    'comme',
    'tout',
    'tous',
    'toute',
    'toutes',
    'sans',
    'sous',
    'entre',
    'vers',
    'chez',
    'mal',
    'besoin',
    'souhaite',
    'souhaitons',
    'voudrais',
    'aimerais',
    'veux',
    'voulons',
    'afin',
    'ainsi',
    'aussi',
    'donc',
    'car',
    'si',
    'nos',
    'notre',
    'the',
    'and',
    'of',
    'to',
    'for',
    // verbs of almost every challenge ('améliorer la…', 'mieux…'): they would pull in
    // 'amélioration continue' or 'développement' trainings for any text
    'ameliorer',
    'developper',
    'mieux',
    'maitriser',
    'renforcer',
    'augmenter',
    'aider',
    'apprendre',
    // shared by every training: no discriminating power
    'formation',
    'formations',
    'former',
    'formee',
    'formes',
    'formees',
    'salarie',
    'salaries',
  ].map(foldAccents),
);

// Longest endings first; a stem keeps at least 4 characters.
const SUFFIXES = [
  'issement',
  'atrice',
  'ateur',
  'ation',
  'ement',
  'isme',
  'iste',
  'ance',
  'ence',
  'euse',
  'ique',
  'able',
  'ible',
  'ite',
  'ive',
  'eur',
  'elle',
  'ale',
  'ee',
  'if',
  'al',
  'el',
  'er',
  'ir',
  'e',
].sort((a, b) => b.length - a.length);

/** Stems the suffix rules would merge with an unrelated word ('publicité' with 'public'). */
const STEM_EXCEPTIONS = new Map([['publicite', 'publicit']]);

/** A light French stemmer on folded words (plurals, feminine and common derivational endings). */
export function stemFrench(word: string): string {
  let w = word;
  if (w.length <= 3) return w;
  const exception = STEM_EXCEPTIONS.get(w);
  if (exception) return exception;
  // plurals first ('réseaux' → 'reseau', 'commerciaux' → 'commercial', 'managers' → 'manager')
  if (w.endsWith('eaux')) w = w.slice(0, -1);
  else if (w.endsWith('aux') && w.length > 5) w = `${w.slice(0, -3)}al`;
  else if ((w.endsWith('s') || w.endsWith('x')) && !w.endsWith('ss') && w.length > 4)
    w = w.slice(0, -1);
  for (const suffix of SUFFIXES) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 4) return w.slice(0, -suffix.length);
  }
  return w;
}

/** Index- and query-time term processing: fold, drop stop words and 1-letter tokens, stem. */
export function processTerm(term: string): string | null {
  const folded = foldAccents(term);
  if (folded.length < 2 || STOP_WORDS.has(folded)) return null;
  return stemFrench(folded);
}

type IndexedTraining = {
  id: string;
  title: string;
  category: string;
  description: string;
  keywords: string;
  benefits: string;
};

/**
 * Stems of words that name who is trained, or where, rather than what: 'équipe(s)', 'salarié',
 * 'collaborateur', 'personnel', 'employé', 'entreprise', 'société', 'travail', 'agent', 'personne'.
 */
const CONTEXT_STEMS = new Set(
  [
    'equipe',
    'equipes',
    'collaborateur',
    'collaborateurs',
    'collaboratrice',
    'personnel',
    'employe',
    'employes',
    'entreprise',
    'societe',
    'travail',
    'agent',
    'agents',
    'personne',
    'personnes',
    'gens',
    'monde',
  ].map((w) => stemFrench(foldAccents(w))),
);
/** Weight of a context word in a query that has other words (1 for the others). */
const CONTEXT_TERM_WEIGHT = 0.15;

function termWeight(term: string, terms: readonly string[]): number {
  if (!CONTEXT_STEMS.has(term)) return 1;
  return terms.every((t) => CONTEXT_STEMS.has(t)) ? 1 : CONTEXT_TERM_WEIGHT;
}

const SEARCH_OPTIONS = {
  boost: { title: 3, keywords: 2.5, category: 1.5, description: 1, benefits: 0.7 },
  boostTerm: (term: string, _i: number, terms: string[]) => termWeight(term, terms),
  prefix: (term: string) => term.length >= 4,
  fuzzy: (term: string) => (term.length >= 7 ? 0.15 : false),
  combineWith: 'OR' as const,
};

/** Hits under this share of the best hit's score are dropped (noise of single common words). */
const RELATIVE_SCORE_FLOOR = 0.3;
/** Queries are cut to this many characters (the contracts bound them; this keeps search cheap). */
const MAX_QUERY_LENGTH = 4000;

let cached: { index: MiniSearch<IndexedTraining>; byId: Map<string, CatalogueTraining> } | null =
  null;

function catalogueIndex() {
  if (cached) return cached;
  const index = new MiniSearch<IndexedTraining>({
    fields: ['title', 'category', 'description', 'keywords', 'benefits'],
    storeFields: [],
    processTerm,
  });
  index.addAll(
    TRAINING_CATALOGUE.map((t) => ({
      id: t.id,
      title: t.title,
      category: t.category,
      description: t.description,
      keywords: t.keywords.join(' '),
      benefits: t.benefits.join(' '),
    })),
  );
  cached = { index, byId: new Map(TRAINING_CATALOGUE.map((t) => [t.id, t])) };
  return cached;
}

function rawSearch(query: string): SearchHit[] {
  const text = query.slice(0, MAX_QUERY_LENGTH).trim();
  if (!text) return [];
  const { index, byId } = catalogueIndex();
  const out: SearchHit[] = [];
  for (const result of index.search(text, SEARCH_OPTIONS)) {
    const training = byId.get(String(result.id));
    if (training) out.push({ training, score: result.score });
  }
  return out;
}

function keepRelevant(hits: SearchHit[], limit: number): SearchHit[] {
  const sorted = [...hits].sort(
    (a, b) => b.score - a.score || a.training.id.localeCompare(b.training.id),
  );
  const best = sorted[0]?.score ?? 0;
  return sorted.filter((h) => h.score >= best * RELATIVE_SCORE_FLOOR).slice(0, Math.max(0, limit));
}

/** The catalogue trainings best matching a free text, best first (at most `limit`). */
export function searchCatalogue(query: string, limit = 3): SearchHit[] {
  return keepRelevant(rawSearch(query), limit);
}

export type RequestedFormat = 'remote' | 'in_person';

/** Catalogue formats that fit a requested format (présentiel vs distance formats). */
export function formatFits(
  format: CatalogueTraining['format'],
  requested: RequestedFormat,
): boolean {
  return requested === 'in_person'
    ? format === 'Présentiel' || format === 'Hybride'
    : format !== 'Présentiel';
}

/** Weight of a training whose format fits the requested one. */
const FORMAT_FIT_BOOST = 1.2;

/**
 * The k catalogue trainings nearest to a training request: the topic counts twice as much as the
 * description (scores normalised per query), a fitting format is preferred. Best first.
 */
export function nearestTrainings(
  topic: string,
  description: string,
  format: RequestedFormat,
  k = 3,
): SearchHit[] {
  const combined = new Map<string, SearchHit>();
  const add = (hits: SearchHit[], weight: number) => {
    const best = hits.reduce((m, h) => Math.max(m, h.score), 0);
    if (best <= 0) return;
    for (const h of hits) {
      const prev = combined.get(h.training.id);
      const score = (prev?.score ?? 0) + (weight * h.score) / best;
      combined.set(h.training.id, { training: h.training, score });
    }
  };
  add(rawSearch(topic), 2);
  add(rawSearch(description), 1);
  const hits = [...combined.values()].map((h) => ({
    training: h.training,
    score: formatFits(h.training.format, format) ? h.score * FORMAT_FIT_BOOST : h.score,
  }));
  return keepRelevant(hits, k);
}
