// Dashboard (02 §2.3, §4): budget card, company card, OPCO card, auto-entrepreneur screen, promo
// block, carousel. The budget texts and details-panel labels are document requirements returned
// by domain rules (src/domain/labels.ts): re-exported here.
import { deName } from '@/domain/french-elision';
import {
  BUDGET_DETAILS_LABELS,
  BUDGET_LABELS,
  BUSINESS_IMPACT_LABELS,
  TRAINING_FORMAT_LABELS,
} from '@/domain/labels';

/** « d'AKTO », « d'OPCO EP », « de CONSTRUCTYS »: French elision before a vowel or a mute h. */
const ofName = (name: string) =>
  /^[aeiouyhàâéèêîôûAEIOUYHÀÂÉÈÊÎÔÛ]/.test(name) ? `d'${name}` : `de ${name}`;

export const dashboard = {
  /** page title while loading (visually hidden heading) */
  title: 'Mon budget',
  loading: 'Chargement des données...',

  /** (ours) a signed-in user with no company yet, e.g. data still arriving after sign-in */
  noCompany: {
    title: 'Aucune entreprise pour le moment',
    text: 'Ajoutez votre entreprise pour découvrir le budget formation financé par votre OPCO.',
    syncing: 'Récupération de vos entreprises en cours...',
    add: 'Ajouter une entreprise',
  },

  budget: {
    heading: 'Voici le budget formation de votre entreprise !',
    ...BUDGET_LABELS,
    /** (ours) figure shown from the local cache or the stored simulation */
    asOf: (date: string) => `Montant au ${date}`,
    oupsContact: 'Nous contacter',
    detailsToggle: 'En savoir plus sur les conditions de financements',
    /** (ours, issue 15) the details panel row naming the figure's source */
    source: 'Source',
    details: BUDGET_DETAILS_LABELS,
    /** (ours) */
    detailsLoading: 'Chargement des conditions de financement...',
    /** (ours) nothing from the lookup, nothing cached */
    detailsUnavailable:
      "Les conditions de financement ne sont pas disponibles pour le moment. Elles s'afficheront dès que la connexion le permettra.",
    /** (ours) the budget condition text under the figure */
    conditionLabel: 'Condition',
    /** (issue 27) salaries the source does not publish */
    wagesUnpublished: 'Non publié par la source',
  },

  /** (ours, issue 15) where the figure comes from, under the figure and in the details panel */
  source: {
    label: 'Source',
    sourced: (opco: string, year: number | null, branch: string | null) =>
      `Source : critères${year ? ` ${year}` : ''} ${ofName(opco)}${branch ? ` (${branch})` : ''}`,
    opcoDefault: "règle générale de l'OPCO",
    published: (date: string) => `mis à jour le ${date}`,
    retrieved: (date: string) => `relevé le ${date}`,
    reliability: {
      official: "page officielle de l'OPCO",
      press: 'article de presse ou page professionnelle',
      compilation: "compilation de sources publiques, non vérifiée auprès de l'OPCO",
    },
    link: 'Voir la source',
    indicative: "Montant indicatif, à confirmer auprès de l'OPCO.",
    conflict: (others: string) =>
      `Les sources publiées divergent (${others}) : montant à confirmer auprès de l'OPCO.`,
    conflictOther: (amount: string | null, date: string | null) =>
      [amount ?? 'montant non publié', date ? `relevé le ${date}` : null]
        .filter(Boolean)
        .join(', '),
    unavailable:
      "Aucun montant publié n'a été relevé pour votre convention collective et votre effectif.",
    criteriaLink: (opco: string | null) =>
      opco
        ? `Consulter les critères de financement ${ofName(opco)}`
        : "Consulter les critères de financement de l'OPCO",
    sample: "Données d'exemple : ce montant est fictif, il ne vaut pas budget.",
    /** (issue 27) one source of a figure, with what it states */
    sourceLine: (n: number, total: number) => (total > 1 ? `Source ${n} :` : 'Source :'),
    criteriaOf: (opco: string, year: number | null, reach: string) =>
      `critères${year ? ` ${year}` : ''} ${ofName(opco)} (${reach})`,
    branchRule: 'règle de votre branche',
    compilationLabel: (label: string | null) =>
      label
        ? `compilation ${label} non vérifiée auprès de l'OPCO`
        : "compilation non vérifiée auprès de l'OPCO",
    statesAmount: (amount: string) => `indique ${amount}`,
    statesNoAmount: 'ne donne pas de montant annuel',
    quote: (text: string) => `Ce que dit la source : ${text}`,
    legalPlan: "plan légal de l'OPCO (moins de 50 salariés)",
    outdatedSource: 'critères périmés',
    disputedIndicative:
      "Les sources ne s'accordent pas : le montant est une fourchette, à confirmer auprès de l'OPCO.",
  },

  /**
   * (ours, issue 27) the figure an employer can trust: its amounts with their basis (HT, TTC, not
   * stated), the criteria's year and reliability, their age, a dispute as a range, the rule from
   * 50 employees (Code du travail, art. L. 6332-3), an IDCC the service does not know.
   */
  figure: {
    headline: {
      official: (year: string) => `Critères ${year} publiés par l'OPCO`,
      compilation: (year: string) => `Critères ${year} : compilation non vérifiée auprès de l'OPCO`,
      press: (year: string) => `Critères ${year} relevés dans la presse, non vérifiés`,
      outdated: (year: string) => `Derniers critères publiés : ${year}`,
      disputed: 'Les sources publiées divergent',
      noYear: 'année non précisée',
    },
    /** item 8: the criteria are older than 12 months */
    olderThan12Months: 'Critères de plus de 12 mois : vérifiez-les auprès de votre OPCO',
    undated: 'Critères sans date : vérifiez-les auprès de votre OPCO',
    total: 'Budget Total :',
    legal: 'Budget Légal :',
    conventional: 'Budget Conventionnel :',
    sum: 'Total légal + conventionnel :',
    /** a range between sources */
    range: (min: string, max: string, unit: string) =>
      `de ${min} à ${max} ${unit} selon les sources`,
    /** '€' when the source does not say HT or TTC */
    unit: { HT: '€ HT', TTC: '€ TTC', unknown: '€' },
    basisUnknown: 'HT ou TTC non précisé par la source',
    noYearlyCap: "Pas de plafond annuel publié pour votre tranche d'effectif",
    hourly: (amount: string) => `Jusqu'à ${amount} par heure de formation`,
    perTrainee: (amount: string) => `Jusqu'à ${amount} par stagiaire et par dossier`,
    withoutAmount: 'pas de montant fixe publié (voir ce que dit la source)',
    /** a figure published for 50 employees and more */
    from50Figure:
      "À partir de 50 salariés, ce montant vient des contributions conventionnelles de votre branche ou des versements volontaires de l'entreprise, pas des contributions légales (Code du travail, art. L. 6332-3).",
    from50: {
      title: 'À partir de 50 salariés',
      rule: "Les contributions légales versées à l'OPCO financent le plan de développement des compétences des seules entreprises de moins de 50 salariés. À partir de 50 salariés, la formation est financée par les contributions conventionnelles de votre branche, si un accord en prévoit, ou par des versements volontaires de votre entreprise à l'OPCO.",
      law: "Code du travail, art. L. 6332-3 : l'opérateur de compétences gère les fonds « des actions utiles au développement des compétences au bénéfice des entreprises de moins de cinquante salariés » ; art. R. 6332-15 : les contributions supplémentaires versées « en application d'un accord de branche » ou « sur une base volontaire par l'entreprise ».",
      ask: 'Votre OPCO vous indique ce que votre branche finance et comment verser une contribution volontaire.',
    },
    unknownIdcc: {
      title: 'Convention collective inconnue de notre référentiel',
      text: (idcc: string) =>
        `La convention collective IDCC ${idcc} ne figure pas dans notre référentiel : nous ne pouvons pas indiquer son OPCO ni son budget. Un conseiller peut vous aider à le trouver.`,
      action: 'Être recontacté par un conseiller',
    },
  },

  promo: {
    title: 'Vous êtes éligible à un accompagnement',
    text: 'Un conseiller vous aide à utiliser votre budget formation, sans frais.',
    formTitle: "Formulaire d'accompagnement",
    /** (ours) the embedded form needs the network */
    offline:
      "Le formulaire d'accompagnement nécessite une connexion internet. Il s'affichera dès le retour de la connexion.",
    findSupport: 'Trouver un accompagnement',
    surveyTeam: 'Sonder les besoins de mon équipe',
  },

  company: {
    title: 'Votre entreprise',
    name: 'Entreprise',
    address: 'Adresse',
    siret: 'SIRET',
    headcount: 'Effectif salarié',
    agreement: 'Convention collective',
    notProvided: 'Non renseigné',
  },

  opco: {
    title: "L'OPCO de votre entreprise",
    website: "Visiter le site de l'OPCO",
    unknown: 'OPCO non identifié',
    unknownAction: 'Trouver mon OPCO',
    /** (ours) under the name when no website is known */
    unknownHint: 'Consultez la liste officielle des OPCO pour trouver le vôtre.',
  },

  /** Budget screen for auto-entrepreneurs (employee range 0 to 0) */
  autoEntrepreneur: {
    title: 'Votre budget formation de travailleur indépendant',
    intro:
      "En tant qu'auto-entrepreneur, votre formation est financée par un fonds d'assurance formation (FAF). Voici comment trouver le vôtre :",
    stepsTitle: 'Trouver votre fonds de formation',
    steps: [
      "Connectez-vous à votre espace sur le site de l'Urssaf (autoentrepreneur.urssaf.fr).",
      "Ouvrez la rubrique 'Mes attestations'.",
      "Téléchargez l'attestation de contribution à la formation professionnelle (CFP).",
      "L'attestation indique le fonds qui finance votre formation : VIVEA, FIF PL, FAFCEA ou AGEFICE.",
    ],
    firstYear: "Moins d'un an d'activité ? L'attestation peut ne pas encore être disponible.",
    fundsTitle: 'Les fonds de formation des indépendants',
    funds: {
      VIVEA: 'VIVEA',
      'FIF PL': 'FIF PL',
      FAFCEA: 'FAFCEA',
      AGEFICE: 'AGEFICE',
    },
    fundsDescription: {
      VIVEA: "Chefs d'exploitation et entreprises agricoles",
      'FIF PL': 'Professions libérales',
      FAFCEA: 'Artisans',
      AGEFICE: 'Commerçants et dirigeants non salariés',
    },
    fundLink: (fund: string) => `Site ${deName(fund)}`,
    agencyTitle: 'Votre espace Urssaf',
    portalLink: 'Accéder à mon espace Urssaf',
    attestationLink: "Comment obtenir l'attestation",
    /** the section of the agency space that holds the certificate (02 §2.3) */
    attestationsSection: 'Mes attestations',
    callBackText: "Besoin d'aide pour financer votre formation ? Un conseiller vous rappelle.",
    callBack: 'Être recontacté',
  },

  carousel: {
    title: 'Les formations les plus demandées',
    roleDescription: 'carrousel',
    slideRoleDescription: 'diapositive',
    slideLabel: (n: number, total: number) => `${n} sur ${total}`,
    keyboardHint:
      'Utilisez les flèches gauche et droite pour parcourir les formations. Choisissez une formation pour prendre rendez-vous.',
    previous: 'Formations précédentes',
    next: 'Formations suivantes',
    duration: 'Durée',
    impact: 'Impact',
    category: 'Catégorie',
  },

  /**
   * The 8 most-requested trainings (02 §2.3, §3 "Static training", §9: prices from 1550 to 8200
   * euros excl. VAT, coverage 100%). Content ours.
   */
  trainings: [
    {
      id: 'management-distance',
      title: 'Manager une équipe à distance',
      category: 'Management',
      duration: '14 h',
      format: TRAINING_FORMAT_LABELS.remote,
      price: '2 450 € HT',
      coverage: '100 %',
      impact: BUSINESS_IMPACT_LABELS.high,
      description:
        'Animer, motiver et suivre une équipe en télétravail ou multi-sites : rituels, outils collaboratifs et communication à distance.',
      image: 'management',
    },
    {
      id: 'prospection',
      title: 'Prospection commerciale et négociation',
      category: 'Commercial',
      duration: '21 h',
      format: TRAINING_FORMAT_LABELS.in_person,
      price: '3 200 € HT',
      coverage: '100 %',
      impact: BUSINESS_IMPACT_LABELS.high,
      description:
        'Cibler, décrocher des rendez-vous et conclure : techniques de questionnement, traitement des objections et closing.',
      image: 'sales',
    },
    {
      id: 'ia-generative',
      title: "Intégrer l'IA générative dans son métier",
      category: 'Intelligence artificielle',
      duration: '14 h',
      format: TRAINING_FORMAT_LABELS.remote,
      price: '2 900 € HT',
      coverage: '100 %',
      impact: BUSINESS_IMPACT_LABELS.high,
      description:
        'Rédiger de bons prompts, automatiser les tâches répétitives et utiliser les assistants IA en respectant la confidentialité des données.',
      image: 'ai',
    },
    {
      id: 'excel',
      title: 'Excel avancé : tableaux croisés et automatisation',
      category: 'Bureautique',
      duration: '14 h',
      format: TRAINING_FORMAT_LABELS.e_learning,
      price: '1 550 € HT',
      coverage: '100 %',
      impact: BUSINESS_IMPACT_LABELS.medium,
      description:
        'Fonctions avancées, tableaux croisés dynamiques, Power Query et premières macros pour gagner du temps au quotidien.',
      image: 'office',
    },
    {
      id: 'marketing-digital',
      title: 'Marketing digital et réseaux sociaux',
      category: 'Marketing',
      duration: '21 h',
      format: TRAINING_FORMAT_LABELS.remote,
      price: '3 600 € HT',
      coverage: '100 %',
      impact: BUSINESS_IMPACT_LABELS.medium,
      description:
        'Construire une stratégie de contenus, animer LinkedIn et Instagram, mesurer les résultats et générer des contacts qualifiés.',
      image: 'marketing',
    },
    {
      id: 'finance',
      title: 'La finance pour non-financiers',
      category: 'Gestion et finance',
      duration: '21 h',
      format: TRAINING_FORMAT_LABELS.in_person,
      price: '4 100 € HT',
      coverage: '100 %',
      impact: BUSINESS_IMPACT_LABELS.medium,
      description:
        'Lire un bilan et un compte de résultat, suivre sa trésorerie et piloter la rentabilité de son activité.',
      image: 'finance',
    },
    {
      id: 'anglais',
      title: 'Anglais professionnel',
      category: 'Langues',
      duration: '40 h',
      format: TRAINING_FORMAT_LABELS.remote,
      price: '5 400 € HT',
      coverage: '100 %',
      impact: BUSINESS_IMPACT_LABELS.medium,
      description:
        'Cours individuels avec un formateur : réunions, appels, e-mails et présentations en anglais, selon votre niveau.',
      image: 'languages',
    },
    {
      id: 'leadership',
      title: 'Leadership et conduite du changement',
      category: 'Management',
      duration: '35 h',
      format: TRAINING_FORMAT_LABELS.in_person,
      price: '8 200 € HT',
      coverage: '100 %',
      impact: BUSINESS_IMPACT_LABELS.high,
      description:
        "Fédérer autour d'un projet, accompagner les résistances et faire grandir ses collaborateurs dans une organisation qui change.",
      image: 'leadership',
    },
  ],

  actions: {
    findSupport: 'Trouver un accompagnement',
    surveyTeam: 'Sonder les besoins de mon équipe',
  },
} as const;
