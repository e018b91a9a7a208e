// Strength feedback on a new password (issue 28 item 8): zxcvbn-ts's messages, by key
// (src/domain/password-strength.ts), in French. Loaded with the estimator, never in the first paint.
import type { PasswordSuggestionKey, PasswordWarningKey } from '@/domain/password-strength';

const warnings: Record<PasswordWarningKey, string> = {
  straightRow: 'Les rangées de touches du clavier sont faciles à deviner.',
  keyPattern: 'Les suites de touches voisines du clavier sont faciles à deviner.',
  simpleRepeat: 'Les caractères répétés comme « aaa » sont faciles à deviner.',
  extendedRepeat: 'Les motifs répétés comme « abcabcabc » sont faciles à deviner.',
  sequences: 'Les suites de caractères comme « abc » ou « 123 » sont faciles à deviner.',
  recentYears: 'Les années récentes sont faciles à deviner.',
  dates: 'Les dates sont faciles à deviner.',
  topTen: 'Ce mot de passe fait partie des plus utilisés.',
  topHundred: 'Ce mot de passe est très souvent utilisé.',
  common: 'Ce mot de passe est couramment utilisé.',
  similarToCommon: 'Ce mot de passe ressemble à un mot de passe couramment utilisé.',
  wordByItself: 'Un mot seul est facile à deviner.',
  namesByThemselves: 'Un nom ou un prénom seul est facile à deviner.',
  commonNames: 'Les noms et prénoms courants sont faciles à deviner.',
  userInputs:
    'Évitez vos propres informations (adresse e-mail, nom, entreprise) et les mots du site.',
  pwned: 'Ce mot de passe figure dans des fuites de données publiées sur Internet.',
};

const suggestions: Record<PasswordSuggestionKey, string> = {
  l33t: 'Évitez les substitutions prévisibles comme « @ » pour « a ».',
  reverseWords: "Évitez les mots courants écrits à l'envers.",
  allUppercase: 'Mettez quelques lettres en majuscules, mais pas toutes.',
  capitalization: "Mettez des majuscules ailleurs qu'en première lettre.",
  dates: 'Évitez les dates et les années qui vous concernent (naissance, par exemple).',
  recentYears: 'Évitez les années récentes.',
  associatedYears: 'Évitez les années qui vous concernent.',
  sequences: 'Évitez les suites de caractères courantes.',
  repeated: 'Évitez les mots et les caractères répétés.',
  longerKeyboardPattern:
    'Utilisez des suites de touches plus longues, en changeant plusieurs fois de direction.',
  anotherWord: 'Ajoutez un ou deux mots peu courants.',
  useWords: 'Utilisez plusieurs mots, sans former une phrase courante.',
  noNeed:
    "Inutile d'ajouter symboles, chiffres ou majuscules : plusieurs mots peu courants suffisent.",
  pwned: 'Si vous utilisez ce mot de passe ailleurs, changez-le.',
};

export const passwordStrength = {
  tooWeak: 'Ce mot de passe est trop facile à deviner.',
  strong: 'Mot de passe robuste.',
  warnings,
  suggestions,
} as const;
