// The plan's OPCO funding estimate (issue 30; ours: the documents do not word it): each request's
// estimated share and why, the rules a request breaks with their source, the year's cap, the
// funding summary. The words of a share, a limit or a rule come from the estimator's codes
// (src/domain/plan-funding.ts) through the functions below, shared by the plan, the new request,
// the recommendations, the CSV and the summary.
import type { AmountBasis, FigureReliability } from '@/domain/budget-figure';
import { deName } from '@/domain/french-elision';
import type { FundingFlag, FundingLimit, RequestEstimate } from '@/domain/plan-funding';
import type { NotEstimableReason, RuleSource, Span } from '@/domain/plan-funding-terms';
import { formatLongDate } from '@/domain/dates';

const whole = new Intl.NumberFormat('fr-FR', {
  style: 'currency',
  currency: 'EUR',
  maximumFractionDigits: 0,
});
const withCents = new Intl.NumberFormat('fr-FR', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const percentFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });

/** Cents as French money: 105000 → « 1 050 € », 108850 → « 1 088,50 € ». */
export const money = (cents: number): string =>
  cents % 100 === 0 ? whole.format(cents / 100) : withCents.format(cents / 100);

/** « 30 € HT », « 30 € TTC », « 30 € » (basis not stated: said apart). */
const based = (text: string, basis: AmountBasis) =>
  basis === 'HT' || basis === 'TTC' ? `${text} ${basis}` : text;

/** One figure, or « 1 050 € à 1 750 € » between the sources' readings. */
export const spanText = (span: Span, format: (n: number) => string = money): string =>
  span.min === span.max ? format(span.min) : `${format(span.min)} à ${format(span.max)}`;

const moneySpan = (span: Span, basis: AmountBasis = 'unknown') =>
  span.min === span.max
    ? based(money(span.min), basis)
    : `${based(money(span.min), basis)} à ${based(money(span.max), basis)}`;
const rateSpan = (span: Span) => spanText(span, (n) => `${percentFormat.format(n)} %`);

const RELIABILITY: Record<FigureReliability, string> = {
  official: "page officielle de l'OPCO",
  press: 'article de presse ou page professionnelle',
  compilation: "compilation de sources publiques, non vérifiée auprès de l'OPCO",
};

/** Why no estimate (the screen's words for each reason). */
const REASONS: Record<NotEstimableReason, string> = {
  loading: 'critères de votre OPCO en cours de chargement',
  lookup_failed:
    'les critères de votre OPCO ne sont pas encore sur cet appareil : ils seront téléchargés à la prochaine connexion',
  no_idcc: "la convention collective de l'entreprise n'est pas renseignée",
  auto_entrepreneur:
    "un auto-entrepreneur est financé par son fonds d'assurance formation, pas par un OPCO",
  no_figure: "les critères de financement de votre OPCO n'ont pas été reçus",
  no_company: "formation rattachée à aucune entreprise de votre compte : l'OPCO n'est pas connu",
  unavailable:
    "aucun critère de financement publié n'a été relevé pour votre convention collective et votre effectif",
  from_50:
    "à partir de 50 salariés, les contributions légales ne financent plus le plan ; aucun critère de branche n'a été relevé",
  no_amount: 'les critères publiés ne donnent aucun montant',
  basis_mismatch:
    'les montants publiés sont TTC alors que les coûts du plan sont HT : ils ne peuvent pas être comparés',
};

function limitText(limit: FundingLimit): string {
  switch (limit.code) {
    case 'rate':
      return `taux de prise en charge ${rateSpan(limit.rate)}`;
    case 'hourly':
      return `${moneySpan(limit.perHour, limit.basis)}/h × ${limit.hours} h`;
    case 'per_action':
      return `plafond par action ${moneySpan(limit.cap, limit.basis)}`;
    case 'per_trainee':
      return `plafond par stagiaire ${moneySpan(limit.cap, limit.basis)}`;
    case 'yearly_reached':
      return 'plafond annuel atteint';
    case 'yearly_left':
      return `reste du plafond annuel : ${moneySpan(limit.left, limit.basis)}`;
    case 'min_hours':
      return `durée inférieure au minimum de ${limit.minHours} h`;
  }
}

function flagText(flag: FundingFlag): string {
  switch (flag.code) {
    case 'over_hourly':
      return flag.costPerHour === null
        ? `Durée non renseignée : le plafond horaire de ${moneySpan(flag.perHour, flag.basis)}/h ne finance aucune heure`
        : `Coût horaire de ${money(flag.costPerHour)}/h au-dessus du plafond horaire de ${moneySpan(flag.perHour, flag.basis)}/h`;
    case 'over_yearly':
      return flag.left.max === 0
        ? 'Plafond annuel atteint'
        : `Dépasse ce qui reste du plafond annuel (${moneySpan(flag.left, flag.basis)})`;
    case 'under_min_hours':
      return `Durée de ${flag.hours} h inférieure au minimum de ${flag.minHours} h par action`;
  }
}

function sourceText(source: RuleSource): string {
  if (source.kind === 'confirmed')
    return `montant confirmé par votre OPCO le ${formatLongDate(source.confirmedOn)}`;
  const head = `critères${source.year ? ` ${source.year}` : ''} ${deName(source.opco)}`;
  const label = source.label ? ` (${source.label})` : '';
  const date = source.date ? `, ${formatLongDate(source.date)}` : '';
  return `${head} : ${RELIABILITY[source.reliability]}${label}${date}`;
}

export const planFunding = {
  money,
  spanText: (span: Span) => spanText(span),
  reliability: RELIABILITY,
  reasons: REASONS,
  limit: limitText,
  flag: flagText,
  source: sourceText,

  /** A card's lines (« Prise en charge OPCO estimée : 1 050 € (30 € HT/h × 35 h) »). */
  card: {
    estimated: 'Prise en charge OPCO estimée',
    rest: 'Reste à charge estimé',
    override: 'Prise en charge saisie par vous',
    overrideRest: 'Reste à charge (votre taux)',
    overrideValue: (rate: number, share: Span) => `${rate} %, soit ${spanText(share)}`,
    notEstimable: 'non estimable',
    notCounted: 'Formation abandonnée : elle ne compte pas dans le plafond annuel.',
    loading: 'estimation en cours…',
    whole: 'coût pris en charge en entier dans les plafonds publiés',
    range: 'les sources publiées divergent : montant entre leurs deux lectures',
    basisUnknown: 'base HT ou TTC non précisée par la source',
    flagsHeading: 'À revoir avant de déposer la demande',
    sourceLabel: 'Source',
    sourceLink: 'Voir les critères',
    sourceLinkLabel: (opco: string) => `Voir les critères de financement ${deName(opco)}`,
    setRate: 'Saisir mon taux',
    setRateLabel: (topic: string) =>
      `Saisir votre propre taux de prise en charge pour « ${topic} »`,
    editRate: 'Modifier mon taux',
    useEstimate: "Revenir à l'estimation",
    useEstimateLabel: (topic: string) => `Revenir à l'estimation de l'OPCO pour « ${topic} »`,
  },

  /** The user's own rate (a small dialog). */
  rateDialog: {
    title: 'Votre taux de prise en charge',
    text: "Saisissez le taux que votre OPCO vous a indiqué pour cette formation. Il remplace l'estimation dans le plan et reste marqué « saisi par vous ».",
    field: 'Taux de prise en charge (%)',
    hint: 'Un nombre entier de 0 à 100.',
    save: 'Enregistrer',
    cancel: 'Annuler',
    saved: 'Taux enregistré',
    cleared: "L'estimation de l'OPCO est rétablie",
    error: "Erreur lors de l'enregistrement du taux",
  },

  /** The year's cap tile(s) and the plan's estimated reste à charge. */
  tiles: {
    heading: 'Financement OPCO estimé',
    cap: (year: number) => `Plafond annuel OPCO ${year}`,
    capOf: (year: number, company: string) => `Plafond annuel OPCO ${year} · ${company}`,
    used: 'Utilisé',
    left: 'Restant',
    bar: (used: string, cap: string) => `${used} utilisés sur ${cap}`,
    noCap: 'Plafond annuel non publié',
    notEstimable: 'Non estimable',
    rest: 'Reste à charge estimé',
    restLine: (amount: string) => `Reste à charge estimé : ${amount}`,
    restUnknown: 'Reste à charge : non estimable',
    restPartial: (amount: string) =>
      `Reste à charge estimé : ${amount} au moins (des formations ne sont pas estimables)`,
    coverageUnknown: 'Non estimable',
    confirmed: (date: string) => `Montant confirmé par votre OPCO le ${date}`,
    sources: 'Sources',
  },

  /** The plan's costs are € HT: said on screen (never mixed with TTC silently). */
  basisNote:
    "Coûts lus hors taxes (HT), comme les prix des formations proposées et les estimations de l'application. Les plafonds sont ceux publiés par l'OPCO, dans la base indiquée par leur source. Estimation indicative, à confirmer auprès de l'OPCO.",

  /** The new request's form and a recommendation's card (before the request is added). */
  preview: {
    heading: 'Prise en charge OPCO estimée pour votre entreprise',
    forCompany: (company: string) => `Prise en charge OPCO estimée pour ${company}`,
    needAmounts: 'Renseignez la durée et le budget pour voir la prise en charge estimée.',
    afterPlan: 'Compte tenu des formations déjà prévues au plan cette année.',
  },

  /** (issue 30 item 4) the CSV's funding columns and its per-year summary records */
  csv: {
    summary: (year: number, company: string | null) =>
      `Total ${year} · ${company ?? 'formations sans entreprise de votre compte'}`,
    cap: (cap: string, used: string, left: string) =>
      `Plafond annuel ${cap} : utilisé ${used}, restant ${left}`,
    capUsedOnly: (used: string) => `Plafond annuel non publié : utilisé ${used}`,
    userRate: (rate: number) => `taux saisi par vous (${rate} %)`,
    notEstimable: (reason: string) => `non estimable : ${reason}`,
  },

  /** « Exporter le récapitulatif » and the printable summary. */
  recap: {
    action: 'Exporter le récapitulatif',
    title: (year: number) => `Récapitulatif du financement ${year}`,
    subtitle: 'Projet de formation : prise en charge OPCO estimée',
    print: 'Imprimer ou enregistrer en PDF',
    back: 'Retour au projet de formation',
    year: 'Année',
    company: 'Entreprise',
    siret: 'SIRET',
    idcc: 'Convention collective (IDCC)',
    headcount: 'Effectif',
    opco: 'OPCO',
    opcoUnknown: 'OPCO non identifié',
    criteria: 'Critères de financement appliqués',
    noCriteria: (reason: string) => `Aucun critère appliqué : ${reason}.`,
    fund: {
      total: "Budget de l'entreprise",
      legal: 'Plan légal (moins de 50 salariés)',
      conventional: 'Fonds conventionnel de la branche',
    },
    yearlyCap: 'Plafond annuel',
    hourlyCap: 'Plafond horaire',
    perActionCap: 'Plafond par action',
    perTraineeCap: 'Plafond par stagiaire',
    rate: 'Taux de prise en charge',
    minHours: 'Durée minimale',
    notStated: 'non publié',
    criteriaDate: (date: string) =>
      `Critères datés du ${date} (la plus ancienne de leurs sources).`,
    requests: "Formations de l'année",
    columns: {
      topic: 'Formation',
      employee: 'Salarié',
      hours: 'Durée',
      cost: 'Coût HT',
      share: 'Prise en charge estimée',
      rest: 'Reste à charge',
      rule: 'Limite appliquée',
    },
    totals: 'Total',
    noRequests: 'Aucune formation prévue cette année.',
    generated: (date: string) =>
      `Établi le ${date} avec Budget Formation, à partir des critères publiés.`,
    empty: 'Aucune formation à récapituler.',
    chooseYear: 'Année du récapitulatif',
  },
} as const;

/** The words after a share: the limits that applied, else « whole cost within the caps ». */
export function estimateWhy(estimate: Extract<RequestEstimate, { kind: 'estimate' }>): string {
  if (estimate.limits.length === 0)
    return estimate.share.min === estimate.share.max
      ? planFunding.card.whole
      : planFunding.card.range;
  return estimate.limits.map(limitText).join(' ; ');
}

/** Clauses of one cell, « ; » between them: each after the first starts in lower case. */
export function clauses(parts: readonly string[]): string {
  return parts
    .map((p, i) => (i === 0 ? p : p.charAt(0).toLocaleLowerCase('fr-FR') + p.slice(1)))
    .join(' ; ');
}
