import type { LucideIcon } from 'lucide-react';
import CalendarDays from 'lucide-react/icons/calendar-days';
import ClipboardList from 'lucide-react/icons/clipboard-list';
import FileText from 'lucide-react/icons/file-text';
import Gift from 'lucide-react/icons/gift';
import Lightbulb from 'lucide-react/icons/lightbulb';
import ListChecks from 'lucide-react/icons/list-checks';
import Sparkles from 'lucide-react/icons/sparkles';
import UsersRound from 'lucide-react/icons/users-round';
import Wallet from 'lucide-react/icons/wallet';
import { fr } from '@/i18n/fr';

export type NavItem = {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Active only on this exact path (not on its sub-paths). */
  end?: boolean;
  /** Tagged 'New' (Parrainage). */
  isNew?: boolean;
  /** Shown only when the current company's IDCC is eligible (Prendre RDV). */
  rdvOnly?: boolean;
  /** Other paths where the entry is the current one (a new request is part of the plan). */
  alsoActiveOn?: readonly string[];
};

/**
 * 02 §2.2, in the documents' order, with « Projet de formation » (issue 29: the plan, 02 §2.15,
 * had no entry) between « Trouver ma formation » and « Sonder mon équipe ».
 */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/dashboard', label: fr.shell.nav.budget, icon: Wallet, end: true },
  { to: '/training/recommendations', label: fr.shell.nav.recommendations, icon: Sparkles },
  {
    to: '/training-plan',
    label: fr.shell.nav.trainingPlan,
    icon: ListChecks,
    alsoActiveOn: ['/training/new'],
  },
  { to: '/team-survey', label: fr.shell.nav.teamSurvey, icon: ClipboardList },
  { to: '/training', label: fr.shell.nav.training, icon: Lightbulb, end: true },
  { to: '/experts', label: fr.shell.nav.experts, icon: UsersRound },
  { to: '/referral', label: fr.shell.nav.referral, icon: Gift, isNew: true },
  { to: '/meetings', label: fr.shell.nav.meetings, icon: CalendarDays, rdvOnly: true },
  { to: '/requests', label: fr.shell.nav.requests, icon: FileText },
];
