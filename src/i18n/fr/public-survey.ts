// Public survey (/survey/{id}, 02 §2.18, §5, §8). Department names come from the domain.
import { DEPARTMENT_LABELS, TOOLS_SATISFACTION_LABELS } from '@/domain/labels';

export const publicSurvey = {
  loading: 'Chargement du sondage...',
  stepOf: (current: number, total: number) => `Étape ${current} sur ${total}`,
  department: {
    title: 'Dans quel service travaillez-vous ?',
    options: DEPARTMENT_LABELS,
  },
  questions: {
    title: 'Vos besoins en formation',
    toolsQuestion: 'Disposez-vous des outils nécessaires pour bien faire votre travail ?',
    toolsOptions: TOOLS_SATISFACTION_LABELS,
    suggestion: 'Une suggestion pour améliorer votre quotidien au travail ? (optionnel)',
    suggestionPlaceholder: 'Votre suggestion',
  },
  identity: {
    title: 'Pour finir',
    firstName: 'Prénom',
    lastName: 'Nom',
  },
  back: 'Retour',
  continue: 'Continuer',
  submit: 'Envoyer',
  submitting: 'Envoi en cours...',
  thanks: {
    title: 'Merci pour votre participation !',
    text: 'Vos réponses ont bien été enregistrées.',
  },
  offlineQueued: 'Vos réponses seront envoyées dès le retour de la connexion.',
  notFound: {
    title: 'Sondage non trouvé',
    text: "Ce lien n'est plus valide. Demandez un nouveau lien à votre responsable.",
  },
  /** 02 §5 */
  missingId: 'ID du sondage manquant',
  closed: 'Ce sondage est clôturé',
  /** 02 §8 */
  toasts: {
    loadError: 'Erreur lors du chargement du sondage',
    sendError: "Erreur lors de l'envoi du sondage",
  },
} as const;
