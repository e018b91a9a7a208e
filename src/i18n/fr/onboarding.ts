// Anonymous onboarding wizard (01 §1, §2, §5, §8): company search, agreement and headcount step,
// account creation. Validation messages are in fr.validation.
import { HEADCOUNT_LABELS } from '@/domain/labels';

/** « l'IDCC 1486 », « les IDCC 0573 et 1486 » */
const idccWords = (codes: readonly string[]) =>
  codes.length <= 1
    ? `l'IDCC ${codes[0] ?? ''}`
    : `les IDCC ${codes.slice(0, -1).join(', ')} et ${codes[codes.length - 1]}`;
export const onboarding = {
  /** 3-step progress indicator (01 §2, §9) */
  steps: ['Entreprise', 'Informations', 'Contact'],
  stepCompleted: 'Étape terminée',
  stepOf: (current: number, total: number) => `Étape ${current} sur ${total}`,
  /** (ours) screen-reader wording of the progress indicator */
  progressLabel: "Progression de l'inscription",
  stepStates: { done: '(terminée)', current: '(en cours)', later: '(à venir)' },
  /** (ours) header of the signed-in "add a company" journey */
  backToCompanies: 'Retour à mes entreprises',
  login: 'Se connecter',
  back: 'Retour',
  continue: 'Continuer',

  /** Marketing side panel (01 §1) */
  marketing: {
    title: 'Découvrez votre budget formation en 2 minutes',
    subtitle: 'Puis transformez-le en formations sur mesure, avec un expert à vos côtés.',
    statsLabel: 'Budget Formation en chiffres',
    promisesLabel: 'Nos engagements',
    claims: {
      companies: '500+ entreprises accompagnées',
      unlocked: '10M€ de budget formation débloqué',
      satisfaction: '95% de satisfaction',
      rating: 'Note moyenne de 4,9/5',
      funded: "Jusqu'à 100% financé par votre OPCO",
      custom: 'Des formations 100% sur mesure',
      results: 'Des résultats garantis',
    },
  },

  /** Step 1, /rechercher-entreprise */
  search: {
    title: 'Rechercher votre entreprise',
    subtitle: 'Recherchez votre entreprise par son nom ou son numéro SIRET',
    placeholder: 'Ex : Boulangerie Dupont ou 12345678901234',
    inputLabel: "Nom de l'entreprise ou numéro SIRET",
    searching: 'Recherche en cours...',
    noResults: 'Aucune entreprise trouvée',
    minLength: 'Saisissez au moins 3 caractères',
    /** (ours) listbox name and live announcements of the combobox */
    listLabel: 'Entreprises correspondantes',
    resultsCount: (n: number) => (n === 1 ? '1 entreprise trouvée' : `${n} entreprises trouvées`),
    hint: 'Saisissez au moins 3 caractères, puis choisissez votre entreprise avec les flèches et Entrée.',
    /** (ours) offline: a clear message instead of a silent empty list */
    offline:
      'Vous êtes hors connexion : le registre officiel des entreprises ne peut pas être consulté. La recherche reprendra dès le retour de la connexion.',
    /** (ours, issue 16 item 5) the registry failed (HTTP error, timeout): never « Aucune entreprise trouvée » */
    unavailable:
      "La recherche d'entreprise est momentanément indisponible. Vous pouvez saisir votre numéro SIRET : vous choisirez ensuite votre convention collective par son numéro IDCC.",
    /** (ours, issue 15) the companies shown are the registry's fictitious sample */
    sampleData: "Données d'exemple : ces entreprises sont fictives.",
    /** (ours, issue 29 item 11) where the companies shown come from, kept in sight */
    sourceGouv:
      'Source : Annuaire des Entreprises, le registre officiel (données INSEE et ministère du Travail).',
    sourceImport: 'Source : extrait du répertoire SIRENE (INSEE) chargé par votre administrateur.',
    sourcePappers: 'Source : Pappers.',
    /** (ours, issue 29 item 11) the official registry failed: the backend answered with its sample */
    registryDownShort:
      'Le registre officiel ne répond pas : ces entreprises sont des exemples fictifs.',
    registryDownEmpty:
      'Le registre officiel des entreprises ne répond pas pour le moment. Saisissez votre numéro SIRET pour continuer avec votre entreprise.',
    registryDown:
      'Le registre officiel des entreprises ne répond pas pour le moment : les entreprises proposées sont des exemples fictifs. Saisissez votre numéro SIRET pour continuer avec votre entreprise.',
    /** (ours, issue 27 item 6) a company whose identity the registry does not publish */
    nonDiffusible: 'Entreprise non diffusible',
    nameMissing: 'Nom non communiqué par le registre',
    sirenLabel: 'SIREN :',
    declaredIdcc: (codes: readonly string[]) =>
      codes.length === 1
        ? `Convention déclarée : IDCC ${codes[0]}`
        : `Conventions déclarées : IDCC ${codes.join(', ')}`,
    nameForm: {
      title: 'Entreprise non diffusible',
      explanation:
        "Cette entreprise a demandé à l'INSEE de ne pas rendre publics son nom et son adresse : le registre ne les communique pas. Saisissez le nom de votre entreprise pour continuer.",
      explanationNoName:
        'Le registre ne communique pas le nom de cette entreprise. Saisissez-le pour continuer.',
      nameLabel: 'Nom de votre entreprise',
      submit: 'Continuer',
      cancel: 'Choisir une autre entreprise',
    },
    manual: {
      open: 'Saisir mon SIRET',
      title: 'Votre entreprise',
      siretLabel: 'Numéro SIRET',
      siretHint: '14 chiffres, indiqués sur vos documents officiels ou vos bulletins de paie.',
      siretPlaceholder: 'Ex : 123 456 789 00012',
      nameLabel: "Nom de l'entreprise",
      submit: 'Continuer avec ce SIRET',
    },
    recentTitle: 'Entreprises récemment sélectionnées',
    recentHint: 'Elles restent disponibles hors connexion.',
    chooseRecent: (name: string) => `Choisir ${name}`,
    /** (ours) a company without NAF code cannot go through step 2 (01 §2) */
    missingNaf:
      "Le code d'activité (NAF) de cette entreprise n'est pas renseigné : nous ne pouvons pas estimer sa convention collective en ligne. Choisissez un autre établissement ou contactez-nous, nous calculerons votre budget avec vous.",
    siretLabel: 'SIRET :',
    selectedTitle: 'Entreprise sélectionnée',
    changeCompany: "Changer d'entreprise",
    /** 01 §8 */
    selectError: "Une erreur est survenue lors de la sélection de l'entreprise",
  },

  /** Step 2, /informations-entreprise */
  details: {
    title: 'Informations sur votre entreprise',
    subtitle: 'Précisez votre convention collective et votre effectif',
    companyLabel: 'Entreprise sélectionnée',
    loadingAgreements: 'Chargement des conventions collectives...',
    noSuggestions:
      "Nous n'avons pas trouvé de convention pour votre code NAF : saisissez le numéro IDCC de votre convention.",
    idccHint:
      'Le numéro à 4 chiffres indiqué sur votre bulletin de paie. La recherche démarre à 3 chiffres.',
    idccListLabel: 'Conventions correspondantes',
    idccResultsCount: (n: number) =>
      n === 1 ? '1 convention trouvée' : `${n} conventions trouvées`,
    matchedBand: (label: string) => `Tranche correspondante : ${label}`,
    computing: 'Calcul de votre budget...',
    /** (ours) the budget came from the local cache (offline) */
    budgetFromCache: (date: string) =>
      `Hors connexion : budget calculé avec les données du ${date}.`,
    budgetUnavailable:
      'Hors connexion : le budget de cette entreprise sera calculé dès le retour de la connexion.',
    agreementLabel: 'Convention collective',
    agreementEstimate: 'Suggestions estimées à partir du code NAF de votre entreprise',
    agreementCustomOption: "Autre convention (saisir l'IDCC)",
    idccLabel: 'Numéro IDCC',
    idccPlaceholder: 'Ex : 1486',
    idccSearching: 'Recherche des conventions...',
    idccNoResults: 'Aucune convention trouvée pour ce numéro',
    idccOption: (idcc: string, label: string) => `${idcc} - ${label}`,
    /** (ours, issue 15) agreements the registry says the company declared */
    declaredOption: (idcc: string, label: string) =>
      label ? `${idcc} - ${label} (déclarée)` : `${idcc} (déclarée)`,
    declaredGroup: 'Déclarée par votre entreprise',
    /** (ours, issue 27 item 6) the head office's list and the company-wide one differ */
    declaredHereGroup: 'Déclarée pour cet établissement',
    otherGroup: "Déclarées pour d'autres établissements de l'entreprise",
    declaredDiffer: (own: readonly string[], others: readonly string[]) =>
      own.length === 0
        ? `Aucune convention n'est déclarée pour cet établissement, mais l'entreprise déclare ${idccWords(others)} pour d'autres établissements : choisissez celle qui s'applique à vos salariés.`
        : `Cet établissement déclare ${idccWords(own)} ; l'entreprise déclare aussi ${idccWords(others)} pour d'autres établissements : choisissez celle qui s'applique à vos salariés.`,
    /** (ours, issue 29 item 11) where the company's data come from, repeated at step 2 */
    source: {
      gouv: "Données de l'Annuaire des Entreprises, le registre officiel (INSEE et ministère du Travail).",
      sample: "Données d'exemple : cette entreprise est fictive.",
      import: 'Données du répertoire SIRENE (INSEE), extrait chargé par votre administrateur.',
      pappers: 'Données Pappers.',
      manual: 'Entreprise saisie par vous.',
      nonDiffusible:
        'Entreprise non diffusible : son nom et son adresse ne sont pas publiés, le nom affiché est celui que vous avez saisi.',
    },
    nafGroup: 'Suggestions selon votre code NAF',
    pickAgreement: 'Choisissez votre convention collective',
    declaredOne: (level: 'etablissement' | 'entreprise' | null) =>
      level === 'entreprise'
        ? "Convention déclarée par votre entreprise (annuaire des entreprises) : vérifiez qu'elle s'applique à cet établissement."
        : 'Convention déclarée pour cet établissement (annuaire des entreprises). Vous pouvez en choisir une autre.',
    declaredSeveral:
      'Plusieurs conventions sont déclarées pour votre entreprise (annuaire des entreprises) : choisissez la vôtre.',
    declaredNone:
      "Aucune convention collective n'est déclarée pour cet établissement : choisissez parmi les suggestions ou saisissez l'IDCC.",
    /** (ours, issue 15) the INSEE headcount band of the registry, with its reference year */
    inseeBand: (year: string | null, label: string) =>
      year ? `Effectif INSEE ${year} : ${label}` : `Effectif INSEE : ${label}`,
    inseeBandLabel: (min: number, max: number | null) => {
      const n = (v: number) => new Intl.NumberFormat('fr-FR').format(v);
      if (max === 0) return 'aucun salarié';
      if (max === null) return `${n(min)} salariés et plus`;
      if (min === 1 && max === 2) return '1 ou 2 salariés';
      return `${n(min)} à ${n(max)} salariés`;
    },
    inseePrefilled: 'tranche présélectionnée, modifiable.',
    inseeThreshold: 'à cheval sur le seuil de 11 salariés : choisissez votre tranche.',
    inseeAmbiguous: 'elle couvre plusieurs tranches : choisissez la vôtre.',
    /** 01 §2: the headcount label, as written */
    headcountLabel: 'nbr de salariés hors alternant',
    headcountPlaceholder: 'Sélectionnez une tranche',
    /** band labels (01 §4), built by src/domain/headcount.ts */
    bands: HEADCOUNT_LABELS,
    employeeCountLabel: "Nombre d'employés",
    employeeCountPlaceholder: 'Ex : 25',
    loadingBands: "Chargement des tranches d'effectif...",
    /** 01 §8 */
    bandsError: "Erreur lors du chargement des tranches d'effectif",
    help: {
      trigger: 'Où trouver ma convention collective ?',
      title: 'Où trouver votre convention collective ?',
      payslip: "Elle figure dans l'en-tête de votre bulletin de paie.",
      nameOrNumber: 'Elle y est indiquée par son nom ou par son numéro IDCC (4 chiffres).',
      askHr: 'Vous pouvez aussi la demander à votre service RH.',
      exampleAlt: "Exemple d'en-tête de bulletin de paie indiquant la convention collective",
      contact: "Besoin d'aide ? Contactez-nous",
      close: 'Fermer',
      example: {
        company: 'SARL EXEMPLE',
        title: 'BULLETIN DE PAIE',
        period: 'Période : mars',
        employee: 'Salarié : Camille Martin',
        job: 'Emploi : Assistante',
        agreement: "Convention collective : Bureaux d'études techniques",
        idcc: 'IDCC : 1486',
        lines: 'Salaire de base  ·  Cotisations  ·  Net à payer',
        caption:
          "Exemple fictif : la convention collective et son numéro IDCC figurent dans l'en-tête.",
      },
    },
  },

  /** Step 3, /creer-compte */
  account: {
    title: 'Créer votre compte',
    subtitle: 'Accédez au budget formation de votre entreprise',
    firstName: 'Prénom',
    lastName: 'Nom',
    email: 'Email professionnel',
    emailPlaceholder: 'prenom.nom@entreprise.fr',
    phone: 'Téléphone (optionnel)',
    phonePlaceholder: '06 12 34 56 78',
    role: 'Votre rôle',
    rolePlaceholder: 'Sélectionnez votre rôle',
    /** 01 §5: the six roles, stored as written */
    roles: ['Dirigeant', 'RH', 'Organisme de formation', 'Salarié', 'Auto entrepreneur', 'Autre'],
    password: 'Mot de passe',
    confirmPassword: 'Confirmer le mot de passe',
    terms: "J'accepte les conditions générales d'utilisation",
    submit: 'Créer mon compte',
    submitting: 'Création du compte...',
    alreadyRegistered: 'Déjà inscrit ?',
    lastNameHint: 'Facultatif',
    passwordHint: '8 caractères minimum',
    companyReminder: (name: string) => `Compte pour ${name}`,
    /** (ours) sign-up could not reach the server */
    networkError: 'Connexion impossible : vérifiez votre connexion internet puis réessayez.',
    /** (ours) too many attempts */
    rateLimited: 'Trop de tentatives. Patientez une minute puis réessayez.',
  },

  /** Toasts and errors (01 §8) */
  toasts: {
    companyUpdated: 'Entreprise mise à jour avec succès',
    companyAdded: 'Entreprise ajoutée avec succès',
    saveError: 'Une erreur est survenue',
    updateLimit: 'Vous avez atteint le nombre maximum de modifications autorisées.',
    updateLimitContact: 'Nous contacter',
    /** 02 §5 */
    companyLimit: 'Vous ne pouvez pas ajouter plus de 3 entreprises',
    /** (ours) the device's storage is full */
    storageFull:
      "L'espace de stockage de votre appareil est plein : libérez de la place puis réessayez.",
  },
} as const;
