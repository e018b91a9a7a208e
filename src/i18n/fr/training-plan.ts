// Training plan ('Projet de formation', /training-plan, 02 §2.15) and the new training request
// (/training/new, 02 §2.16). CSV headers are in src/domain/csv.ts (TRAINING_PLAN_CSV_HEADERS).
export const trainingPlan = {
  title: 'Projet de formation',
  subtitle: 'Suivez les formations de votre équipe, leur financement et leur avancement.',
  tiles: {
    count: 'Formations',
    totalHours: 'Heures de formation',
    averageCoverage: 'Taux de prise en charge moyen',
    totalBudget: 'Budget total',
    remainingCost: 'Reste à charge',
  },
  hours: (n: number) => `${n} h`,
  percent: (n: number) => `${n.toLocaleString('fr-FR', { maximumFractionDigits: 1 })} %`,
  filters: {
    toggle: 'Filtres',
    search: 'Rechercher un employé ou une thématique',
    status: 'Statut',
    allStatuses: 'Tous les statuts',
  },
  card: {
    employee: 'Employé',
    format: 'Format',
    duration: 'Durée',
    cost: 'Coût',
    coverage: 'Prise en charge',
    remaining: 'Reste à charge',
    impact: 'Enjeu',
    delete: 'Supprimer',
  },
  exportCsv: 'Exporter en CSV',
  newRequest: 'Nouvelle demande de formation',
  findTraining: 'Trouver une formation',
  surveyCard: { title: 'Sondez votre équipe', action: 'Sonder mon équipe' },
  meetingCard: { title: 'Échangez avec un conseiller', action: 'Prendre RDV' },
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
  },

  /** New training request (/training/new) */
  newTraining: {
    title: 'Nouvelle demande de formation',
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
    cancel: 'Annuler',
    save: 'Enregistrer',
    /** 02 §8 */
    toasts: {
      estimateError: "Erreur lors de l'estimation",
      estimateSuccess: 'Estimation mise à jour !',
      success: 'Formation ajoutée à votre plan de formation !',
      error: 'Une erreur est survenue',
    },
  },
} as const;
