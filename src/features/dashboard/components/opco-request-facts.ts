// The facts of « Demander confirmation à mon OPCO » (issue 27 item 7) from what the dashboard
// shows: the company card's identity, the figure as the budget card words it (02 §4), and where it
// comes from. The message itself is built by the domain (buildOpcoRequestMessage).
import type { Company } from '@/db';
import { buildBudgetView } from '@/domain/budget-display';
import { buildFigureView, type FigureLine } from '@/domain/budget-figure-display';
import type { DashboardBudget } from '@/domain/dashboard-budget';
import { headcountLabel } from '@/domain/headcount';
import { normalizeOpcoName } from '@/domain/opco';
import type { OpcoRequestFacts } from '@/domain/opco-request-message';
import { fr } from '@/i18n/fr';
import { amountText } from './figure-text';

const words = fr.opcoConfirmation.request.message;

const f = fr.dashboard.figure;
const FUND = { total: f.total, legal: f.legal, conventional: f.conventional } as const;

function lineText(line: FigureLine): string | null {
  switch (line.kind) {
    case 'yearly':
      return `${FUND[line.fund]} ${amountText(line.amount)}`;
    case 'sum':
      return `${f.sum} ${amountText(line.amount)}`;
    case 'hourly':
      return f.hourly(amountText(line.amount));
    case 'perTrainee':
      return f.perTrainee(amountText(line.amount));
    default:
      return null;
  }
}

/**
 * The figure as one line, as the card words it: the trusted figure's amounts with their basis and
 * ranges (issue 27) when the answer has one ('Budget légal 4 800 € HT, Total …'); else the
 * record's ('Budget Légal 3 000 € HT + Budget Conventionnel 2 000 € HT'); null when none is known.
 */
export function figureText(view: DashboardBudget): string | null {
  if (view.figure) {
    const shown = buildFigureView(view.figure, new Date().toISOString().slice(0, 10));
    if (shown.kind !== 'amounts') return null;
    const lines = shown.lines.map(lineText).filter((l): l is string => l !== null);
    return lines.length > 0 ? lines.join(', ') : null;
  }
  const shown = buildBudgetView(view.budget, view.budgetInfo?.comments);
  if (shown.kind === 'unlimited') return shown.text;
  if (shown.kind !== 'amounts') return null;
  const lines = shown.lines
    .filter((line) => line.amountText !== '')
    .map((line) => [line.prefix, line.label.trim(), line.amountText].filter(Boolean).join(' '));
  return lines.length > 0 ? lines.join(' ') : null;
}

function sourceOf(view: DashboardBudget): OpcoRequestFacts['source'] {
  const p = view.provenance;
  if (!p || p.kind === 'unavailable') return null;
  if (p.kind === 'sample') return { text: words.sample, url: null };
  const text = words.sources[p.reliability];
  return {
    text: typeof p.year === 'number' ? words.sourceYear(text, p.year) : text,
    url: p.url ?? null,
  };
}

export function opcoRequestFacts(
  company: Company,
  view: DashboardBudget,
  sender: string | null,
): OpcoRequestFacts {
  const sim = company.simulation;
  const opco = view.opcoName.trim();
  return {
    companyName: company.name,
    siret: company.siret,
    idcc: sim.idcc,
    headcount: headcountLabel(sim.employee_range_min, sim.employee_range_max),
    opco: opco === '' ? null : (normalizeOpcoName(opco) ?? opco),
    figure: figureText(view),
    source: sourceOf(view),
    sender,
  };
}
