// Team surveys (/team-survey, 02 §2.17, §5, §8).
import { responsesLabel } from '@/domain/survey-results';

export const teamSurveys = {
  title: 'Sonder mon équipe',
  subtitle: 'Interrogez vos collaborateurs pour identifier leurs besoins en formation.',
  create: 'Créer un sondage',
  createDialog: {
    title: 'Nouveau sondage',
    name: 'Nom du sondage',
    namePlaceholder: 'Ex : Besoins en formation 2027',
    submit: 'Créer',
    cancel: 'Annuler',
  },
  card: {
    createdOn: (date: string) => `Créé le ${date}`,
    copyLink: 'Copier le lien',
    close: 'Clôturer',
    results: 'Voir les résultats',
    responses: responsesLabel,
    latestResponse: (date: string) => `Dernière réponse le ${date}`,
    noResponse: 'Aucune réponse pour le moment',
    perDepartment: 'Réponses par service',
  },
  closeDialog: {
    title: 'Clôturer le sondage',
    text: "Un sondage clôturé n'accepte plus de réponses et ne peut pas être rouvert.",
    confirm: 'Clôturer',
    cancel: 'Annuler',
  },
  empty: {
    title: 'Aucun sondage',
    text: 'Créez un sondage et partagez son lien avec votre équipe.',
  },
  /** 02 §8 */
  toasts: {
    loadError: 'Erreur lors du chargement des sondages',
    createError: 'Erreur lors de la création du sondage',
    created: 'Sondage créé avec succès',
    closeError: 'Erreur lors de la clôture du sondage',
    closed: 'Sondage clôturé',
    linkCopied: 'Lien copié !',
  },
} as const;
