import { fr } from '@/i18n/fr';

export type NavItem = {
  to: string;
  label: string;
  /** Active only on this exact path (not on its sub-paths). */
  end?: boolean;
  /** Tagged 'New' (Parrainage). */
  isNew?: boolean;
  /** Shown only when the current company's IDCC is eligible (Prendre RDV). */
  rdvOnly?: boolean;
};

/** 02 §2.2, in the documents' order. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/dashboard', label: fr.shell.nav.budget, end: true },
  { to: '/training/recommendations', label: fr.shell.nav.recommendations },
  { to: '/team-survey', label: fr.shell.nav.teamSurvey },
  { to: '/training', label: fr.shell.nav.training, end: true },
  { to: '/experts', label: fr.shell.nav.experts },
  { to: '/referral', label: fr.shell.nav.referral, isNew: true },
  { to: '/meetings', label: fr.shell.nav.meetings, rdvOnly: true },
  { to: '/requests', label: fr.shell.nav.requests },
];
