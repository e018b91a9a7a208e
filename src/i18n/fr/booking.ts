// Booking modal (02 §2.4).
export const booking = {
  title: 'Prendre rendez-vous',
  chosenTraining: 'Formation choisie',
  /** (ours) the booking opened from an expert's detail */
  chosenExpert: 'Expert choisi',
  journeyTitle: 'Votre parcours',
  steps: [
    { title: 'RDV conseiller', detail: '30min' },
    { title: 'Matching expert', detail: '48h' },
    { title: 'Formation', detail: 'variable' },
  ],
  currentStep: 'Étape en cours',
  advisor: (name: string, role: string) => `${name}, ${role}`,
  loading: 'Chargement du calendrier...',
  openCalendar: 'Ouvrir le calendrier',
  loadError: "Le calendrier n'a pas pu être chargé.",
  close: 'Fermer',
  frameTitle: 'Calendrier de prise de rendez-vous',
  /** 02 §8 */
  error: 'Une erreur est survenue',
} as const;

/** Advisors' roles and the training summary labels of the booking modal. */
export const bookingAdvisors = {
  roles: {
    trainingAdvisor: 'Conseillère formation',
    fundingExpert: 'Expert financement OPCO',
    skillsAdvisor: 'Conseiller compétences',
    hrAdvisor: 'Conseillère RH et formation',
  },
  durationLabel: 'Durée',
  categoryLabel: 'Catégorie',
  offline: 'Vous êtes hors ligne : le calendrier sera disponible une fois la connexion rétablie.',
} as const;
