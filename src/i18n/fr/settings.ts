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
  /** 02 §8 */
  toasts: {
    wrongPassword: 'Mot de passe actuel incorrect',
    error: 'Erreur lors de la mise à jour du profil',
    success: 'Profil mis à jour avec succès',
  },
} as const;
