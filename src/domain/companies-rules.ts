// My companies (02 §2.5): the sub-view carried by the URL (list → search → details → edit, and
// back) and the local search over the user's own companies. Pure.
import { z } from 'zod';
import { foldText, removeSpaces } from './text';

export type CompaniesView =
  | { view: 'list' }
  | { view: 'search'; query: string }
  | { view: 'details'; siret: string }
  | { view: 'edit'; siret: string };

const paramsSchema = z.object({
  view: z.enum(['list', 'search', 'details', 'edit']).catch('list'),
  q: z.string().max(200).catch(''),
  siret: z
    .string()
    .regex(/^\d{14}$/)
    .nullable()
    .catch(null),
});

/** Reads ?view=search&q=…, ?view=details&siret=… or ?view=edit&siret=…; anything else is the list. */
export function readCompaniesView(params: URLSearchParams): CompaniesView {
  const p = paramsSchema.parse({
    view: params.get('view') ?? 'list',
    q: params.get('q') ?? '',
    siret: params.get('siret'),
  });
  if (p.view === 'search') return { view: 'search', query: p.q };
  if (p.view === 'details' && p.siret) return { view: 'details', siret: p.siret };
  if (p.view === 'edit' && p.siret) return { view: 'edit', siret: p.siret };
  return { view: 'list' };
}

/** The URL parameters of a sub-view (the list has none). */
export function companiesViewParams(view: CompaniesView): Record<string, string> {
  if (view.view === 'search')
    return view.query ? { view: 'search', q: view.query } : { view: 'search' };
  if (view.view === 'details' || view.view === 'edit')
    return { view: view.view, siret: view.siret };
  return {};
}

type Searchable = { name: string; siret: string; address: string };

/**
 * Companies whose name or address contains the query (case and accents ignored), or whose SIRET
 * contains its digits (spaces ignored). A blank query keeps every company, in order.
 */
export function filterCompanies<C extends Searchable>(companies: readonly C[], query: string): C[] {
  const folded = foldText(query);
  if (folded === '') return [...companies];
  const digits = removeSpaces(query);
  const byDigits = /^\d+$/.test(digits);
  return companies.filter(
    (c) =>
      foldText(c.name).includes(folded) ||
      foldText(c.address).includes(folded) ||
      (byDigits && c.siret.includes(digits)),
  );
}
