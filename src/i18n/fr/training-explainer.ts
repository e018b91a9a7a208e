// Training explainer page (/training, 'Fonctionnement', 02 §2.13).
export const trainingExplainer = {
  title: 'Comment ça marche ?',
  subtitle:
    'Transformez votre budget formation en formations sur mesure, accompagné par des experts.',
  steps: [
    {
      title: 'Découvrez votre budget',
      text: "Nous calculons le budget formation financé par l'OPCO de votre entreprise.",
    },
    {
      title: 'Identifiez vos besoins',
      text: 'Sondez votre équipe ou décrivez votre défi pour obtenir des recommandations.',
    },
    {
      title: 'Rencontrez votre expert',
      text: 'Un conseiller vous met en relation avec un expert sous 48h.',
    },
    {
      title: 'Formez votre équipe',
      text: "Des sessions de 2 à 4 h par semaine, jusqu'à 100% financées.",
    },
  ],
  claims: {
    experts: 'Plus de 800 experts',
    companies: 'Plus de 500 entreprises',
    funded: '100% financé',
    sessions: 'Des sessions de 2 à 4 h par semaine',
  },
  /** (ours) */
  stepsTitle: 'Les étapes',
  /** (ours) */
  claimsTitle: 'Budget Formation en chiffres',
  /** (ours) */
  startTitle: 'Par où commencer ?',
  /** (ours) */
  recommendationsText:
    'Décrivez votre défi : nous vous proposons des formations adaptées et finançables.',
  /** (ours) */
  teamSurveyText:
    'Envoyez un court sondage à votre équipe pour connaître ses besoins de formation.',
  ctaRecommendations: 'Trouver ma formation',
  ctaTeamSurvey: 'Sonder mon équipe',
  /** (ours) visitors without an account start with their budget */
  ctaBudget: 'Découvrir mon budget formation',
} as const;
