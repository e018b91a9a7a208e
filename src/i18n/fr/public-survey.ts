// Public survey (/survey/{id}, 02 §2.18, §5, §8). Department names come from the survey's
// question sets (server data), the domain's names otherwise.
import { deName, elidesBefore } from '@/domain/french-elision';
import { DEPARTMENT_LABELS, TOOLS_SATISFACTION_LABELS } from '@/domain/labels';

/** « tant que » + the name, elided when French elides it: « tant qu'Altéa Conseil ». */
const tantQue = (name: string) => (elidesBefore(name) ? `tant qu'${name}` : `tant que ${name}`);

export const publicSurvey = {
  loading: 'Chargement du sondage...',
  /** (ours) the page heading when the survey has no name yet */
  title: 'Sondage',
  intro: 'Quelques questions pour connaître vos besoins en formation. Comptez 3 minutes.',
  /** (ours, issue 29) whose survey it is */
  from: (company: string) => `Sondage ${deName(company)}`,
  /** (ours, issue 29) who sees the answers, how long they are kept, how to have them deleted */
  privacy: {
    title: 'Qui voit vos réponses ?',
    who: (company: string | null) =>
      `${company ?? "L'entreprise qui vous a envoyé ce lien"} voit vos réponses, votre service, la date d'envoi et, seulement si vous l'indiquez, votre nom.`,
    host: (company: string | null) =>
      `Budget Formation les conserve pour le compte ${company ? deName(company) : 'de cette entreprise'}. Pour proposer des formations, elles peuvent être analysées automatiquement, sans les noms.`,
    keep: (company: string | null) =>
      `Elles sont conservées ${tantQue(company ?? "l'entreprise")} ne les supprime pas. Pour faire supprimer votre réponse, demandez-le-lui : son contenu est alors effacé.`,
  },
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
    /** (issue 29) the name is optional */
    text: (company: string | null) =>
      `Votre nom est facultatif. Si vous l'indiquez, ${company ?? "l'entreprise"} pourra donner suite à vos besoins avec vous.`,
    firstName: 'Prénom (facultatif)',
    lastName: 'Nom (facultatif)',
    leaveEmpty: 'Laisser vide pour répondre sans donner votre nom',
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
