// Unlock-budget form (02 §2.9, §5, §8, §9). The option lists are validated by the domain schema
// (src/domain/labels.ts): re-exported here.
import { OTHER_OPTION, UNLOCK_BUDGET_OPTIONS } from '@/domain/labels';

export const unlockBudget = {
  title: 'Débloquer mon budget formation',
  subtitle:
    'Décrivez votre besoin : nous construisons une formation sur mesure financée par votre OPCO.',
  steps: ['Objectif', 'Public', 'Thématiques', 'Planning'],
  stepOf: (current: number, total: number) => `Étape ${current} sur ${total}`,
  /** (ours) accessible name of the step indicator */
  progress: 'Progression du formulaire',
  /** (ours) suffixes read by screen readers on the step indicator */
  stepDone: 'terminée',
  stepCurrent: 'en cours',
  objective: {
    title: 'Quel est votre objectif ?',
    options: UNLOCK_BUDGET_OPTIONS.objectives,
  },
  target: {
    title: 'Qui souhaitez-vous former ?',
    options: UNLOCK_BUDGET_OPTIONS.audiences,
  },
  topics: {
    title: 'Quelles thématiques vous intéressent ?',
    hint: 'Plusieurs choix possibles',
    options: UNLOCK_BUDGET_OPTIONS.topics,
  },
  planning: {
    title: 'Quel rythme de formation souhaitez-vous ?',
    options: UNLOCK_BUDGET_OPTIONS.rhythms,
    startDate: 'Date de début souhaitée (optionnel)',
    /** (ours) */
    startDateHint: "Au plus tôt aujourd'hui. Laissez vide si vous n'avez pas de date.",
  },
  other: OTHER_OPTION,
  otherPlaceholder: 'Précisez',
  /** (ours) label of the free text revealed by 'Autre', per step */
  otherLabel: {
    objective: 'Précisez votre objectif',
    target: 'Précisez le public à former',
    topics: 'Précisez la thématique',
    rhythm: 'Précisez le rythme souhaité',
  },
  /** (ours) which company the request is for (navigation state, else the current company) */
  forCompany: (name: string) => `Demande pour l'entreprise : ${name}`,
  /** (ours) no company selected nor known: said on step 1, with the way to add one */
  noCompany: {
    text: "Cette demande est rattachée à une entreprise : ajoutez d'abord la vôtre.",
    add: 'Ajouter une entreprise',
  },
  /** (ours) the draft is kept on this device while the form is open */
  draftRestored: 'Nous avons conservé vos réponses en cours.',
  back: 'Retour',
  continue: 'Continuer',
  submit: 'Envoyer',
  submitting: 'Envoi en cours...',
  /** 02 §8 */
  toasts: {
    success: 'Votre demande a été envoyée avec succès !',
    error: "Une erreur est survenue lors de l'envoi de votre demande",
    /** (ours) saved offline, sent by the sync engine later */
    queuedOffline: 'Vous êtes hors ligne : elle sera transmise dès le retour de la connexion.',
  },
} as const;
