// Where a company asks its OPCO to confirm a figure (issue 27 item 7): the OPCO's contact page
// for companies where one was read, each with the copy it was read from; otherwise the OPCO's
// official website (OPCO_WEBSITES, 02 §2.3), said to be the website, never passed off as a contact
// page. An address is added here only after it has been read on the OPCO's own site.
import { normalizeOpcoName, opcoWebsite, type OpcoShortName } from './opco';

export type OpcoContactPage = {
  url: string;
  /** the copy the address was read from, and when */
  source: string;
  checkedOn: string;
};

/**
 * Contact pages for companies, per OPCO. Read on a stored copy of the OPCO's page on 2026-11-27.
 * The other ten were not at hand in the copies available to us (no network from the build
 * machine): their website stands in, labelled as such.
 */
export const OPCO_CONTACT_PAGES: Readonly<Partial<Record<OpcoShortName, OpcoContactPage>>> = {
  AKTO: {
    url: 'https://www.akto.fr/nous-contacter/entreprises',
    source:
      "https://www.akto.fr/nous-contacter/entreprises (« Qui contacter pour mettre en place un projet de recrutement ou de formation ? », page « Contact » d'AKTO)",
    checkedOn: '2026-11-27',
  },
};

export type OpcoContact = { url: string; kind: 'contact' | 'website' };

/** The page to reach the OPCO: its contact page when known, else its website; null when unknown. */
export function opcoContact(name: unknown): OpcoContact | null {
  const short = normalizeOpcoName(name);
  const page = short ? OPCO_CONTACT_PAGES[short] : undefined;
  if (page) return { url: page.url, kind: 'contact' };
  const website = opcoWebsite(name);
  return website ? { url: website, kind: 'website' } : null;
}
