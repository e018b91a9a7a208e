// My requests (/requests, 02 §2.8, §8).
export const requests = {
  title: 'Mes demandes',
  subtitle: 'Suivez vos demandes de déblocage de budget formation',
  newRequest: 'Nouvelle demande',
  createdOn: (date: string) => `Demande du ${date}`,
  company: 'Entreprise',
  objective: 'Objectif',
  target: 'Public cible',
  topics: 'Thématiques',
  rhythm: 'Rythme souhaité',
  startDate: 'Date de début souhaitée',
  empty: {
    title: 'Aucune demande',
    text: "Vous n'avez pas encore fait de demande de déblocage de budget.",
  },
  /** 02 §8 */
  loadError: 'Erreur lors du chargement des demandes',
} as const;
