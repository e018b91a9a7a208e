// Team surveys (/team-survey, 02 §2.17, §5, §8).
import type { SurveyDepartment, SurveySector } from '@/domain/survey-departments';
import { responsesLabel } from '@/domain/survey-results';

const own = (label: string): SurveyDepartment => ({ label, set: 'other' });

/**
 * (ours, issue 29) Services suggested from the company's activity (NAF code): each answers the
 * « Autre » questions (the job, its challenges, the trainings that would help).
 */
const SECTOR_DEPARTMENTS: Record<SurveySector, { name: string; departments: SurveyDepartment[] }> =
  {
    bakery: {
      name: 'une boulangerie-pâtisserie',
      departments: [own('Fournil et laboratoire'), own('Vente en boutique')],
    },
    food: {
      name: 'une entreprise agroalimentaire',
      departments: [
        own('Production'),
        own('Qualité et hygiène'),
        own('Logistique et expédition'),
        own('Maintenance'),
      ],
    },
    restaurant: {
      name: 'un restaurant',
      departments: [own('Cuisine'), own('Salle et service'), own('Plonge et entretien')],
    },
    hotel: {
      name: 'un hôtel',
      departments: [own('Réception'), own('Étages et entretien'), own('Restauration')],
    },
    retail: {
      name: 'un commerce',
      departments: [own('Vente en magasin'), own('Réception et stocks'), own('Caisse')],
    },
    construction: {
      name: 'une entreprise du bâtiment',
      departments: [own('Chantier'), own("Bureau d'études"), own('Conduite de travaux')],
    },
    transport: {
      name: 'une entreprise de transport',
      departments: [own('Conduite'), own('Exploitation et planning'), own('Entrepôt et quai')],
    },
    garage: {
      name: 'un garage',
      departments: [own('Atelier'), own('Vente de véhicules'), own('Accueil et après-vente')],
    },
    care: {
      name: 'un établissement de santé ou médico-social',
      departments: [
        own('Soins'),
        own('Accompagnement et vie quotidienne'),
        own('Accueil et secrétariat'),
      ],
    },
    beauty: {
      name: "un salon de coiffure ou d'esthétique",
      departments: [own('Coiffure et soins'), own('Accueil et vente')],
    },
    cleaning: {
      name: 'une entreprise de propreté',
      departments: [own('Équipes sur site'), own('Encadrement de proximité')],
    },
    manufacturing: {
      name: 'une entreprise industrielle',
      departments: [own('Production'), own('Maintenance'), own('Qualité'), own('Logistique')],
    },
    farming: {
      name: 'une exploitation agricole',
      departments: [own('Cultures'), own('Élevage'), own('Vente directe')],
    },
  };

export const teamSurveys = {
  title: 'Sonder mon équipe',
  subtitle: 'Interrogez vos collaborateurs pour identifier leurs besoins en formation.',
  create: 'Créer un sondage',
  listLabel: 'Mes sondages',
  createDialog: {
    title: 'Nouveau sondage',
    name: 'Nom du sondage',
    namePlaceholder: 'Ex : Besoins en formation 2027',
    hint: 'Vos collaborateurs répondent depuis un simple lien, sans compte.',
    submit: 'Créer',
    cancel: 'Annuler',
    /** (ours, issue 29) the departments asked about, and the questions */
    departments: 'Services interrogés',
    departmentsHint: 'Vos salariés choisissent leur service dans cette liste.',
    suggested: (sector: string, company: string) =>
      `Services suggérés pour ${sector}, d'après l'activité de ${company} : cochez, décochez ou ajoutez les vôtres.`,
    generic: 'Cochez les services à interroger, ou ajoutez les vôtres.',
    sectors: SECTOR_DEPARTMENTS,
    addLabel: 'Ajouter un service',
    addPlaceholder: 'Ex : Atelier',
    add: 'Ajouter',
    addErrors: {
      empty: 'Saisissez le nom du service.',
      too_long: 'Le nom du service ne peut pas dépasser 60 caractères.',
      duplicate: 'Ce service est déjà dans la liste.',
      too_many: 'Un sondage peut interroger 12 services au plus.',
    },
    choiceErrors: {
      none: 'Choisissez au moins un service.',
      too_many: 'Choisissez 12 services au plus.',
    },
    chosenCount: (n: number) => `${n} ${n > 1 ? 'services choisis' : 'service choisi'}`,
    questions: 'Questions posées',
    questionsIntro:
      'Chaque salarié répond aux questions de son service, puis à deux questions communes. Son nom est facultatif.',
    questionsOf: (label: string, n: number) =>
      `${label} : ${n} ${n > 1 ? 'questions' : 'question'}`,
    common: 'Pour tous les services',
    commonQuestions: [
      'Disposez-vous des outils nécessaires pour bien faire votre travail ? (Oui, Partiellement, Non, Je ne sais pas)',
      'Une suggestion pour améliorer votre quotidien au travail ? (facultatif)',
      'Prénom et nom (facultatifs)',
    ],
    questionTypes: {
      checkbox: 'plusieurs réponses possibles',
      radio: 'une seule réponse',
      text: 'réponse libre',
    },
    questionsUnavailable:
      "Le détail des questions s'affichera dès que la connexion permettra de le charger.",
  },
  card: {
    createdOn: (date: string) => `Créé le ${date}`,
    copyLink: 'Copier le lien',
    /** (ours, issue 29) Web Share where the browser has it, copy otherwise */
    share: 'Partager',
    shareTitle: (name: string) => `Sondage : ${name}`,
    shareText: (company: string | null) =>
      company
        ? `${company} vous invite à répondre à un court sondage sur vos besoins en formation.`
        : 'Vous êtes invité à répondre à un court sondage sur vos besoins en formation.',
    qrCode: 'QR code',
    qrCodeOf: (name: string) => `QR code du sondage ${name}`,
    close: 'Clôturer',
    results: 'Voir les résultats',
    resultsOf: (name: string) => `Voir les résultats du sondage ${name}`,
    responsesTitle: 'Réponses',
    responses: responsesLabel,
    latestTitle: 'Dernière réponse',
    latestResponse: (date: string) => `Dernière réponse le ${date}`,
    noResponse: 'Aucune réponse pour le moment',
    perDepartment: 'Réponses par service',
    departmentCount: (label: string, count: number) => `${label} : ${count}`,
    link: 'Lien du sondage',
    /** (ours) a survey created offline exists only on this device until it is synchronised */
    notSynced:
      "Sondage pas encore synchronisé : le lien ne fonctionnera qu'une fois la connexion rétablie et la synchronisation faite.",
    /** (ours) closed on this device, not yet on the server */
    closePending: 'Clôture en attente de synchronisation : le sondage accepte encore des réponses.',
  },
  /** (ours, issue 29) */
  qrDialog: {
    title: 'QR code du sondage',
    text: 'Affichez ou imprimez ce QR code : vos salariés le scannent avec leur téléphone pour ouvrir le sondage.',
    alt: (name: string) => `QR code ouvrant le sondage « ${name} »`,
    download: 'Télécharger le QR code (SVG)',
    loading: 'Préparation du QR code…',
    error: "Le QR code n'a pas pu être préparé : rechargez la page lorsque la connexion le permet.",
  },
  closeDialog: {
    title: 'Clôturer le sondage',
    text: "Un sondage clôturé n'accepte plus de réponses et ne peut pas être rouvert.",
    confirm: 'Clôturer',
    cancel: 'Annuler',
  },
  retry: 'Réessayer',
  empty: {
    title: 'Aucun sondage',
    text: 'Créez un sondage et partagez son lien avec votre équipe.',
  },
  /** 02 §8 */
  toasts: {
    loadError: 'Erreur lors du chargement des sondages',
    createError: 'Erreur lors de la création du sondage',
    created: 'Sondage créé avec succès',
    closeError: 'Erreur lors de la clôture du sondage',
    closed: 'Sondage clôturé',
    linkCopied: 'Lien copié !',
    /** (ours) the browser refused the clipboard */
    copyFailed: 'Copie impossible : sélectionnez le lien et copiez-le manuellement.',
  },
} as const;
