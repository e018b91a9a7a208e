// Booking modal (02 §2.4).
export const booking = {
  title: 'Prendre rendez-vous',
  chosenTraining: 'Formation choisie',
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
