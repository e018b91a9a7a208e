// Training plan ('Projet de formation', /training-plan, 02 §2.15) and the new training request
// (/training/new, 02 §2.16). CSV headers are in src/domain/csv.ts (TRAINING_PLAN_CSV_HEADERS).
// Texts the documents do not word are ours.

const euroFormat = new Intl.NumberFormat('fr-FR', {
  style: 'currency',
  currency: 'EUR',
  maximumFractionDigits: 0,
});
const plural = (n: number, one: string, many: string) => (n > 1 ? many : one);

export const trainingPlan = {
  title: 'Projet de formation',
  subtitle: 'Suivez les formations de votre équipe, leur financement et leur avancement.',
  tiles: {
    heading: 'Synthèse du plan',
    count: 'Formations',
    totalHours: 'Heures de formation',
    averageCoverage: 'Taux de prise en charge moyen',
    totalBudget: 'Budget total',
    remainingCost: 'Reste à charge',
    remainingLine: (amount: string) => `Reste à charge : ${amount}`,
  },
  hours: (n: number) => `${n} h`,
  percent: (n: number) =>
    `${n.toLocaleString('fr-FR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} %`,
  euros: (n: number) => euroFormat.format(n),
  filters: {
    toggle: 'Filtres',
    toggleActive: (n: number) => `Filtres (${n} ${plural(n, 'actif', 'actifs')})`,
    search: 'Rechercher un employé ou une thématique',
    status: 'Statut',
    allStatuses: 'Tous les statuts',
    reset: 'Réinitialiser les filtres',
  },
  list: {
    heading: 'Vos formations',
    count: (shown: number, total: number) =>
      shown === total
        ? `${total} ${plural(total, 'formation', 'formations')}`
        : `${shown} ${plural(shown, 'formation affichée', 'formations affichées')} sur ${total}`,
    noMatch: 'Aucune formation ne correspond à vos filtres',
  },
  card: {
    employee: 'Employé',
    department: 'Département',
    format: 'Format',
    duration: 'Durée',
    cost: 'Coût',
    coverage: 'Prise en charge',
    remaining: 'Reste à charge',
    impact: 'Enjeu',
    organisation: 'Organisme',
    funding: 'Financement',
    /** a field nobody filled yet (issue 29: never a value the user did not choose) */
    notFilled: 'Non renseigné',
    edit: 'Modifier',
    editLabel: (topic: string) => `Modifier la formation « ${topic} »`,
    delete: 'Supprimer',
    deleteLabel: (topic: string) => `Supprimer la formation « ${topic} »`,
    status: 'Statut',
    statusLabel: (topic: string) => `Statut de la formation « ${topic} »`,
    createdOn: (date: string) => `Ajoutée le ${date}`,
    noEmployee: 'Non attribuée',
    syncPending: 'En attente de synchronisation',
    syncIssue: 'Modification à vérifier',
  },
  deleteDialog: {
    title: 'Supprimer cette formation ?',
    text: (topic: string) => `La formation « ${topic} » sera retirée de votre projet de formation.`,
    confirm: 'Supprimer',
    cancel: 'Annuler',
  },
  /** (ours) */
  retry: 'Réessayer',
  /** (ours) issue 29: the whole plan, every card, on paper */
  print: 'Imprimer le plan',
  /** Editing a request (issue 29): every field, offline like every change. */
  editDialog: {
    title: 'Modifier la formation',
    sections: { training: 'La formation', employee: 'Le salarié', funding: 'Durée et financement' },
    topic: 'Thématique',
    objectives: 'Description et objectifs',
    employee: 'Salarié concerné',
    employeeHint: 'Choisissez un salarié déjà saisi ou ajoutez-en un.',
    placeholderEmployee: 'À définir',
    newEmployee: 'Nouveau salarié…',
    firstName: 'Prénom',
    lastName: 'Nom',
    department: 'Département',
    chooseDepartment: 'Choisir un département',
    impact: 'Enjeu',
    impactNotFilled: 'Non renseigné',
    format: 'Format',
    formats: { remote: 'Distanciel', in_person: 'Présentiel', e_learning: 'E-learning' },
    organisation: 'Organisme de formation (optionnel)',
    duration: 'Durée (heures)',
    cost: 'Coût (€)',
    funding: 'Financement',
    coverage: 'Taux de prise en charge (%)',
    remaining: 'Reste à charge',
    remainingHint: 'Calculé à partir du coût et du taux de prise en charge.',
    status: 'Statut',
    restored:
      'Vos modifications non enregistrées de cette formation ont été retrouvées sur cet appareil.',
    offline:
      'Hors ligne : la modification est enregistrée sur cet appareil et sera synchronisée dès le retour du réseau.',
    gone: "Cette formation n'existe plus : elle a été supprimée, peut-être sur un autre appareil.",
    cancel: 'Annuler',
    save: 'Enregistrer',
    saved: 'Formation modifiée',
    saveError: 'Erreur lors de la modification de la formation',
  },
  exportCsv: 'Exporter en CSV',
  exporting: 'Export en cours…',
  exportProgress: (percent: number) => `Export en cours : ${percent} %`,
  exportProgressLabel: "Progression de l'export CSV",
  newRequest: 'Nouvelle demande de formation',
  findTraining: 'Trouver une formation',
  more: 'Aller plus loin',
  surveyCard: {
    title: 'Sondez votre équipe',
    text: 'Identifiez les besoins de formation de vos collaborateurs avec un sondage en ligne, où chacun peut répondre sans donner son nom.',
    action: 'Sonder mon équipe',
  },
  meetingCard: {
    title: 'Échangez avec un conseiller',
    text: 'Un conseiller vous aide à monter votre plan et à mobiliser votre OPCO.',
    action: 'Prendre RDV',
  },
  empty: {
    title: 'Aucun projet de formation',
    text: 'Ajoutez une formation depuis les recommandations ou faites une demande.',
  },
  /** 02 §8 */
  toasts: {
    loadError: 'Erreur lors du chargement des données',
    deleted: 'Formation supprimée',
    deleteError: 'Erreur lors de la suppression',
    exportError: "Erreur lors de l'export des données",
    /** (ours) */
    statusError: 'Erreur lors de la mise à jour du statut',
  },

  /** New training request (/training/new) */
  newTraining: {
    title: 'Nouvelle demande de formation',
    subtitle: 'Décrivez la formation souhaitée : nous estimons sa durée et son budget.',
    topic: 'Thématique',
    topicPlaceholder: 'Ex : Prise de parole en public',
    description: 'Description et objectifs',
    descriptionPlaceholder: 'Décrivez les objectifs pédagogiques attendus',
    format: 'Format',
    formats: { remote: 'Distanciel', in_person: 'Présentiel' },
    estimate: 'Estimer la durée et le budget',
    estimating: 'Estimation en cours...',
    duration: 'Durée (heures)',
    budget: 'Budget (€)',
    explanation: "Explication de l'estimation",
    manualEntry: 'Saisir la durée et le budget moi-même',
    offlineEstimate:
      'Estimation indisponible hors ligne : saisissez la durée et le budget vous-même, la demande sera enregistrée sur cet appareil puis synchronisée.',
    estimateFailed: 'Vous pouvez saisir la durée et le budget vous-même.',
    saveHint: 'Renseignez la durée et le budget pour enregistrer.',
    cancel: 'Annuler',
    save: 'Enregistrer',
    notReady: {
      no_profile:
        "Votre profil n'est pas encore disponible sur cet appareil : connectez-vous à internet quelques instants pour le récupérer.",
      no_company: "Ajoutez d'abord une entreprise : la demande de formation y sera rattachée.",
      addCompany: 'Ajouter une entreprise',
    },
    /** 02 §8 */
    toasts: {
      estimateError: "Erreur lors de l'estimation",
      estimateSuccess: 'Estimation mise à jour !',
      success: 'Formation ajoutée à votre plan de formation !',
      error: 'Une erreur est survenue',
    },
  },
} as const;
