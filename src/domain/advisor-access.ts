// How the app leads a company to an advisor (issue 29 item 8): one rule for every place that
// offers one. The documents give two ways: « Prendre RDV » (/meetings, the 30-minute meeting with
// the team), shown in the menu only for the agreements of a fixed list (02 §2.2), and the booking
// modal (an advisor's calendar, 02 §2.4), opened from a training or an expert. Our rule:
//  - a company whose IDCC is in the list in force: « Prendre RDV » in the menu and on the training
//    plan, and « Trouver un accompagnement » opens that same page;
//  - any other company (or none yet, or no IDCC): no « Prendre RDV » anywhere, and « Trouver un
//    accompagnement » opens the booking modal, so the advisor is always one click away;
//  - a booking about a training or an expert always opens the booking modal (it names them).
import { DEFAULT_RDV_IDCC_LIST, isRdvEligible } from './opco';

export type AdvisorRoute = 'meetings' | 'booking';

/** The configured IDCC list replaces the built-in one when it is not empty. */
export function rdvIdccList(configured: readonly string[]): readonly string[] {
  return configured.length > 0 ? configured : DEFAULT_RDV_IDCC_LIST;
}

/** Where « Trouver un accompagnement » leads the company with this IDCC (module comment). */
export function advisorRoute(idcc: unknown, configured: readonly string[]): AdvisorRoute {
  return isRdvEligible(idcc, rdvIdccList(configured)) ? 'meetings' : 'booking';
}

/** « Prendre RDV » (menu entry, plan card) is offered exactly where the advisor is that page. */
export function offersMeetingsPage(idcc: unknown, configured: readonly string[]): boolean {
  return advisorRoute(idcc, configured) === 'meetings';
}
