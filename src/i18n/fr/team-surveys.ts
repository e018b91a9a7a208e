// Team surveys (/team-survey, 02 §2.17, §5, §8).
import { responsesLabel } from '@/domain/survey-results';

export const teamSurveys = {
  title: 'Sonder mon équipe',
  subtitle: 'Interrogez vos collaborateurs pour identifier leurs besoins en formation.',
  create: 'Créer un sondage',
  listLabel: 'Mes sondages',
  createDialog: {
    title: 'Nouveau sondage',
    name: 'Nom du sondage',
    namePlaceholder: 'Ex : Besoins en formation 2027',
    hint: 'Vos collaborateurs répondent depuis un simple lien, sans compte.',
    submit: 'Créer',
    cancel: 'Annuler',
  },
  card: {
    createdOn: (date: string) => `Créé le ${date}`,
    copyLink: 'Copier le lien',
    close: 'Clôturer',
    results: 'Voir les résultats',
    resultsOf: (name: string) => `Voir les résultats du sondage ${name}`,
    responsesTitle: 'Réponses',
    responses: responsesLabel,
    latestTitle: 'Dernière réponse',
    latestResponse: (date: string) => `Dernière réponse le ${date}`,
    noResponse: 'Aucune réponse pour le moment',
    perDepartment: 'Réponses par service',
    departmentCount: (label: string, count: number) => `${label} : ${count}`,
    link: 'Lien du sondage',
    /** (ours) a survey created offline exists only on this device until it is synchronised */
    notSynced:
      "Sondage pas encore synchronisé : le lien ne fonctionnera qu'une fois la connexion rétablie et la synchronisation faite.",
    /** (ours) closed on this device, not yet on the server */
    closePending: 'Clôture en attente de synchronisation : le sondage accepte encore des réponses.',
  },
  closeDialog: {
    title: 'Clôturer le sondage',
    text: "Un sondage clôturé n'accepte plus de réponses et ne peut pas être rouvert.",
    confirm: 'Clôturer',
    cancel: 'Annuler',
  },
  retry: 'Réessayer',
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
    /** (ours) the browser refused the clipboard */
    copyFailed: 'Copie impossible : sélectionnez le lien et copiez-le manuellement.',
  },
} as const;
