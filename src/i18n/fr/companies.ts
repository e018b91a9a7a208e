// My companies (/dashboard/companies, 02 §2.5, §5, §8).
import { deName } from '@/domain/french-elision';
export const companies = {
  title: 'Mes entreprises',
  subtitle: (count: number, max: number) => `${count} entreprise${count > 1 ? 's' : ''} sur ${max}`,
  add: 'Ajouter une entreprise',
  searchTitle: 'Ajouter une entreprise',
  detailsTitle: "Informations de l'entreprise",
  backToList: 'Retour à la liste',
  address: 'Adresse',
  siret: 'SIRET',
  delete: 'Supprimer',
  deleteDialog: {
    title: "Supprimer l'entreprise",
    text: (name: string) =>
      `Voulez-vous vraiment supprimer ${name} ? Cette action est irréversible : toutes les données associées seront supprimées.`,
    confirm: 'Supprimer',
    cancel: 'Annuler',
  },
  empty: {
    title: 'Aucune entreprise',
    text: 'Ajoutez une entreprise pour découvrir son budget formation.',
  },
  /** (ours) search sub-view over the user's own companies */
  search: {
    open: 'Rechercher',
    title: 'Rechercher une entreprise',
    label: 'Nom, adresse ou SIRET',
    noResult: 'Aucune entreprise ne correspond à votre recherche.',
    results: (n: number) => (n <= 1 ? `${n} entreprise trouvée` : `${n} entreprises trouvées`),
    addHint: "Votre entreprise n'est pas dans la liste ?",
  },
  /** (ours) details sub-view: the identity of the latest simulation (02 §2.3 wording) */
  details: {
    open: 'Voir les détails',
    openFor: (name: string) => `Voir les détails ${deName(name)}`,
    deleteFor: (name: string) => `Supprimer ${name}`,
    name: 'Entreprise',
    headcount: 'Effectif salarié',
    idcc: 'Convention collective',
    opco: 'OPCO',
    unknown: 'Non renseigné',
    viewBudget: 'Voir le budget',
    current: 'Entreprise sélectionnée',
    notFound: "Cette entreprise n'existe plus.",
  },
  /** (ours) editing a company's agreement and headcount (issue 29 item 3) */
  edit: {
    open: 'Modifier',
    openFor: (name: string) => `Modifier la convention collective et l'effectif ${deName(name)}`,
    title: "Modifier la convention collective et l'effectif",
    intro:
      "Le budget de l'entreprise est recalculé avec ces informations. Il peut l'être 3 fois par entreprise.",
    idccLabel: 'Convention collective (IDCC)',
    idccHint: 'Le numéro à 4 chiffres indiqué en haut de vos bulletins de paie.',
    /** 01 §2: the band's label, kept as the document writes it */
    headcountLabel: 'nbr de salariés hors alternant',
    employeeCountLabel: 'Nombre de salariés',
    save: 'Enregistrer',
    cancel: 'Annuler',
    /** the change is written on this device and sent later */
    savedOffline:
      'Modification enregistrée sur cet appareil : elle sera envoyée dès le retour de la connexion, et le budget recalculé.',
  },
  /** (ours) an agreement whose title limits it to a headcount (1596, 1597), and the band chosen */
  agreementWarning: {
    scope: (scope: { min?: number; max?: number }) =>
      scope.max !== undefined
        ? `jusqu'à ${scope.max} salariés`
        : `plus de ${(scope.min ?? 1) - 1} salariés`,
    text: (idcc: string, scope: string, band: string) =>
      `La convention collective ${idcc} concerne les entreprises occupant ${scope}, et l'effectif indiqué est « ${band} ».`,
    suggestion: (idcc: string, scope: string) =>
      `Vérifiez sur vos bulletins de paie : pour les entreprises occupant ${scope}, c'est en général la convention ${idcc}.`,
    mayContinue: 'Vous pouvez enregistrer quand même.',
  },
  /** 02 §8 */
  toasts: {
    loadError: 'Erreur lors du chargement des entreprises',
    added: 'Entreprise ajoutée avec succès',
    addError: "Erreur lors de l'ajout de l'entreprise",
    deleted: 'Entreprise supprimée avec succès',
    deleteError: "Erreur lors de la suppression de l'entreprise",
    limit: 'Vous ne pouvez pas ajouter plus de 3 entreprises',
  },
  retry: 'Réessayer',
} as const;
