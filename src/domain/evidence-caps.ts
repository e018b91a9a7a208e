// Caps the research states only in a source's own words (issue 27 item 3): « 8 000 euros
// HT/stagiaire/dossier » (OCAPIAT 2026) is a cap per trainee and per file, kept by the research in
// its quote and notes, not in a column (its per-action column was emptied on purpose, CHANGES
// 2026-11-27). Read from the quote only when it says exactly that: an amount followed by
// « par stagiaire et par dossier » or « /stagiaire/dossier »; anything else is not a figure. Pure.

/** « 8 000 euros HT/stagiaire/dossier », « 8 000 € HT par stagiaire et par dossier ». */
const PER_TRAINEE_PER_FILE =
  /(\d{1,3}(?:[\s\u00a0\u202f.]\d{3})+|\d+)\s*(?:euros?|€)\s*(?:HT|TTC)?\s*(?:\/\s*stagiaire\s*\/\s*dossier|par\s+stagiaire\s+et\s+par\s+dossier)/giu;

/**
 * The per-trainee, per-file cap a quote states, in euros; null when it states none, or states
 * several different ones (then the quote is shown, not a figure).
 */
export function perTraineePerFileCapOf(evidence: string | null): number | null {
  if (!evidence) return null;
  const found = new Set<number>();
  for (const match of evidence.matchAll(PER_TRAINEE_PER_FILE)) {
    const amount = Number(match[1]!.replace(/[\s\u00a0\u202f.]/gu, ''));
    if (Number.isSafeInteger(amount) && amount > 0) found.add(amount);
  }
  return found.size === 1 ? [...found][0]! : null;
}
