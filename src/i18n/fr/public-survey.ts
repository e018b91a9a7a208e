// Public survey (/survey/{id}, 02 §2.18, §5, §8). Department names come from the survey's
// question sets (server data), the domain's names otherwise.
import { DEPARTMENT_LABELS, TOOLS_SATISFACTION_LABELS } from '@/domain/labels';

export const publicSurvey = {
  loading: 'Chargement du sondage...',
  /** (ours) the page heading when the survey has no name yet */
  title: 'Sondage',
  intro: 'Quelques questions pour connaître vos besoins en formation. Comptez 3 minutes.',
  stepOf: (current: number, total: number) => `Étape ${current} sur ${total}`,
  department: {
    title: 'Dans quel service travaillez-vous ?',
    hint: 'Choisissez votre service pour passer à la suite.',
    options: DEPARTMENT_LABELS,
  },
  questions: {
    title: 'Vos besoins en formation',
    severalAnswers: 'Plusieurs réponses possibles',
    oneAnswer: 'Une seule réponse',
    toolsQuestion: 'Disposez-vous des outils nécessaires pour bien faire votre travail ?',
    toolsOptions: TOOLS_SATISFACTION_LABELS,
    suggestion: 'Une suggestion pour améliorer votre quotidien au travail ? (optionnel)',
    suggestionPlaceholder: 'Votre suggestion',
  },
  identity: {
    title: 'Pour finir',
    text: 'Indiquez votre nom afin que votre responsable puisse donner suite à vos besoins.',
    firstName: 'Prénom',
    lastName: 'Nom',
  },
  back: 'Retour',
  continue: 'Continuer',
  submit: 'Envoyer',
  submitting: 'Envoi en cours...',
  /** (ours) shown while the form comes from the copy kept on the device */
  offlineCopy:
    'Hors ligne : vous pouvez répondre normalement. Vos réponses seront envoyées dès le retour de la connexion.',
  /** (ours) the answer in progress could not be written on the device */
  saveFailed:
    "Vos réponses n'ont pas pu être enregistrées sur cet appareil (espace de stockage plein ?). Gardez cette page ouverte jusqu'à l'envoi.",
  thanks: {
    title: 'Merci pour votre participation !',
    sentLabel: 'Envoyé',
    sent: 'Vos réponses ont bien été envoyées à votre responsable.',
    waitingLabel: "En attente d'envoi",
    waiting:
      'Vos réponses sont enregistrées sur cet appareil. Elles seront envoyées automatiquement dès que la connexion le permettra.',
    waitingKeep:
      "Vous pouvez fermer cette page : rien ne sera perdu. Rouvrez simplement le lien du sondage plus tard si l'envoi n'a pas abouti.",
    retry: 'Réessayer maintenant',
    closedText:
      "Ce sondage a été clôturé avant l'envoi de vos réponses : elles n'ont pas pu être prises en compte.",
    notFoundText: "Ce sondage n'existe plus : vos réponses n'ont pas pu être prises en compte.",
    invalidText: "Vos réponses n'ont pas été acceptées par le serveur.",
  },
  notFound: {
    title: 'Sondage non trouvé',
    text: "Ce lien n'est plus valide. Demandez un nouveau lien à votre responsable.",
  },
  /** 02 §5 */
  missingId: 'ID du sondage manquant',
  missingIdText: 'Le lien du sondage est incomplet. Demandez le lien complet à votre responsable.',
  closed: 'Ce sondage est clôturé',
  closedText: "Il n'accepte plus de réponses. Merci de votre intérêt.",
  unavailable: {
    /** 02 §8 */
    title: 'Erreur lors du chargement du sondage',
    text: "Le sondage n'a pas pu être chargé : vérifiez votre connexion. Il s'affichera automatiquement dès le retour du réseau.",
    retry: 'Réessayer',
  },
  /** 02 §8 */
  toasts: {
    loadError: 'Erreur lors du chargement du sondage',
    sendError: "Erreur lors de l'envoi du sondage",
  },
} as const;
