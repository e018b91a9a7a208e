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
  /** (ours) why the current password is asked */
  currentPasswordHint: 'Requis pour enregistrer toute modification.',
  /** (ours) re-authentication and auth updates need the server */
  offline:
    'Vous êtes hors ligne : la vérification de votre mot de passe nécessite une connexion. Vos saisies sont conservées, réessayez une fois connecté.',
  /** (ours) hosted Supabase confirms an e-mail change by a link */
  emailChangeSent: (email: string) =>
    `Un email de confirmation vous a été envoyé : la nouvelle adresse ${email} sera active après validation du lien.`,
  /** 02 §8 */
  toasts: {
    wrongPassword: 'Mot de passe actuel incorrect',
    error: 'Erreur lors de la mise à jour du profil',
    success: 'Profil mis à jour avec succès',
  },
} as const;
