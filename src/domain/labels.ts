// French labels that are requirements of the reference documents and that domain rules return
// (status badges, budget texts, details-panel labels, option lists). src/i18n/fr/statuses.ts,
// dashboard.ts and unlock-budget.ts re-export them: UI code keeps one entry point (`fr`).
// Labels the documents do not word are marked "(ours)".

// ---- statuses (02 §3, §4) ------------------------------------------------------------------------
export type UnlockRequestStatus = 'pending' | 'approved' | 'rejected';
export const UNLOCK_REQUEST_STATUS_LABELS = {
  pending: 'En attente',
  approved: 'Approuvée',
  rejected: 'Refusée',
} as const satisfies Record<UnlockRequestStatus, string>;

export type ReferralStatus =
  'registered' | 'survey_pending' | 'survey_approved' | 'survey_rejected' | 'training_completed';
export const REFERRAL_STATUS_LABELS = {
  registered: 'Inscrite',
  survey_pending: 'Demande en cours',
  survey_approved: 'Demande approuvée',
  survey_rejected: 'Demande rejetée',
  training_completed: 'Formation terminée',
} as const satisfies Record<ReferralStatus, string>;
export const UNKNOWN_STATUS_LABEL = 'Statut inconnu';

export type TrainingRequestStatus =
  'to_organize' | 'pending_funding' | 'in_progress' | 'completed' | 'cancelled';
export const TRAINING_STATUS_LABELS = {
  to_organize: 'À organiser',
  pending_funding: 'En attente de financement',
  in_progress: 'En cours',
  completed: 'Terminée',
  cancelled: 'Abandonnée',
} as const satisfies Record<TrainingRequestStatus, string>;

export type TeamSurveyStatus = 'active' | 'closed';
export const TEAM_SURVEY_STATUS_LABELS = {
  active: 'Actif',
  closed: 'Clôturé',
} as const satisfies Record<TeamSurveyStatus, string>;

export type BusinessImpact = 'high' | 'medium' | 'low';
export const BUSINESS_IMPACT_LABELS = {
  high: 'Fort',
  medium: 'Moyen',
  low: 'Faible',
} as const satisfies Record<BusinessImpact, string>;

export type ToolsSatisfactionStatus = 'yes' | 'partially' | 'no' | 'unknown';
export const TOOLS_SATISFACTION_LABELS = {
  yes: 'Oui',
  partially: 'Partiellement',
  no: 'Non',
  unknown: 'Je ne sais pas',
} as const satisfies Record<ToolsSatisfactionStatus, string>;

function labelOf<T extends Record<string, string>>(labels: T, value: unknown): string {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(labels, value)
    ? (labels[value] as string)
    : UNKNOWN_STATUS_LABEL;
}

/** Referral badge: the five statuses, anything else 'Statut inconnu' (02 §4). */
export const referralStatusLabel = (status: unknown): string =>
  labelOf(REFERRAL_STATUS_LABELS, status);
/** Unlock-budget request badge ('Statut inconnu' outside the three statuses). */
export const unlockRequestStatusLabel = (status: unknown): string =>
  labelOf(UNLOCK_REQUEST_STATUS_LABELS, status);
/** Training request status ('Statut inconnu' outside the five statuses). */
export const trainingStatusLabel = (status: unknown): string =>
  labelOf(TRAINING_STATUS_LABELS, status);
/** Team survey badge ('Statut inconnu' outside active and closed). */
export const teamSurveyStatusLabel = (status: unknown): string =>
  labelOf(TEAM_SURVEY_STATUS_LABELS, status);
/** Business impact (Fort, Moyen, Faible; 'Statut inconnu' otherwise). */
export const businessImpactLabel = (impact: unknown): string =>
  labelOf(BUSINESS_IMPACT_LABELS, impact);
/** Tools satisfaction answer (Oui, Partiellement, Non, Je ne sais pas). */
export const toolsSatisfactionLabel = (status: unknown): string =>
  labelOf(TOOLS_SATISFACTION_LABELS, status);

// ---- departments (02 §3; the documents give the codes, the French names are ours) -------------
export type DepartmentCode =
  'commercial' | 'marketing' | 'hr' | 'management' | 'support' | 'admin' | 'tech' | 'other';
/** (ours) */
export const DEPARTMENT_LABELS = {
  commercial: 'Commercial',
  marketing: 'Marketing',
  hr: 'Ressources humaines',
  management: 'Direction et management',
  support: 'Support et service client',
  admin: 'Administratif et finance',
  tech: 'Technique et informatique',
  other: 'Autre',
} as const satisfies Record<DepartmentCode, string>;
export const departmentLabel = (code: unknown): string =>
  typeof code === 'string' && Object.prototype.hasOwnProperty.call(DEPARTMENT_LABELS, code)
    ? DEPARTMENT_LABELS[code as DepartmentCode]
    : DEPARTMENT_LABELS.other;

// ---- training formats (02 §3, §9) --------------------------------------------------------------
export type TrainingFormat = 'remote' | 'in_person' | 'e_learning';
export const TRAINING_FORMAT_LABELS = {
  in_person: 'Présentiel',
  remote: 'Distanciel',
  e_learning: 'E-learning',
} as const satisfies Record<TrainingFormat, string>;

// ---- headcount (01 §4) ---------------------------------------------------------------------------
export const HEADCOUNT_LABELS = {
  autoEntrepreneur: 'Auto-entrepreneur',
  notFound: 'Je ne trouve pas mon effectif',
  employees: (n: number) => `${n} salariés`,
  range: (min: number, max: number) => `${min} à ${max} salariés`,
  andMore: (min: number) => `${min} salariés et plus`,
} as const;

// ---- budget display (02 §4) ------------------------------------------------------------------------
export const BUDGET_LABELS = {
  notCommunicated: "Le budget formation de votre entreprise n'est pas communiqué.",
  unlimited: 'Budget illimité !',
  total: 'Budget Total : ',
  legal: 'Budget Légal',
  convention: 'Budget Conventionnel',
  secondLinePrefix: '+',
  oups: "Oups, il semblerait que l'on ne trouve pas votre budget",
  /** the promise of 02 §4 ("a reply by mail within 24 hours"), worded by us */
  oupsPromise: 'Nous vous répondons par mail sous 24 heures.',
  coverageRate: (rate: number) => `Taux de prise en charge : ${rate} %`,
  /** hidden field value of the embedded form when no amount is known (02 §7.5) */
  formNotCommunicated: 'Non communiqué',
} as const;

/** Details panel "En savoir plus sur les conditions de financements" (02 §4). */
export const BUDGET_DETAILS_LABELS = {
  dailyCap: 'Plafond journalier',
  coverageRate: 'Taux de prise en charge (%)',
  hourlyCap: 'Tarif horaire max',
  wages: 'Frais de salaire',
  hourlyVolumeCap: 'Volume horaire max',
  additionalCosts: 'Frais annexes',
  comments: 'Commentaires',
  thematicConditions: 'Conditions particulières',
  updatedAt: 'Dernière mise à jour',
  none: 'Aucun',
  notCovered: 'Pas pris en charge',
  covered: 'Pris en charge',
  /** (ours) a field the fund does not publish */
  notProvided: 'Non communiqué',
} as const;

// ---- sourced funding criteria (issues 15, 27): texts of the budget record the budget API builds ----
const euros = (n: number) => new Intl.NumberFormat('fr-FR').format(n);
export const FUNDING_TEXTS = {
  yearlyCap: 'Plafond annuel par entreprise',
  /** '€ HT / heure', '€ TTC / heure', '€ / heure' (basis not stated) */
  hourlyUnit: (unit: string) => `${unit} / heure`,
  indicative: "Montant indicatif, à confirmer auprès de l'OPCO.",
  noYearlyCap:
    "Aucun plafond annuel chiffré n'a été relevé pour votre tranche d'effectif : consultez les critères de financement de votre OPCO.",
  unavailable:
    "Aucun montant publié n'a été relevé pour votre convention collective et votre effectif : consultez les critères de financement de votre OPCO.",
  /** issue 27: the legal contributions fund the plan only under 50 (Code du travail, L. 6332-3) */
  from50:
    "À partir de 50 salariés, les contributions légales versées à l'OPCO ne financent plus le plan de développement des compétences (Code du travail, art. L. 6332-3) : la formation est financée par les contributions conventionnelles de votre branche ou par des versements volontaires de votre entreprise. Consultez les critères de financement de votre OPCO.",
  /** issue 27: a disputed figure, never one side of it */
  rangeBetweenSources: (min: number, max: number, unit: string) =>
    `De ${euros(min)} à ${euros(max)} ${unit} selon les sources : les sources publiées divergent, montant à confirmer auprès de l'OPCO.`,
  wagesPartial: "Prise en charge partielle des salaires, selon les conditions de l'OPCO.",
  /** issue 27: in a dispute, a figure only one of the sources states */
  oneSource: 'Indiqué par une seule des sources, qui divergent sur le budget annuel.',
  perActionCap: (amount: number, unit: string) =>
    `Plafond par action de formation : ${euros(amount)} ${unit}.`,
} as const;

// ---- unlock-budget options (02 §9: 5 objectives, 5 audiences, 9 topics, 5 rhythms; wording ours)
/** The option that reveals a free text (02 §5). */
export const OTHER_OPTION = 'Autre';
export const UNLOCK_BUDGET_OPTIONS = {
  objectives: [
    'Développer les compétences de mon équipe',
    'Accompagner une transformation ou un nouveau projet',
    'Améliorer la performance commerciale',
    'Renforcer le management et la cohésion',
    OTHER_OPTION,
  ],
  audiences: [
    'Dirigeants et associés',
    'Managers et encadrants',
    'Équipes opérationnelles',
    'Nouveaux collaborateurs',
    OTHER_OPTION,
  ],
  topics: [
    'Management et leadership',
    'Commercial et relation client',
    'Marketing et communication digitale',
    'Bureautique et outils numériques',
    'Intelligence artificielle',
    'Gestion, finance et comptabilité',
    'Ressources humaines et droit social',
    'Langues étrangères',
    OTHER_OPTION,
  ],
  rhythms: [
    'Chaque semaine',
    'Toutes les 2 semaines',
    'Chaque mois',
    'Pas de préférence',
    OTHER_OPTION,
  ],
} as const;
