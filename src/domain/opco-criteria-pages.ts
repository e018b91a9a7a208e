// Where each OPCO publishes its funding criteria (issues 15, 27): the page the budget card links to
// when no figure answers, or from 50 employees on. An OPCO-wide page of the research file when it
// has one, else the OPCO's website (AKTO and OPCO Santé publish per branch only).
import { OPCO_WEBSITES, type OpcoShortName } from './opco';

export const OPCO_CRITERIA_PAGES: Readonly<Record<OpcoShortName, string>> = {
  AFDAS:
    'https://www.afdas.com/entreprise/financer-vos-actions-de-formation/choisir-le-bon-financement/financement-de-la-formation-pour-les-structures-de-moins-de-50-salaries.html',
  Atlas: 'https://www.opco-atlas.fr/criteres-financement',
  OCAPIAT: 'https://www.ocapiat.fr/wp-content/uploads/Regles-de-prise-en-charge-2026.pdf',
  UNIFORMATION:
    'https://www.uniformation.fr/entreprise/formation/dispositifs-de-formation/plan-de-developpement-des-competences/financement',
  CONSTRUCTYS:
    'https://www.constructys.fr/decouvrez-les-modalites-de-participation-financiere-2026/',
  OPCOMMERCE:
    'https://www.lopcommerce.com/entreprise/criteres-de-prise-en-charge-par-branche-professionnelle/',
  AKTO: OPCO_WEBSITES.AKTO!,
  'OPCO 2i':
    'https://www.opco2i.fr/entreprises/financer-la-formation/plan-de-developpement-des-competences/',
  'OPCO Mobilités':
    'https://www.opcomobilites.fr/entreprise/financer-mes-formations/connaitre-les-conditions-de-prise-en-charge-financieres/connaitre-les-conditions-de-prises-en-charge-financieres',
  'OPCO EP': 'https://www.opcoep.fr/criteres-de-financement',
  'OPCO Santé': OPCO_WEBSITES['OPCO SANTÉ']!,
};

export function opcoCriteriaPage(opco: string | null): string | null {
  return opco !== null && Object.hasOwn(OPCO_CRITERIA_PAGES, opco)
    ? OPCO_CRITERIA_PAGES[opco as OpcoShortName]
    : null;
}
