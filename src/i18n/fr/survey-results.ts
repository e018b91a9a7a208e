// Survey results (/survey-results/{id}, 02 §2.19, §8, §9).
import { responsesLabel } from '@/domain/survey-results';

/** (issue 29) an answer sent without a name */
const NO_NAME = 'Réponse sans nom';
const authorOrNoName = (author: string) => (author.trim() === '' ? NO_NAME : author);

export const surveyResults = {
  title: 'Résultats du sondage',
  back: 'Retour aux sondages',
  createdOn: (date: string) => `Créé le ${date}`,
  stats: {
    label: 'Chiffres clés',
    responses: 'Réponses',
    departments: 'Services',
    collectionDays: 'Jours de collecte',
  },
  responsesCount: responsesLabel,
  percent: (n: number) =>
    `${n.toLocaleString('fr-FR', { minimumFractionDigits: 0, maximumFractionDigits: 1 })} %`,
  /** The text alternative of one bar: 'Oui : 50 % (2 réponses)'. */
  share: (label: string, percent: string, count: number) =>
    `${label} : ${percent} (${responsesLabel(count)})`,
  tools: {
    title: 'Satisfaction vis-à-vis des outils',
    question: 'Disposez-vous des outils nécessaires pour bien faire votre travail ?',
  },
  departmentsTitle: 'Résultats par service',
  departmentSummary: (label: string, count: number) => `${label} (${responsesLabel(count)})`,
  expand: 'Afficher le détail',
  collapse: 'Masquer le détail',
  /** (ours) question sets not on the device yet and no network to fetch them */
  questionsUnavailable:
    'Le détail des questions sera affiché dès que la connexion permettra de charger le questionnaire.',
  suggestionsTitle: "Suggestions d'amélioration",
  /** (issue 29) an answer sent without a name */
  noName: NO_NAME,
  suggestionBy: (author: string, date: string) => `${authorOrNoName(author)}, le ${date}`,
  /** (ours, issue 29) each answer, to delete one when its author asks */
  answers: {
    title: 'Réponses reçues',
    toggle: (n: number) => `Gérer les réponses (${n})`,
    intro:
      'Un salarié peut vous demander de supprimer sa réponse : son contenu est alors effacé et elle ne compte plus dans les résultats.',
    line: (author: string, department: string, date: string) =>
      `${authorOrNoName(author)} · ${department} · ${date}`,
    delete: 'Supprimer',
    deleteLabel: (line: string) => `Supprimer la réponse : ${line}`,
    dialogTitle: 'Supprimer cette réponse ?',
    dialogText: (line: string) =>
      `La réponse « ${line} » sera effacée et ne comptera plus dans les résultats.`,
    confirm: 'Supprimer',
    cancel: 'Annuler',
    deleted: 'Réponse supprimée',
    deleteError: 'Erreur lors de la suppression de la réponse',
  },
  noSuggestion: 'Aucune suggestion',
  ai: {
    title: 'Recommandations de formation',
    intro:
      'Des formations proposées à partir des réponses de votre équipe, finançables par votre OPCO.',
    generate: 'Générer des recommandations',
    refresh: "Actualiser l'analyse",
    loading: 'Analyse des réponses...',
    analysedOn: (date: string) => `Analyse du ${date}`,
    /** (ours) */
    offline:
      "L'analyse des réponses nécessite une connexion internet. Elle sera possible dès le retour du réseau.",
    outdated: 'De nouvelles réponses sont arrivées depuis cette analyse.',
    noResponse: 'Les recommandations apparaîtront dès les premières réponses.',
    empty: 'Aucune recommandation pour ces réponses.',
    add: 'Ajouter au plan de formation',
    added: 'Ajoutée au plan de formation',
    viewPlan: 'Voir le plan de formation',
    why: 'Pourquoi : ',
    department: (label: string) => `Service : ${label}`,
    priority: { high: 'Priorité haute', medium: 'Priorité moyenne', low: 'Priorité basse' },
    details: (duration: string, format: string, price: string) =>
      `${duration} · ${format} · ${price}`,
    coverage: (coverage: string) => `${coverage} financé`,
    benefits: 'Bénéfices',
    /** 02 §8 */
    error: 'Une erreur est survenue lors de la génération des recommandations.',
    errorToast: 'Erreur lors de la génération des recommandations',
    addedToast: 'Formation ajoutée à votre plan de formation !',
    addError: 'Une erreur est survenue',
    /** (ours) a request needs a profile and a company (02 §5) */
    notReady: {
      signed_out: 'Vous devez être connecté pour soumettre le formulaire',
      no_profile:
        "Votre profil n'est pas encore disponible sur cet appareil : réessayez dans un instant.",
      no_company: "Ajoutez d'abord une entreprise : la formation y sera rattachée.",
    },
  },
  empty: 'Aucune réponse pour le moment. Partagez le lien du sondage avec votre équipe.',
  /** 02 §8 */
  loadError: 'Erreur lors du chargement des données',
  retry: 'Réessayer',
  notFound: 'Sondage non trouvé',
  notFoundText: "Ce sondage n'existe pas ou n'est pas encore arrivé sur cet appareil.",
} as const;
