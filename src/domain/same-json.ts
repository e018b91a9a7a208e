// Structural equality of JSON-like values (what JSON.stringify would write: plain objects, arrays,
// strings, finite numbers, booleans, null). Used to keep an unchanged computed value's object, so
// that what shows it is not rendered again: cheaper than comparing JSON texts (no string built,
// stops at the first difference) and blind to key order. Pure.

/** The keys JSON.stringify writes (own enumerable, value not undefined). */
function writtenKeys(o: Record<string, unknown>): string[] {
  return Object.keys(o).filter((k) => o[k] !== undefined);
}

/** true when `a` and `b` would be written as the same JSON (object keys in any order). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = writtenKeys(x);
  if (keys.length !== writtenKeys(y).length) return false;
  for (const k of keys) if (!sameJson(x[k], y[k])) return false;
  return true;
}
