// sameJson: the structural equality the plan's estimate uses to keep an unchanged request's
// object (issue 30: only the cards whose estimate changed are rendered again).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sameJson } from '@/domain/same-json';

/** JSON text with every object's keys sorted: equal texts mean the same value, in any order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

describe('sameJson', () => {
  it('agrees with the canonical JSON text over random values', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        expect(sameJson(a, b)).toBe(canonical(a) === canonical(b));
      }),
      { numRuns: 500 },
    );
  });

  it('is true for a value and its deep copy, false once one leaf differs', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (a) => {
        expect(sameJson(a, structuredClone(a))).toBe(true);
        expect(sameJson({ v: a, n: 1 }, { v: a, n: 2 })).toBe(false);
        expect(sameJson([a], [a, a])).toBe(false);
      }),
    );
  });

  it('reads objects as JSON does: key order ignored, undefined values not written', () => {
    expect(sameJson({ a: 1, b: [1, { c: 'x' }] }, { b: [1, { c: 'x' }], a: 1 })).toBe(true);
    expect(sameJson({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameJson({ a: 1 }, { a: 1, b: null })).toBe(false);
    expect(sameJson({ share: { min: 0, max: 0 } }, { share: { min: 0, max: 1 } })).toBe(false);
    expect(sameJson([], {})).toBe(false);
    expect(sameJson({ 0: 'a' }, ['a'])).toBe(false);
    expect(sameJson(null, {})).toBe(false);
    expect(sameJson('1', 1)).toBe(false);
  });
});
