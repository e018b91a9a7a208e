// Shared words and messages used by several screens.
export const common = {
  appName: 'Budget Formation',
  loading: 'Chargement…',
  /** 02 §2.3: the dashboard's loading text, also used by the other data screens */
  loadingData: 'Chargement des données...',
  back: 'Retour',
  continue: 'Continuer',
  cancel: 'Annuler',
  save: 'Enregistrer',
  close: 'Fermer',
  send: 'Envoyer',
  delete: 'Supprimer',
  confirm: 'Confirmer',
  previous: 'Précédent',
  next: 'Suivant',
  search: 'Rechercher',
  optional: '(optionnel)',
  notFoundTitle: 'Page introuvable',
  notFoundText: "La page que vous cherchez n'existe pas ou a été déplacée.",
  notFoundAction: "Retour à l'accueil",
  /** (ours) the signed-in user's way back from a page that does not exist */
  notFoundBackToDashboard: 'Retour à mon budget',
  /** 01 §8, 02 §8 */
  genericError: 'Une erreur est survenue',
  /** 02 §8 (referral, plan, survey results) */
  loadDataError: 'Erreur lors du chargement des données',
  /** 02 §8 (referral, team surveys) */
  linkCopied: 'Lien copié !',
  /** (ours) a link that opens in a new tab */
  opensInNewTab: "(s'ouvre dans un nouvel onglet)",
  /** (ours) contact link of the help popup, the update-limit toast and the 'Oups' block */
  contactUs: 'Nous contacter',
  siret: 'SIRET',
  /** 02 §9: marketing claims shown in the signed-in interface */
  claims: {
    experts: 'Plus de 800 experts',
    companies: 'Plus de 500 entreprises',
    funded: '100% financé',
    sessions: 'Des sessions de 2 à 4 h par semaine',
    referralCommission: '10% de commission',
  },
} as const;
