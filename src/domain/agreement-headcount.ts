// Collective agreements that apply only to a headcount band (issue 29 item 3): building workers'
// agreement IDCC 1596 covers « Entreprises occupant jusqu'à 10 salariés », 1597 « Entreprises
// occupant plus de 10 salariés ». Their scope is read from their titles in data/idcc.csv (the
// Légifrance titles; tests/domain/agreement-headcount.test.ts checks this table against every
// title of the file: no other title states a headcount). A choice outside the scope is warned
// about, never refused: the payslip is what counts, and a company's headcount moves. Pure.

/** A headcount scope: at least `min` and/or at most `max` employees. */
export type HeadcountScope = { min?: number; max?: number };

export type ScopedAgreement = {
  idcc: string;
  /** the title in data/idcc.csv */
  title: string;
  scope: HeadcountScope;
  /** the agreement of the same branch for the other side of the threshold */
  counterpart: string;
};

export const SCOPED_AGREEMENTS: Readonly<Record<string, ScopedAgreement>> = {
  '1596': {
    idcc: '1596',
    title: "Bâtiment Ouvriers (Entreprises occupant jusqu'à 10 salariés)",
    scope: { max: 10 },
    counterpart: '1597',
  },
  '1597': {
    idcc: '1597',
    title: 'Bâtiment Ouvriers (Entreprises occupant plus de 10 salariés)',
    scope: { min: 11 },
    counterpart: '1596',
  },
};

/**
 * The headcount scope a title states: « occupant jusqu'à N salariés » (at most N), « occupant plus
 * de N salariés » (at least N + 1); null when it states none.
 */
export function scopeFromTitle(title: string): HeadcountScope | null {
  const upTo = /occupant jusqu['’]à (\d+) salariés/i.exec(title);
  if (upTo) return { max: Number(upTo[1]) };
  const moreThan = /occupant plus de (\d+) salariés/i.exec(title);
  if (moreThan) return { min: Number(moreThan[1]) + 1 };
  return null;
}

export type AgreementHeadcountWarning = {
  agreement: ScopedAgreement;
  range: { min: number; max: number };
  /** the counterpart agreement when the whole band is in its scope */
  suggested: ScopedAgreement | null;
};

const inScope = (scope: HeadcountScope, range: { min: number; max: number }): boolean =>
  (scope.min === undefined || range.min >= scope.min) &&
  (scope.max === undefined || range.max <= scope.max);

/**
 * A warning when the agreement applies to a headcount scope that the band does not fit entirely
 * (1596 with 11 to 49 employees; 1597 with 1 to 10, or a sole trader); null otherwise, and for an
 * unknown band (-1/-1) or an agreement without a scope. The IDCC compares zero-padded.
 */
export function agreementHeadcountWarning(
  idcc: unknown,
  range: { min: number; max: number } | null | undefined,
): AgreementHeadcountWarning | null {
  if (typeof idcc !== 'string' || !/^\d{1,4}$/.test(idcc.trim()) || !range) return null;
  if (!Number.isInteger(range.min) || !Number.isInteger(range.max)) return null;
  if (range.min < 0 || range.max < range.min) return null;
  const agreement = SCOPED_AGREEMENTS[idcc.trim().padStart(4, '0')];
  if (!agreement || inScope(agreement.scope, range)) return null;
  const counterpart = SCOPED_AGREEMENTS[agreement.counterpart] ?? null;
  return {
    agreement,
    range: { min: range.min, max: range.max },
    suggested: counterpart && inScope(counterpart.scope, range) ? counterpart : null,
  };
}
