// The four advisors of the booking modal (02 §2.4, §9): one chosen at random per opening.
export type AdvisorRole = 'trainingAdvisor' | 'fundingExpert' | 'skillsAdvisor' | 'hrAdvisor';

export type Advisor = {
  id: string;
  name: string;
  role: AdvisorRole;
  /** Path appended to the configured scheduler URL. */
  calendarPath: string;
};

export const ADVISORS: readonly Advisor[] = [
  { id: 'claire', name: 'Claire Dubois', role: 'trainingAdvisor', calendarPath: 'claire-dubois' },
  { id: 'thomas', name: 'Thomas Lefèvre', role: 'fundingExpert', calendarPath: 'thomas-lefevre' },
  { id: 'nadia', name: 'Nadia Benali', role: 'hrAdvisor', calendarPath: 'nadia-benali' },
  { id: 'julien', name: 'Julien Moreau', role: 'skillsAdvisor', calendarPath: 'julien-moreau' },
];

/** One of the four, uniformly; `random` in [0, 1). */
export function pickAdvisor(random: () => number = Math.random): Advisor {
  const r = random();
  const index = Math.min(
    ADVISORS.length - 1,
    Math.max(0, Math.floor((Number.isFinite(r) ? r : 0) * ADVISORS.length)),
  );
  return ADVISORS[index]!;
}

/** scheduler base URL + advisor path, keeping the base's query string. */
export function advisorCalendarUrl(schedulerUrl: string, advisor: Advisor): string {
  const url = new URL(schedulerUrl);
  url.pathname = `${url.pathname.replace(/\/$/, '')}/${encodeURIComponent(advisor.calendarPath)}`;
  return url.toString();
}

export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}
