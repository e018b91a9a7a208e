// App shell and sidebar (02 §2.2).
export const shell = {
  nav: {
    budget: 'Mon budget',
    recommendations: 'Trouver ma formation',
    teamSurvey: 'Sonder mon équipe',
    training: 'Fonctionnement',
    experts: 'Les experts',
    referral: 'Parrainage',
    meetings: 'Prendre RDV',
    requests: 'Mes demandes',
  },
  /** tag of the Parrainage entry, as in the product */
  newTag: 'New',
  settings: 'Paramètres',
  logout: 'Se déconnecter',
  companySwitcher: {
    label: 'Entreprise',
    current: 'Entreprise sélectionnée',
    choose: "Changer d'entreprise",
    addCompany: 'Ajouter une entreprise',
    manage: 'Gérer mes entreprises',
  },
  mobileMenu: {
    open: 'Ouvrir le menu',
    close: 'Fermer le menu',
    title: 'Menu',
  },
  /** 02 §8 */
  companiesLoadError: 'Erreur lors du chargement des entreprises',
} as const;
