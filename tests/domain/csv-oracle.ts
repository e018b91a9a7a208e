// What a spreadsheet would take for the start of a formula, written out character by character
// (shared by the CSV injection tests; it does not reuse src/domain/csv.ts's regular expressions).

/** Formula starts: = + - @ and their full-width and small forms. */
export const FORMULA = new Set(['=', '+', '-', '@', '＝', '＋', '－', '＠', '﹢', '﹣', '﹦']);

/** Whitespace, C0/C1 control and invisible format characters, which a spreadsheet may skip. */
export function skipped(ch: string): boolean {
  const code = ch.codePointAt(0)!;
  return code <= 0x1f || (code >= 0x7f && code <= 0x9f) || /\s/u.test(ch) || /\p{Cf}/u.test(ch);
}

/** Would this field start a formula once leading whitespace and invisible characters are skipped? */
export function startsFormula(field: string): boolean {
  for (const ch of field) {
    if (skipped(ch)) continue;
    return FORMULA.has(ch);
  }
  return false;
}

/** OWASP: a cell never starts with a tab, CR, LF or NUL. */
export function startsWithControl(field: string): boolean {
  return ['\t', '\r', '\n', '\u0000'].includes(field.charAt(0)) && field.length > 0;
}
