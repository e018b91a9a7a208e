// The visible strings of the app, as a person reads them (issue 29 "Done when"): each screen's
// innerText is split into sentences, normalised (figures, dates, e-mail addresses and links
// vary from one run to the next), then checked against a committed allow-list
// (tests/e2e/visible-strings.allow.txt) and against what must never reach a screen: a raw code or
// enum value (otp_expired, UNKNOWN, undefined, null, NaN...) or an English word. Pure: the
// Playwright spec (tests/e2e/visible-strings.e2e.ts) collects, tests/unit/visible-strings.test.ts
// checks these rules.
import { readFileSync, writeFileSync } from 'node:fs';

export const ALLOW_LIST_PATH = 'tests/e2e/visible-strings.allow.txt';

const MONTHS =
  'janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre';
const DAYS = 'lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche';

/**
 * One sentence as the allow-list holds it: spaces (non-breaking ones included) made single,
 * e-mail addresses `<e-mail>`, links `<lien>`, uuids `<id>`, month and day names `<mois>` and
 * `<jour>`, every run of digits `#` (so « 3 000 € HT » is « # # € HT »).
 */
export function normaliseSentence(text: string): string {
  return text
    .replace(/[\s\u00a0\u202f]+/g, ' ')
    .replace(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, '<e-mail>')
    .replace(/\bhttps?:\/\/\S+/g, '<lien>')
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '<id>')
    .replace(new RegExp(`\\b(${MONTHS})\\b`, 'gi'), '<mois>')
    .replace(new RegExp(`\\b(${DAYS})\\b`, 'gi'), '<jour>')
    .replace(/\d+/g, '#')
    .trim();
}

/** The sentences of a screen's text: one per line, lines cut after . ! ? … before a capital. */
export function sentencesOf(innerText: string): string[] {
  const out: string[] = [];
  for (const line of innerText.split(/\n+/)) {
    for (const part of line.split(/(?<=[.!?…])\s+(?=[«"(]?[A-ZÀ-ÖØ-Ý])/u)) {
      const sentence = normaliseSentence(part);
      if (sentence !== '' && /\p{L}/u.test(sentence)) out.push(sentence);
    }
  }
  return out;
}

/**
 * Words that are English and not French (a French screen never needs them), the stored values of
 * our enums that are English words (statuses, impacts, formats, answers: each has its French
 * label), and none that both languages share (page, date, message, contact, expert, total, plan,
 * budget, minutes, support, marketing, management...).
 */
const ENGLISH_WORDS = new Set(
  (
    'the and of to with for your you this that these those from please click here error errors ' +
    'loading submit cancel save delete remove edit back next previous search settings login ' +
    'logout signin signup password username account found not unknown invalid pending approved ' +
    'rejected success successful failed failure warning required optional yes true false null ' +
    'undefined nan infinity object function today yesterday tomorrow week month year hours ' +
    'seconds ago new open close closed draft home help about terms privacy policy dashboard ' +
    'training trainings survey surveys meeting meetings request requests company companies ' +
    'status update updated create created view details more less show hide retry send offline ' +
    'online sync syncing synced select choose enter name first last address phone what when ' +
    'where which who why how was were been has have had will would could should must might ' +
    'does did done remote high medium low partially registered completed cancelled employee ' +
    'other hr'
  ).split(' '),
);

/** Words of the reference documents kept as written: the Parrainage tag « New » (02 §2.2). */
const KEPT_AS_WRITTEN = new Set(['new']);

/** Names of products written as their makers do (a tool an expert uses). */
const PROPER_NAMES = ['Welcome to the Jungle'];

/** Enum values as the sources spell them (budget types, 01 §3): never a label. */
const ENUM_VALUES = new Set(
  'UNKNOWN ILLIMITED LEGAL CONVENTION COMMENT TOTAL PENDING ACTIVE CLOSED'.split(' '),
);

export type Forbidden = { sentence: string; token: string; why: string };

/** What must never be on a screen, whatever the allow-list says. */
export function forbiddenTokens(sentence: string): Forbidden[] {
  const found: Forbidden[] = [];
  const add = (token: string, why: string) => found.push({ sentence, token, why });
  for (const m of sentence.matchAll(/(?<![\p{L}\p{N}])[\p{L}\p{N}]+(?:_[\p{L}\p{N}]+)+/gu))
    add(m[0], 'code');
  for (const m of sentence.matchAll(/\[object \w+\]/g)) add(m[0], 'code');
  for (const m of sentence.matchAll(/(?<![\p{L}\p{N}])\p{Lu}+(?![\p{L}\p{N}])/gu))
    if (ENUM_VALUES.has(m[0])) add(m[0], 'enum value');
  for (const m of sentence.matchAll(
    /(?<![\p{L}\p{N}])(?:undefined|null|NaN|Infinity)(?![\p{L}\p{N}])/gu,
  ))
    add(m[0], 'raw value');
  const words = PROPER_NAMES.reduce((text, name) => text.split(name).join(' '), sentence);
  for (const m of words.matchAll(/\p{L}+/gu)) {
    const word = m[0].toLowerCase();
    if (ENGLISH_WORDS.has(word) && !KEPT_AS_WRITTEN.has(word)) add(m[0], 'English word');
  }
  return found;
}

export type AllowList = { sentences: Set<string>; bySection: Map<string, string[]> };

/** Reads the allow-list: `[section]` headers and one sentence per line; `//` starts a comment. */
export function parseAllowList(text: string): AllowList {
  const sentences = new Set<string>();
  const bySection = new Map<string, string[]>();
  let section = '';
  for (const raw of text.split('\n')) {
    const line = raw.trimEnd();
    if (line === '' || line.startsWith('//')) continue;
    const header = /^\[(.+)\]$/.exec(line);
    if (header) {
      section = header[1]!;
      bySection.set(section, []);
      continue;
    }
    sentences.add(line);
    bySection.get(section)?.push(line);
  }
  return { sentences, bySection };
}

/**
 * The allow-list file: the sentences seen on three screens or more under [commun] (the shell,
 * the footer), the others under the first screen that shows them; sorted, for a readable diff.
 */
export function formatAllowList(seen: ReadonlyMap<string, readonly string[]>): string {
  const screensOf = new Map<string, string[]>();
  for (const [screen, sentences] of seen) {
    for (const s of new Set(sentences)) screensOf.set(s, [...(screensOf.get(s) ?? []), screen]);
  }
  const sections = new Map<string, string[]>([['commun', []]]);
  for (const [sentence, screens] of screensOf) {
    const section = screens.length >= 3 ? 'commun' : screens[0]!;
    sections.set(section, [...(sections.get(section) ?? []), sentence]);
  }
  const collator = new Intl.Collator('fr');
  const lines = [
    '// Accepted visible strings, normalised (tests/e2e/support/visible-strings.ts): digits are #,',
    '// e-mail addresses <e-mail>, links <lien>, ids <id>, month and day names <mois> and <jour>.',
    '// Written by `npm run strings:allow` (under the e2e lock); review its diff: every new line is',
    '// a string a person will read. Forbidden tokens (codes, enum values, English) fail anyway.',
  ];
  for (const [section, sentences] of sections) {
    lines.push('', `[${section}]`, ...sentences.sort(collator.compare));
  }
  return `${lines.join('\n')}\n`;
}

export function readAllowList(path = ALLOW_LIST_PATH): AllowList {
  try {
    return parseAllowList(readFileSync(path, 'utf8'));
  } catch {
    return parseAllowList('');
  }
}

export function writeAllowList(
  seen: ReadonlyMap<string, readonly string[]>,
  path = ALLOW_LIST_PATH,
) {
  writeFileSync(path, formatAllowList(seen));
}
