// Installable PWA: update and install prompts, iOS steps, offline indicator.
export const pwa = {
  updateAvailable: 'Nouvelle version disponible',
  updateText: "Une nouvelle version de l'application est prête.",
  updateNow: 'Mettre à jour',
  updateLater: 'Plus tard',
  updateWaitingForSync: (n: number) =>
    n === 1
      ? "1 modification n'est pas encore envoyée : la mise à jour sera possible dès son envoi."
      : `${n} modifications ne sont pas encore envoyées : la mise à jour sera possible dès leur envoi.`,
  offlineReady: "L'application fonctionne désormais hors connexion.",
  install: "Installer l'application",
  installDone: 'Application installée',
  iosTitle: "Installer l'application sur votre iPhone ou iPad",
  iosSteps: [
    'Ouvrez ce site dans Safari.',
    'Touchez le bouton Partager (le carré avec une flèche vers le haut).',
    "Faites défiler puis touchez « Sur l'écran d'accueil ».",
    "Touchez « Ajouter » : l'application apparaît sur votre écran d'accueil.",
  ],
  offline:
    'Hors ligne : vos modifications sont enregistrées sur cet appareil et seront envoyées au retour de la connexion.',
} as const;
