// App shell and sidebar (02 §2.2), its sync status, conflict notices, refused changes and the
// sign-out flow. The sync labels of src/i18n/fr/sync.ts are reused; what they lack is here.
export const shell = {
  nav: {
    budget: 'Mon budget',
    recommendations: 'Trouver ma formation',
    /** (issue 29) 02 §2.15's title */
    trainingPlan: 'Projet de formation',
    teamSurvey: 'Sonder mon équipe',
    training: 'Fonctionnement',
    experts: 'Les experts',
    referral: 'Parrainage',
    meetings: 'Prendre RDV',
    requests: 'Mes demandes',
  },
  /** tag of the Parrainage entry, as in the product */
  newTag: 'New',
  settings: 'Paramètres',
  logout: 'Se déconnecter',
  companySwitcher: {
    label: 'Entreprise',
    current: 'Entreprise sélectionnée',
    choose: "Changer d'entreprise",
    addCompany: 'Ajouter une entreprise',
    manage: 'Gérer mes entreprises',
    /** (ours) no company yet */
    none: 'Aucune entreprise',
    /** (ours) the switcher button's accessible name */
    toggle: (name: string) => `Changer d'entreprise, entreprise sélectionnée : ${name}`,
    /** 02 §5 */
    limit: 'Vous ne pouvez pas ajouter plus de 3 entreprises',
  },
  mobileMenu: {
    open: 'Ouvrir le menu',
    close: 'Fermer le menu',
    title: 'Menu',
  },
  /** 02 §8 */
  companiesLoadError: 'Erreur lors du chargement des entreprises',

  /** Sync status and its panel (ours, issue 4). */
  sync: {
    openDetails: 'Détails de la synchronisation',
    panelTitle: 'Synchronisation',
    today: (time: string) => `aujourd'hui à ${time}`,
    onDay: (day: string, time: string) => `le ${day} à ${time}`,
    toReview: (n: number) => (n <= 1 ? `${n} élément à vérifier` : `${n} éléments à vérifier`),
    notLeader: "La synchronisation est assurée par un autre onglet ouvert de l'application.",
    synced: 'Synchronisation terminée',
    conflictToast: 'Une modification est en conflit avec un autre appareil : à vérifier.',
    deadLetterToast: 'Une modification a été refusée par le serveur : à vérifier.',
    view: 'Voir',
    empty: '(vide)',
    /** column of a delete-versus-edit notice: the edit the deletion won over */
    otherDevice: "Modifié sur l'autre appareil",
    field: (label: string) => `${label} :`,
    editTitle: 'Corriger puis réessayer',
    editSubmit: 'Réessayer avec ces valeurs',
    editCancel: 'Annuler',
    invalidNumber: 'Veuillez saisir un nombre',
    actionError: "L'action n'a pas pu être enregistrée sur cet appareil.",
    /** Column names shown in notices (any other column: `otherField`, never its technical name). */
    otherField: 'Autre information',
    fields: {
      contact_name: 'Nom complet',
      contact_email: 'Email',
      contact_phone: 'Téléphone',
      contact_role: 'Rôle',
      company_name: 'Entreprise',
      company_address: 'Adresse',
      company_siret: 'SIRET',
      code_naf: 'Code NAF',
      idcc: 'Convention collective',
      employee_range_min: 'Effectif minimum',
      employee_range_max: 'Effectif maximum',
      budget_type: 'Type de budget',
      budget_legal: 'Budget légal',
      budget_convention: 'Budget conventionnel',
      budget_total: 'Budget total',
      budget_condition: 'Conditions',
      opco_name: 'OPCO',
      taux_prise_en_charge: 'Taux de prise en charge',
      objective: 'Objectif',
      target: 'Public',
      topics: 'Thématiques',
      rhythm: 'Rythme',
      start_date: 'Date de début',
      status: 'Statut',
      first_name: 'Prénom',
      last_name: 'Nom',
      department: 'Service',
      category: 'Catégorie',
      gender: 'Genre',
      topic: 'Thématique',
      pedagogical_objectives: 'Objectifs pédagogiques',
      business_impact: 'Enjeu',
      format: 'Format',
      training_organization: 'Organisme',
      duration: 'Durée (h)',
      cost: 'Coût (€)',
      funding_type: 'Financement',
      coverage_rate: 'Taux de prise en charge (%)',
      remaining_cost: 'Reste à charge (€)',
      name: 'Nom',
      improvement_suggestion: 'Suggestion',
      deleted_at: 'Suppression',
      created_at: 'Date de création',
      updated_at: 'Dernière modification',
      employee_id: 'Salarié',
      survey_id: 'Sondage',
      responses: 'Réponses',
      tools_satisfaction: 'Satisfaction des outils',
      user_name: 'Nom du demandeur',
      user_email: 'Email du demandeur',
      user_phone: 'Téléphone du demandeur',
      referred_company_name: 'Entreprise parrainée',
      referred_company_siret: 'SIRET parrainé',
      commission_amount: 'Commission',
      commission_paid: 'Commission versée',
      amount_cents: 'Montant confirmé',
      amount_basis: 'HT ou TTC',
      confirmed_on: 'Date de confirmation',
      comment: 'Commentaire',
    } as Record<string, string>,
  },

  /** The session cannot be renewed (ours; the sync labels give the words). */
  sessionExpired: {
    region: 'Session expirée',
  },

  /** Sign-out with unsynchronised changes (the texts of fr.sync.signOut, plus these). */
  signOut: {
    syncThenSignOut: 'Synchroniser puis se déconnecter',
    conflicts: (n: number) =>
      n <= 1
        ? '1 modification en conflit sera perdue.'
        : `${n} modifications en conflit seront perdues.`,
    refused: (n: number) =>
      n <= 1
        ? '1 modification refusée par le serveur sera perdue.'
        : `${n} modifications refusées par le serveur seront perdues.`,
    offline: 'Vous êtes hors ligne : la synchronisation reprendra quand la connexion reviendra.',
  },
} as const;
