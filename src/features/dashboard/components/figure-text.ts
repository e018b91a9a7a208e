// The words of a figure's amounts (issue 27): '4 800 € HT', 'de 6 000 à 12 000 € HT selon les
// sources', '2 500 €' when the source does not say HT or TTC (said apart, never claimed HT).
import type { AmountBasis } from '@/domain/budget-figure';
import type { FigureAmount } from '@/domain/budget-figure-display';
import { formatMoney, formatNumber } from '@/domain/budget-display';
import { fr } from '@/i18n/fr';

const t = fr.dashboard.figure;

export const unitText = (basis: AmountBasis): string => t.unit[basis];

export function amountText(amount: FigureAmount): string {
  const unit = unitText(amount.basis);
  const { min, max } = amount.range;
  return min === max ? formatMoney(min, unit) : t.range(formatNumber(min), formatNumber(max), unit);
}
