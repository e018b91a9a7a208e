// AI training recommendations (/training/recommendations, 02 §2.14, §5, §8).
export const recommendations = {
  hero: {
    title: 'Trouvez la formation parfaite',
    subtitle:
      'Décrivez votre défi : notre IA vous propose des formations sur mesure, finançables par votre OPCO.',
  },
  needLabel: 'Votre besoin en formation',
  /** (ours) */
  needHint: 'Entrée pour lancer la recherche, Maj + Entrée pour aller à la ligne.',
  needPlaceholder: 'Ex : mes commerciaux ont du mal à conclure les ventes en visioconférence',
  search: 'Utiliser mon budget',
  searchShort: 'Rechercher',
  popularTitle: 'Défis populaires',
  /** (ours) */
  metricsLabel: 'Budget Formation en chiffres',
  /** (ours) recommendations are computed on the server */
  offline:
    'Les recommandations nécessitent une connexion internet. Votre projet de formation reste disponible hors ligne, et vous pouvez y ajouter une demande.',
  /** the 6 quick-suggestion chips (wording ours) */
  popularChallenges: [
    'Améliorer la performance commerciale',
    'Mieux manager une équipe à distance',
    "Utiliser l'intelligence artificielle au quotidien",
    'Maîtriser Excel et les tableaux de bord',
    'Développer la présence de la marque sur les réseaux sociaux',
    'Améliorer la relation et la satisfaction client',
  ],
  metrics: [
    { value: '800+', label: 'experts' },
    { value: '500+', label: 'entreprises accompagnées' },
    { value: '100%', label: 'financé' },
    { value: '2 à 4 h', label: 'par semaine' },
  ],
  loading: {
    analyzing: 'Analyse de votre défi...',
    creating: 'Création de votre formation idéale...',
  },
  results: {
    title: 'Nos recommandations pour vous',
    duration: 'Durée',
    format: 'Format',
    price: 'Prix',
    funded: 'financé',
    benefits: 'Bénéfices',
    start: 'Démarrer',
    /** (ours) */
    count: (n: number) => (n > 1 ? `${n} formations recommandées` : '1 formation recommandée'),
    coverage: (coverage: string) => `${coverage} financé`,
    category: 'Catégorie',
    book: 'Parler à un conseiller',
    startLabel: (title: string) => `Démarrer la formation « ${title} »`,
    bookLabel: (title: string) => `Parler à un conseiller de la formation « ${title} »`,
  },
  /** (ours) a search that found nothing */
  noResults: {
    title: 'Aucune formation ne correspond encore à votre défi',
    text: 'Reformulez votre besoin, ou faites une demande : nous estimerons la formation avec vous.',
  },
  confirm: {
    title: 'Ajouter cette formation à votre plan ?',
    text: (title: string) => `La formation « ${title} » sera ajoutée à votre projet de formation.`,
    confirm: 'Ajouter à mon plan',
    cancel: 'Annuler',
  },
  empty: {
    benefitsTitle: 'Pourquoi passer par Budget Formation ?',
    benefits: [
      {
        title: 'Des formations sur mesure',
        text: 'Conçues pour les besoins réels de votre équipe.',
      },
      { title: 'Financées par votre OPCO', text: "Jusqu'à 100% de prise en charge." },
      { title: 'Des experts du terrain', text: 'Plus de 800 experts, mis en relation sous 48h.' },
    ],
    surveyCard: {
      title: 'Vous ne savez pas par où commencer ?',
      text: 'Interrogez votre équipe pour identifier ses besoins.',
      action: 'Créer un sondage',
    },
    requestCard: {
      title: 'Vous avez déjà une idée précise ?',
      text: 'Décrivez la formation souhaitée et nous estimons sa durée et son budget.',
      action: 'Faire une demande',
    },
  },
  /** 02 §8 */
  toasts: {
    error: 'Erreur lors de la génération des recommandations',
    added: 'Formation ajoutée à votre plan de formation !',
    addError: 'Une erreur est survenue',
  },
  errorBlock: 'Une erreur est survenue lors de la génération des recommandations.',
} as const;
