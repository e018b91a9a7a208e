// French elision of « de » before a name (issue 16 item 10: « Site de AGEFICE » → « Site
// d'AGEFICE »): « d' » before a vowel sound, « de » otherwise. Names reach the screens from data
// (OPCO and fund names, companies, experts), so the rule is decided on the name, not per string.
import { foldText } from './text';

/**
 * Words starting with an aspirated h (« h aspiré »): no elision (« de Hauts-de-France », « de
 * Hongrie »). Every other h is mute (« d'Hélène », « d'HEC »). Folded, compared to the first word.
 */
const ASPIRATED_H = new Set([
  'hache',
  'haie',
  'haine',
  'hall',
  'halle',
  'hambourg',
  'hameau',
  'handicap',
  'hangar',
  'harcelement',
  'haricot',
  'harpe',
  'hasard',
  'hate',
  'haut',
  'haute',
  'hautes',
  'hauts',
  'havre',
  'heros',
  'herisson',
  'hetre',
  'hibou',
  'hierarchie',
  'hockey',
  'hollande',
  'homard',
  'hongrie',
  'honte',
  'hors',
  'housse',
  'huit',
]);

const VOWELS = new Set(['a', 'e', 'i', 'o', 'u']);

/** Whether « de » elides before this word (the name's first word, any case, accents or not). */
export function elidesBefore(name: string): boolean {
  const word = foldText(name)
    .replace(/^[^\p{L}\p{N}]+/u, '')
    .split(/[^\p{L}\p{N}]/u)[0];
  if (!word) return false;
  const first = word[0]!;
  if (VOWELS.has(first)) return true;
  // « d'Yves », « d'Yvelines », but « de Yasmine », « de yaourt »: y before a vowel is a consonant.
  if (first === 'y') return word.length > 1 && !VOWELS.has(word[1]!) && word[1] !== 'y';
  if (first === 'h') return !ASPIRATED_H.has(word);
  return false;
}

/** « de » + the name, elided when French elides it: deName('AGEFICE') → "d'AGEFICE". */
export function deName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) return 'de';
  return elidesBefore(trimmed) ? `d'${trimmed}` : `de ${trimmed}`;
}
