// Dashboard (02 §2.3, §4): budget card, company card, OPCO card, auto-entrepreneur screen, promo
// block, carousel. The budget texts and details-panel labels are document requirements returned
// by domain rules (src/domain/labels.ts): re-exported here.
import { BUDGET_DETAILS_LABELS, BUDGET_LABELS } from '@/domain/labels';

export const dashboard = {
  loading: 'Chargement des données...',

  budget: {
    heading: 'Voici le budget formation de votre entreprise !',
    ...BUDGET_LABELS,
    oupsContact: 'Nous contacter',
    detailsToggle: 'En savoir plus sur les conditions de financements',
    details: BUDGET_DETAILS_LABELS,
  },

  promo: {
    title: 'Vous êtes éligible à un accompagnement',
    text: 'Un conseiller vous aide à utiliser votre budget formation, sans frais.',
    formTitle: "Formulaire d'accompagnement",
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
    logoAlt: (name: string) => `Logo de ${name}`,
    website: "Visiter le site de l'OPCO",
    unknown: 'OPCO non identifié',
    unknownAction: 'Trouver mon OPCO',
  },

  /** Budget screen for auto-entrepreneurs (employee range 0 to 0) */
  autoEntrepreneur: {
    title: 'Votre budget formation de travailleur indépendant',
    intro:
      "En tant qu'auto-entrepreneur, votre formation est financée par un fonds d'assurance formation (FAF). Voici comment trouver le vôtre :",
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
    portalLink: 'Accéder à mon espace Urssaf',
    attestationLink: "Comment obtenir l'attestation",
    /** the section of the agency space that holds the certificate (02 §2.3) */
    attestationsSection: 'Mes attestations',
    callBack: 'Être recontacté',
  },

  carousel: {
    title: 'Les formations les plus demandées',
    previous: 'Formations précédentes',
    next: 'Formations suivantes',
    duration: 'Durée',
    impact: 'Impact',
    category: 'Catégorie',
  },

  actions: {
    findSupport: 'Trouver un accompagnement',
    surveyTeam: 'Sonder les besoins de mon équipe',
  },
} as const;
