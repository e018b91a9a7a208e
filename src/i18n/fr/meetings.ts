// Meetings page (/meetings, 02 §2.10).
export const meetings = {
  title: 'Prendre RDV',
  subtitle: 'Réservez un rendez-vous de 30 minutes avec un conseiller formation.',
  loading: 'Chargement du calendrier...',
  openCalendar: 'Ouvrir le calendrier',
  frameTitle: 'Calendrier de prise de rendez-vous',
} as const;
