// Validation messages (01 §5, 02 §5). They are requirements of the reference documents, written
// here character for character, so that the zod schemas of src/domain can use them;
// src/i18n/fr/validation.ts re-exports this object as `fr.validation` (one entry point for UI).
//
// Messages the documents do not word are marked "(ours)".

export const messages = {
  // ---- shared ---------------------------------------------------------------------------------
  /** (ours) a payload that is not an object at all */
  invalidForm: 'Formulaire invalide',
  /** (ours) a value of the wrong type in an optional field */
  invalidValue: 'Valeur invalide',
  /** (ours) a survey answer that is neither a text nor a list of texts */
  answerInvalid: 'Réponse invalide',
  /** (ours) any text field over its length bound */
  tooLong: (max: number) => `Ce champ ne peut pas dépasser ${max} caractères`,

  // ---- account form (01 §5) and account settings (02 §5) ----------------------------------------
  nameRequired: 'Le nom est requis',
  emailInvalid: 'Email invalide',
  phoneInvalid: 'Le numéro de téléphone doit être au format français (ex: 06 12 34 56 78)',
  roleRequired: 'Veuillez sélectionner votre rôle',
  passwordMinLength: 'Le mot de passe doit contenir au moins 8 caractères',
  passwordsMismatch: 'Les mots de passe ne correspondent pas',
  /** (ours) the documents say the terms checkbox is required without wording the message */
  termsRequired: "Vous devez accepter les conditions générales d'utilisation",
  currentPasswordRequired: 'Le mot de passe actuel est requis',
  newPasswordMinLength: 'Le nouveau mot de passe doit contenir au moins 8 caractères',
  /** (ours) a password of the common-password list (issue 14 item 3) */
  passwordTooCommon:
    'Ce mot de passe est trop courant et facile à deviner. Choisissez-en un autre, plus personnel.',

  // ---- login (02 §5) ----------------------------------------------------------------------------
  passwordRequired: 'Le mot de passe est requis',

  // ---- agreement and headcount step (01 §5) -------------------------------------------------------
  agreementRequired: 'Veuillez sélectionner une convention collective',
  idccNotNumber: "L'IDCC doit être un nombre",
  headcountRequired: "Veuillez sélectionner une tranche d'effectif",
  employeeCountRequired: "Veuillez saisir un nombre d'employés",
  employeeCountPositive: "Le nombre d'employés doit être un nombre positif",

  // ---- company typed by hand when the registry is unavailable (issue 15, 16) (ours) ----------------
  /** (ours) */
  siretInvalid: 'Le numéro SIRET doit comporter 14 chiffres',
  /** (ours) */
  companyNameRequired: "Le nom de l'entreprise est requis",

  // ---- companies (02 §5) -------------------------------------------------------------------------
  companyLimit: 'Vous ne pouvez pas ajouter plus de 3 entreprises',

  // ---- simulation update limit (01 §8) -----------------------------------------------------------
  updateLimit: 'Vous avez atteint le nombre maximum de modifications autorisées.',

  // ---- unlock-budget form (02 §5) ------------------------------------------------------------------
  objectiveRequired: 'Veuillez sélectionner un objectif',
  targetRequired: 'Veuillez sélectionner un public cible',
  topicsRequired: 'Veuillez sélectionner au moins une thématique',
  rhythmRequired: 'Veuillez sélectionner un rythme de formation',
  /** (ours) 'Autre' chosen with an empty free text */
  otherTextRequired: 'Veuillez préciser votre réponse',
  /** (ours) start date that is not a calendar date */
  startDateInvalid: 'Date invalide',
  /** (ours) start date before today */
  startDateInPast: "La date de début ne peut pas être antérieure à aujourd'hui",
  mustBeSignedIn: 'Vous devez être connecté pour soumettre le formulaire',
  noCompanySelected: 'Aucune entreprise sélectionnée',

  // ---- AI recommendation (02 §5) -------------------------------------------------------------------
  needRequired: 'Veuillez décrire votre besoin en formation',

  // ---- new training request (02 §5) ----------------------------------------------------------------
  estimateNeedsTopicAndDescription: 'Veuillez remplir la thématique et la description',
  /** (ours) */
  topicRequired: 'La thématique est requise',
  /** (ours) */
  descriptionRequired: 'La description est requise',
  /** (ours) */
  formatRequired: 'Veuillez choisir un format',
  /** (ours) */
  durationRequired: 'La durée est requise',
  /** (ours) */
  durationMin: "La durée doit être d'au moins 1 heure",
  /** (ours) */
  budgetRequired: 'Le budget est requis',
  /** (ours) */
  budgetMin: 'Le budget doit être un montant positif ou nul',
  /** (ours) */
  numberInvalid: 'Veuillez saisir un nombre',
  /** (ours) editing a request (issue 29): the funding, the coverage rate, a new employee */
  fundingRequired: 'Le financement est requis',
  /** (ours) */
  coverageRequired: 'Le taux de prise en charge est requis',
  /** (ours) */
  coverageRange: 'Le taux de prise en charge doit être compris entre 0 et 100 %',
  /** (ours) */
  employeeDepartmentRequired: 'Veuillez choisir le département du salarié',

  // ---- team surveys (02 §5) --------------------------------------------------------------------------
  /** (ours) the documents say "name required (Create disabled if empty)" */
  surveyNameRequired: 'Le nom du sondage est requis',

  // ---- public survey (02 §5) -------------------------------------------------------------------------
  /** (ours) */
  departmentRequired: 'Veuillez sélectionner votre service',
  /** (ours) */
  toolsAnswerRequired: 'Veuillez répondre à la question sur les outils',
  /** (ours) */
  firstNameRequired: 'Le prénom est requis',
  /** (ours) */
  lastNameRequired: 'Le nom est requis',
  surveyIdMissing: 'ID du sondage manquant',
  surveyClosed: 'Ce sondage est clôturé',

  // ---- amount confirmed by the OPCO (issue 27 item 7) (ours) ------------------------------------------
  confirmationAmountRequired: 'Le montant est requis',
  confirmationAmountInvalid: 'Saisissez un montant en euros, par exemple 4 800 ou 4 800,50',
  confirmationAmountMax: 'Le montant ne peut pas dépasser 10 000 000 €',
  confirmationBasisRequired: 'Indiquez si le montant est HT, TTC ou non précisé',
  confirmationDateRequired: 'La date est requise',
  confirmationDateFuture: 'La date ne peut pas être dans le futur',
  confirmationDateTooOld:
    'La date ne peut pas être antérieure au 1er avril 2019, date de création des OPCO',
} as const;

export type Messages = typeof messages;
