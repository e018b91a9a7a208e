export const common = {
  appName: 'Budget Formation',
  loading: 'Chargement…',
  back: 'Retour',
  continue: 'Continuer',
  cancel: 'Annuler',
  save: 'Enregistrer',
  close: 'Fermer',
  notFoundTitle: 'Page introuvable',
  notFoundText: "La page que vous cherchez n'existe pas ou a été déplacée.",
  notFoundAction: "Retour à l'accueil",
  genericError: 'Une erreur est survenue',
} as const;
