// My requests (/requests, 02 §2.8, §8).
export const requests = {
  title: 'Mes demandes',
  subtitle: 'Suivez vos demandes de déblocage de budget formation',
  newRequest: 'Nouvelle demande',
  createdOn: (date: string) => `Demande du ${date}`,
  /** (ours) accessible name of the list */
  listLabel: 'Vos demandes de déblocage de budget',
  company: 'Entreprise',
  objective: 'Objectif',
  target: 'Public cible',
  topics: 'Thématiques',
  rhythm: 'Rythme souhaité',
  startDate: 'Date de début souhaitée',
  status: 'Statut',
  /** (ours) replication markers of a row */
  sync: {
    pending: "En attente d'envoi",
    pendingHint:
      'Enregistrée sur cet appareil, elle sera transmise dès que la connexion le permettra.',
    refused: 'Refusée par le serveur',
    refusedHint: "Le serveur n'a pas accepté cette demande. Consultez les modifications refusées.",
  },
  empty: {
    title: 'Aucune demande',
    text: "Vous n'avez pas encore fait de demande de déblocage de budget.",
  },
  /** 02 §8 */
  loadError: 'Erreur lors du chargement des demandes',
} as const;
