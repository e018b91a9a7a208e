// Account settings modal 'Paramètres du compte' (02 §2.20, §5, §8).
export const settings = {
  title: 'Paramètres du compte',
  close: 'Fermer',
  contactName: 'Nom complet',
  contactEmail: 'Email',
  contactPhone: 'Téléphone (optionnel)',
  passwordSection: 'Changer le mot de passe',
  currentPassword: 'Mot de passe actuel',
  newPassword: 'Nouveau mot de passe (optionnel)',
  confirmPassword: 'Confirmer le nouveau mot de passe',
  cancel: 'Annuler',
  save: 'Enregistrer',
  saving: 'Enregistrement...',
  /** (ours) why and when the current password is asked (issue 29 item 4) */
  currentPasswordHint: 'Nécessaire pour changer votre adresse e-mail ou votre mot de passe.',
  /** (ours) the e-mail change is confirmed by both addresses (issue 28 item 5) */
  emailHint:
    "Pour changer d'adresse, un lien est envoyé à votre adresse actuelle et un autre à la nouvelle : l'adresse change quand les deux ont été ouverts.",
  /** (ours) the profile is saved on the device; the password and the e-mail need the server */
  offline:
    "Vous êtes hors ligne : vos nom et téléphone s'enregistrent sur cet appareil et seront synchronisés au retour de la connexion. Changer d'adresse e-mail ou de mot de passe demande une connexion.",
  offlineAuthPending:
    "Nom et téléphone enregistrés sur cet appareil. Le changement d'adresse e-mail ou de mot de passe demande une connexion : vos saisies sont conservées, enregistrez à nouveau une fois en ligne.",
  emailChangeSent: (email: string) =>
    `Pour changer d'adresse, ouvrez le lien envoyé à votre adresse actuelle et celui envoyé à ${email} : l'adresse de votre compte changera quand les deux auront été ouverts.`,
  emailTaken: 'Cette adresse e-mail est déjà utilisée par un autre compte.',
  emailRateLimited:
    "Un e-mail de confirmation vient déjà d'être envoyé. Patientez une minute puis réessayez.",
  /** (ours) what was typed and not saved comes back when the dialog opens again */
  draftRestored: 'Vos modifications non enregistrées ont été reprises.',
  discardDraft: 'Revenir aux valeurs enregistrées',
  /** 02 §8 */
  toasts: {
    wrongPassword: 'Mot de passe actuel incorrect',
    error: 'Erreur lors de la mise à jour du profil',
    success: 'Profil mis à jour avec succès',
  },
} as const;
