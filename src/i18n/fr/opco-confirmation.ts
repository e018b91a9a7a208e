// Closing the loop with the OPCO on the budget card (issue 27 item 7, all ours): « Demander
// confirmation à mon OPCO » (a prefilled message, by e-mail or copied) and « Mon OPCO m'a indiqué un
// autre montant » (the amount the OPCO confirmed, recorded and shown before the published figure).
import { deName } from '@/domain/french-elision';

export const opcoConfirmation = {
  request: {
    action: 'Demander confirmation à mon OPCO',
    title: 'Demander confirmation à mon OPCO',
    text: "Envoyez ce message à votre OPCO depuis votre messagerie, ou copiez-le dans le formulaire de contact de son site. Vous n'avez rien à recopier : votre SIRET, votre convention collective, votre effectif et le montant affiché y sont déjà.",
    textNoFigure:
      "Envoyez ce message à votre OPCO depuis votre messagerie, ou copiez-le dans le formulaire de contact de son site. Vous n'avez rien à recopier : votre SIRET, votre convention collective et votre effectif y sont déjà.",
    messageLabel: 'Message à envoyer',
    mail: 'Ouvrir dans ma messagerie',
    copy: 'Copier le message',
    copied: 'Message copié',
    copyManual: 'Le message est sélectionné : copiez-le avec Ctrl+C (ou Cmd+C sur Mac).',
    contactPage: (opco: string) => `Page contact ${deName(opco)}`,
    website: (opco: string) => `Site ${deName(opco)}`,
    /** no verified contact page for this OPCO: its website is given instead, and said so */
    websiteHint:
      "Sur son site, la rubrique « Contact » permet d'écrire à votre OPCO ou de trouver votre conseiller.",
    unknownOpco:
      "Votre OPCO n'est pas identifié : trouvez-le sur la liste officielle des OPCO, puis envoyez-lui ce message.",
    unknownOpcoLink: 'Trouver mon OPCO',
    close: 'Fermer',
    /** the message itself (sent to the OPCO) */
    message: {
      subject: (company: string, siret: string) =>
        `Budget formation de ${company} (SIRET ${siret}) : demande de confirmation`,
      greeting: 'Bonjour,',
      intro:
        'Je souhaite connaître le budget de formation dont dispose mon entreprise auprès de votre OPCO pour le plan de développement des compétences de cette année.',
      company: 'Entreprise',
      siret: 'SIRET',
      idcc: 'Convention collective (IDCC)',
      headcount: 'Effectif salarié',
      opco: 'OPCO',
      notProvided: 'non renseigné',
      figure: (figure: string) => `Le site Budget Formation m'indique « ${figure} ».`,
      noFigure:
        "Le site Budget Formation n'a trouvé aucun montant publié pour ma convention collective et mon effectif.",
      /** where the figure comes from, as the message says it */
      source: (text: string) => `Source de ce montant : ${text}.`,
      sources: {
        official: "critères publiés par l'OPCO",
        press: 'article de presse ou page professionnelle',
        compilation: "compilation de sources publiques, non vérifiée auprès de l'OPCO",
      },
      sourceYear: (text: string, year: number) => `${text} (${year})`,
      /** sample data (tests and demos): the figure is fictitious, and the message says so */
      sample: "données d'exemple, montant fictif",
      askFigure:
        "Pouvez-vous me confirmer ce montant, en précisant s'il s'entend HT ou TTC, ou m'indiquer celui auquel mon entreprise a droit ? Je vous remercie par avance.",
      askNoFigure:
        "Pouvez-vous m'indiquer le montant auquel mon entreprise a droit, en précisant s'il s'entend HT ou TTC, ainsi que les conditions de prise en charge ? Je vous remercie par avance.",
      closing: 'Cordialement,',
    },
  },

  record: {
    action: "Mon OPCO m'a indiqué un autre montant",
    /** the same action when no figure is published */
    actionNoFigure: "Mon OPCO m'a indiqué un montant",
    title: 'Le montant indiqué par votre OPCO',
    text: "Enregistrez le montant que votre OPCO vous a confirmé : il s'affichera sur votre tableau de bord, avant le montant publié. Il est enregistré sur cet appareil, même hors connexion, puis synchronisé avec votre compte.",
    amount: 'Montant (€)',
    amountHint: 'Par exemple 4 800 ou 4 800,50',
    basis: 'Ce montant est',
    bases: {
      HT: 'HT (hors taxes)',
      TTC: 'TTC (toutes taxes comprises)',
      unknown: "Non précisé par l'OPCO",
    },
    date: 'Date de la confirmation',
    comment: 'Commentaire (facultatif)',
    commentHint: (max: number) =>
      `Par exemple : par téléphone, ou par e-mail de votre conseiller. ${max} caractères au plus.`,
    privacy:
      "Ce montant nous aide aussi à corriger les montants publiés pour les entreprises de votre branche : nous n'en retenons que la convention collective, la tranche d'effectif, l'OPCO, le montant et sa date, jamais votre nom, votre SIRET ni votre commentaire.",
    save: 'Enregistrer',
    cancel: 'Annuler',
    saved: 'Montant enregistré sur cet appareil',
    /** the company was deleted meanwhile (another tab) */
    noCompany:
      "Cette entreprise n'existe plus dans votre compte : le montant n'a pas été enregistré.",
  },

  confirmed: {
    amount: (amount: string, basis: 'HT' | 'TTC' | 'unknown') =>
      basis === 'unknown' ? amount : `${amount} ${basis}`,
    /** the basis was not said by the OPCO */
    unknownBasis: 'HT ou TTC non précisé',
    on: (date: string) => `confirmé par votre OPCO le ${date}`,
    comment: 'Votre commentaire',
    published: 'Montant publié, pour comparaison',
    pending: 'Enregistré sur cet appareil, en attente de synchronisation.',
    remove: 'Supprimer ce montant',
    removeTitle: 'Supprimer le montant confirmé ?',
    removeText:
      'Le montant confirmé par votre OPCO ne sera plus affiché. Le montant publié reste visible.',
    removeConfirm: 'Supprimer',
    removed: 'Montant confirmé supprimé',
  },
} as const;
