// Terms of use and privacy notice (issue 29 item 12): what the product does, and what it stores
// where (the device, the server, survey answers, third-party services), how long, and how to ask
// for deletion. Every statement matches the code: src/db (IndexedDB), src/lib/auth and
// src/features/onboarding/lib/storage.ts (localStorage), supabase/migrations (server tables, soft
// deletes), server/prune.ts (60 days), supabase/functions/_shared/llm.ts (optional AI provider),
// 02 §7.5 (the embedded form's fields). No figure or company detail that the code does not state.

export type LegalSection = {
  title: string;
  paragraphs: readonly string[];
  items?: readonly string[];
};

export const legal = {
  updated: 'Dernière mise à jour : 27 novembre 2026',
  contactAction: 'Nous contacter',

  terms: {
    title: "Conditions générales d'utilisation",
    intro:
      "Budget Formation aide une entreprise à connaître le budget formation financé par son opérateur de compétences (OPCO), puis à l'utiliser : projet de formation, sondages d'équipe, mise en relation avec un conseiller ou un expert. En créant un compte, vous acceptez les conditions ci-dessous.",
    sections: [
      {
        title: 'Le service',
        paragraphs: [
          'Le service est accessible depuis un navigateur et fonctionne aussi hors ligne : vos modifications sont enregistrées sur votre appareil, puis envoyées au serveur dès que la connexion revient.',
          "Un compte permet de suivre jusqu'à 3 entreprises. Le budget d'une entreprise peut être recalculé 3 fois (convention collective ou effectif modifiés) ; au-delà, contactez-nous.",
        ],
      },
      {
        title: 'Les montants affichés',
        paragraphs: [
          "Les budgets sont calculés à partir des critères de financement publiés par les OPCO, avec leur source et leur date. Ils sont indicatifs : seul votre OPCO confirme un financement. Quand aucun critère publié ne s'applique, aucun montant n'est affiché.",
          "Les entreprises, experts ou montants marqués « données d'exemple » sont fictifs et servent à découvrir le service.",
          'Les recommandations de formation, estimations de durée et de coût et analyses de sondage sont produites automatiquement : ce sont des suggestions, à vérifier avant toute décision.',
        ],
      },
      {
        title: 'Votre compte',
        paragraphs: [
          "Vous êtes responsable des informations que vous saisissez et de la confidentialité de votre mot de passe. N'utilisez le service que pour une entreprise que vous représentez.",
          "Les personnes qui répondent à vos sondages le font sans compte : ne leur demandez pas d'informations sensibles (santé, opinions, etc.) dans les réponses libres.",
        ],
      },
      {
        title: 'Services tiers',
        paragraphs: [
          "La prise de rendez-vous et le formulaire d'accompagnement s'affichent depuis les services de nos partenaires : ce que vous y saisissez leur est transmis. Les liens vers les sites des OPCO et des organismes publics ouvrent leurs propres pages.",
        ],
      },
      {
        title: 'Disponibilité et évolution',
        paragraphs: [
          'Nous faisons notre possible pour que le service reste disponible et que rien de ce que vous saisissez ne soit perdu, sans pouvoir le garantir en toutes circonstances. Ces conditions peuvent évoluer ; la date de mise à jour figure en haut de cette page.',
        ],
      },
    ] satisfies readonly LegalSection[],
    contact: 'Une question sur ces conditions ? Écrivez-nous depuis notre page de contact.',
  },

  privacy: {
    title: 'Confidentialité',
    intro:
      'Cette page dit quelles données Budget Formation enregistre, où, pour combien de temps, qui les voit et comment en demander la suppression.',
    sections: [
      {
        title: 'Sur votre appareil',
        paragraphs: [
          "Pour fonctionner hors ligne, l'application garde dans le navigateur (base IndexedDB) une copie de vos données : entreprises et budgets, projet de formation, demandes, sondages et leurs réponses, parrainages, ainsi que les modifications pas encore envoyées au serveur et les derniers montants reçus avec leur date.",
          "Le stockage local du navigateur garde votre session de connexion, l'entreprise sélectionnée, les étapes de l'inscription en cours (entreprise choisie, convention collective, effectif, coordonnées saisies, jamais le mot de passe) et les formulaires en cours de saisie.",
          "Se déconnecter efface ces données de l'appareil (un brouillon de demande en cours disparaît à la fermeture de l'onglet). Si des modifications n'ont pas encore été envoyées, l'application vous le dit avant.",
        ],
      },
      {
        title: 'Sur notre serveur',
        paragraphs: [
          "Le serveur enregistre votre compte (adresse e-mail, mot de passe conservé sous forme d'empreinte et jamais en clair, sessions), votre profil (nom, e-mail, téléphone, rôle), vos entreprises (nom, adresse, SIRET, code NAF, convention collective, effectif, budget calculé), vos demandes, votre projet de formation, vos sondages et leurs réponses, et vos parrainages.",
          "Chaque compte ne voit que ses propres données. Pour garantir qu'une modification n'est jamais appliquée deux fois, le serveur garde aussi, pendant 60 jours, la trace technique des modifications reçues de chacun de vos appareils.",
        ],
      },
      {
        title: 'Les réponses aux sondages',
        paragraphs: [
          "Une personne qui répond à un sondage d'équipe n'a pas de compte. Sa réponse (service, choix, réponses libres, et son prénom et son nom s'il les donne) est enregistrée sur le serveur et n'est visible que par le compte qui a créé le sondage.",
          "La réponse est aussi gardée dans le navigateur de la personne qui répond : elle y attend le retour de la connexion si besoin, et y reste ensuite jusqu'à ce que les données du site soient effacées dans ce navigateur. L'analyse automatique des résultats ne reçoit ni les prénoms ni les noms.",
        ],
      },
      {
        title: "Ce qui part vers d'autres services",
        paragraphs: ['Selon ce que vous utilisez :'],
        items: [
          "la recherche d'entreprise envoie le texte tapé au registre des entreprises ;",
          "le calcul du budget envoie la convention collective et la tranche d'effectif ;",
          "le formulaire d'accompagnement reçoit votre e-mail, votre téléphone, la convention collective, l'effectif et le budget affiché ;",
          'la prise de rendez-vous reçoit votre nom, votre e-mail et ce que vous y saisissez ;',
          "les recommandations, estimations et analyses de sondage peuvent être confiées à un service d'intelligence artificielle quand l'éditeur en configure un (sans les noms des personnes sondées) ;",
          "l'application ne charge aucun outil de mesure d'audience tiers.",
        ],
      },
      {
        title: 'Durée de conservation',
        paragraphs: [
          "Vos données sont conservées tant que votre compte existe. Un élément que vous supprimez dans l'application disparaît de vos écrans et de vos appareils, mais reste enregistré sur le serveur, marqué comme supprimé, jusqu'à la suppression de votre compte. La trace technique des modifications est effacée après 60 jours.",
        ],
      },
      {
        title: 'Vos droits et la suppression de vos données',
        paragraphs: [
          "Vous pouvez corriger votre profil et vos entreprises dans l'application. Pour obtenir une copie de vos données ou la suppression de votre compte et de tout ce qui s'y rattache, écrivez-nous depuis notre page de contact en indiquant l'adresse e-mail du compte.",
          "Une personne qui a répondu à un sondage peut demander la suppression de sa réponse à l'entreprise qui le lui a envoyé, ou nous écrire.",
        ],
      },
    ] satisfies readonly LegalSection[],
    contact: 'Une question sur vos données ? Écrivez-nous depuis notre page de contact.',
  },
} as const;
