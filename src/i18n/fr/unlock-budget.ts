// Unlock-budget form (02 §2.9, §5, §8, §9). The option lists are validated by the domain schema
// (src/domain/labels.ts): re-exported here.
import { OTHER_OPTION, UNLOCK_BUDGET_OPTIONS } from '@/domain/labels';

export const unlockBudget = {
  title: 'Débloquer mon budget formation',
  subtitle:
    'Décrivez votre besoin : nous construisons une formation sur mesure financée par votre OPCO.',
  steps: ['Objectif', 'Public', 'Thématiques', 'Planning'],
  stepOf: (current: number, total: number) => `Étape ${current} sur ${total}`,
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
  },
  other: OTHER_OPTION,
  otherPlaceholder: 'Précisez',
  back: 'Retour',
  continue: 'Continuer',
  submit: 'Envoyer',
  submitting: 'Envoi en cours...',
  /** 02 §8 */
  toasts: {
    success: 'Votre demande a été envoyée avec succès !',
    error: "Une erreur est survenue lors de l'envoi de votre demande",
  },
} as const;
