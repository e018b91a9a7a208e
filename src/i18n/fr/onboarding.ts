// Anonymous onboarding wizard (01 §1, §2, §5, §8): company search, agreement and headcount step,
// account creation. Validation messages are in fr.validation.
import { HEADCOUNT_LABELS } from '@/domain/labels';
export const onboarding = {
  /** 3-step progress indicator (01 §2, §9) */
  steps: ['Entreprise', 'Informations', 'Contact'],
  stepCompleted: 'Étape terminée',
  stepOf: (current: number, total: number) => `Étape ${current} sur ${total}`,
  login: 'Se connecter',
  back: 'Retour',
  continue: 'Continuer',

  /** Marketing side panel (01 §1) */
  marketing: {
    title: 'Découvrez votre budget formation en 2 minutes',
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
    agreementLabel: 'Convention collective',
    agreementEstimate: 'Suggestions estimées à partir du code NAF de votre entreprise',
    agreementCustomOption: "Autre convention (saisir l'IDCC)",
    idccLabel: 'Numéro IDCC',
    idccPlaceholder: 'Ex : 1486',
    idccSearching: 'Recherche des conventions...',
    idccNoResults: 'Aucune convention trouvée pour ce numéro',
    idccOption: (idcc: string, label: string) => `${idcc} - ${label}`,
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
  },

  /** Toasts and errors (01 §8) */
  toasts: {
    companyUpdated: 'Entreprise mise à jour avec succès',
    companyAdded: 'Entreprise ajoutée avec succès',
    saveError: 'Une erreur est survenue',
    updateLimit: 'Vous avez atteint le nombre maximum de modifications autorisées.',
    updateLimitContact: 'Nous contacter',
  },
} as const;
