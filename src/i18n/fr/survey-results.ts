// Survey results (/survey-results/{id}, 02 §2.19, §8, §9).
import { responsesLabel } from '@/domain/survey-results';

export const surveyResults = {
  title: 'Résultats du sondage',
  back: 'Retour aux sondages',
  stats: {
    responses: 'Réponses',
    departments: 'Services',
    collectionDays: 'Jours de collecte',
  },
  responsesCount: responsesLabel,
  percent: (n: number) => `${n.toLocaleString('fr-FR', { maximumFractionDigits: 1 })} %`,
  tools: {
    title: 'Satisfaction vis-à-vis des outils',
  },
  departmentsTitle: 'Résultats par service',
  expand: 'Afficher le détail',
  collapse: 'Masquer le détail',
  suggestionsTitle: "Suggestions d'amélioration",
  suggestionBy: (author: string, date: string) => `${author}, le ${date}`,
  noSuggestion: 'Aucune suggestion',
  ai: {
    title: 'Recommandations de formation',
    generate: 'Générer des recommandations',
    loading: 'Analyse des réponses...',
    add: 'Ajouter à mon plan',
    error: 'Une erreur est survenue lors de la génération des recommandations.',
  },
  empty: 'Aucune réponse pour le moment. Partagez le lien du sondage avec votre équipe.',
  /** 02 §8 */
  loadError: 'Erreur lors du chargement des données',
  notFound: 'Sondage non trouvé',
} as const;
