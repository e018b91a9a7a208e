// Links of the auto-entrepreneur budget screen (02 §2.3): the four training funds of the
// self-employed and the social-contribution agency's portal. Opened in new tabs.
export type IndependentFund = 'VIVEA' | 'FIF PL' | 'FAFCEA' | 'AGEFICE';

export const INDEPENDENT_FUNDS: ReadonlyArray<{ fund: IndependentFund; url: string }> = [
  { fund: 'VIVEA', url: 'https://www.vivea.fr' },
  { fund: 'FIF PL', url: 'https://www.fifpl.fr' },
  { fund: 'FAFCEA', url: 'https://www.fafcea.com' },
  { fund: 'AGEFICE', url: 'https://www.agefice.fr' },
];

/** The agency space where the certificate is downloaded ('Mes attestations'). */
export const AGENCY_PORTAL_URL = 'https://www.autoentrepreneur.urssaf.fr/portail/accueil.html';
/** The agency's practical guides (how to get the certificates of the agency space). */
export const AGENCY_ATTESTATION_URL =
  'https://www.autoentrepreneur.urssaf.fr/portail/accueil/une-question/toutes-les-fiches-pratiques.html';
