// Sign-up, login, e-mail verification, session and logout (01 §4, §8; 02 §2.6, §2.7, §8).
export const auth = {
  signUp: {
    /** 01 §8 */
    success: 'Inscription réussie ! Veuillez vérifier votre email.',
    alreadyExists: 'Un compte existe déjà avec cet email. Veuillez vous connecter.',
    noUser: 'Erreur lors de la création du compte',
    profileError: 'Erreur lors de la création du profil',
    genericError: "Erreur lors de l'inscription",
  },
  session: {
    /** 01 §8 */
    notSignedIn: 'Utilisateur non connecté',
    profileNotFound: 'Profil non trouvé',
  },
  login: {
    title: 'Connexion',
    subtitle: 'Accédez à votre espace Budget Formation',
    email: 'Email',
    emailPlaceholder: 'prenom.nom@entreprise.fr',
    password: 'Mot de passe',
    submit: 'Se connecter',
    submitting: 'Connexion...',
    noAccount: 'Pas encore de compte ?',
    createAccount: 'Créer un compte',
    back: 'Retour',
    /** 02 §8 */
    invalidCredentials:
      'Email ou mot de passe incorrect. Si vous venez de vous inscrire, veuillez vérifier votre email avant de vous connecter.',
    genericError: 'Erreur lors de la connexion',
    success: 'Connexion réussie !',
    /** (ours) */
    networkError: 'Connexion impossible : vérifiez votre connexion internet puis réessayez.',
    rateLimited: 'Trop de tentatives de connexion. Patientez quelques minutes puis réessayez.',
    forgotPassword: 'Mot de passe oublié ?',
    /** (ours) an e-mail link that did not sign in (server code otp_expired, or another failure) */
    linkExpired:
      "Ce lien n'est plus valide : il a déjà servi, ou une inscription ou un envoi plus récent l'a remplacé. Utilisez le lien du dernier email reçu, ou demandez-en un nouveau.",
    linkFailed:
      "Ce lien n'a pas pu être utilisé. Connectez-vous, ou demandez un nouvel email de confirmation.",
    newLink: 'Recevoir un nouvel email de confirmation',
  },
  /** (ours) password reset: the request, then the recovery screen the e-mail's link opens */
  forgotPassword: {
    title: 'Mot de passe oublié',
    subtitle: 'Recevez un lien pour choisir un nouveau mot de passe',
    email: 'Email',
    submit: 'Recevoir le lien',
    submitting: 'Envoi...',
    sent: (email: string) =>
      `Si un compte existe pour ${email}, un email vient de lui être envoyé : ouvrez le lien qu'il contient pour choisir un nouveau mot de passe.`,
    rateLimited:
      "Un email vient déjà d'être envoyé à cette adresse. Patientez une minute puis réessayez.",
    networkError: 'Envoi impossible : vérifiez votre connexion internet puis réessayez.',
    genericError: "Erreur lors de l'envoi de l'email",
    back: 'Retour à la connexion',
  },
  newPassword: {
    title: 'Choisissez un nouveau mot de passe',
    subtitle: 'Il remplacera le mot de passe de votre compte Budget Formation.',
    password: 'Nouveau mot de passe',
    confirm: 'Confirmer le mot de passe',
    submit: 'Enregistrer le mot de passe',
    submitting: 'Enregistrement...',
    success: 'Mot de passe modifié : vous êtes connecté.',
    invalidLink:
      "Ce lien n'est plus valide : il a peut-être déjà servi ou été remplacé par un plus récent. Demandez un nouveau lien.",
    askAgain: 'Demander un nouveau lien',
    samePassword: "Choisissez un mot de passe différent de l'ancien.",
    networkError: 'Enregistrement impossible : vérifiez votre connexion internet puis réessayez.',
    genericError: "Erreur lors de l'enregistrement du mot de passe",
  },
  verifyEmail: {
    title: 'Vérifiez votre email',
    message:
      'Nous vous avons envoyé un email de confirmation. Cliquez sur le lien reçu pour activer votre compte.',
    sentTo: (email: string) => `Email envoyé à ${email}`,
    checkSpam: 'Pensez à vérifier vos courriers indésirables si vous ne le trouvez pas.',
    resend: "Renvoyer l'email",
    resendIn: (seconds: number) => `Renvoyer l'email dans ${seconds} s`,
    help: "Besoin d'aide ?",
    waiting: 'En attente de confirmation...',
    /** 02 §8 */
    verified: 'Email vérifié avec succès !',
    resent: 'Email de confirmation renvoyé',
    resendError: "Erreur lors du renvoi de l'email",
    /** (ours) */
    emailLabel: 'Votre adresse email',
    unknownEmail:
      "Indiquez l'adresse utilisée lors de l'inscription pour recevoir un nouvel email.",
    alreadyConfirmed: "J'ai confirmé mon email : me connecter",
    /** (ours) the page moves on by itself (issue 29 item 5) */
    watching:
      "Cette page continuera d'elle-même dès que votre adresse sera confirmée, ici ou sur un autre appareil.",
    confirmedElsewhere:
      'Votre adresse email a été confirmée sur un autre appareil. Connectez-vous avec le mot de passe choisi à ce moment-là.',
    /** (ours) the 6-digit code of the e-mail */
    codeTitle: 'Vous avez reçu un code ?',
    codeLabel: 'Code de confirmation',
    codeHint: "Les 6 chiffres indiqués dans l'email, à la place du lien.",
    codeSubmit: 'Valider le code',
    codeSubmitting: 'Vérification...',
    codeFormat: 'Saisissez les 6 chiffres du code.',
    codeInvalid:
      'Code incorrect ou expiré : vérifiez le dernier email reçu, ou demandez-en un nouveau.',
    codeRateLimited: 'Trop de codes essayés. Patientez quelques minutes puis réessayez.',
    codeNetworkError: 'Vérification impossible : vérifiez votre connexion internet puis réessayez.',
  },
  /**
   * (ours) /confirmer-email: where the confirmation link lands (issue 28 item 2), and where the
   * links of an e-mail change land (item 5).
   */
  confirmEmail: {
    checkingTitle: 'Confirmation de votre adresse e-mail',
    verified: 'Adresse e-mail confirmée : vous êtes connecté.',
    chooseTitle: 'Choisissez votre mot de passe',
    chooseIntro:
      "Votre adresse e-mail est vérifiée. Ce lien a été ouvert ailleurs que dans le navigateur où le compte a été créé : pour protéger votre compte, c'est vous qui choisissez maintenant son mot de passe.",
    otherDevice:
      "Vous avez créé ce compte sur un autre appareil ou navigateur ? Ouvrez plutôt le lien de l'e-mail sur celui-ci : vous garderez le mot de passe et les informations saisis à l'inscription.",
    nothingKept:
      'En continuant ici, aucun mot de passe ni aucune information saisis avant cette confirmation ne sont conservés : vous ajouterez votre entreprise depuis votre espace.',
    password: 'Mot de passe',
    confirm: 'Confirmer le mot de passe',
    submit: 'Enregistrer et accéder à mon compte',
    submitting: 'Enregistrement...',
    success: 'Mot de passe enregistré : votre compte est prêt.',
    invalidTitle: 'Lien de confirmation',
    invalid:
      "Ce lien n'est plus valide : il a déjà servi ou a expiré. Demandez un nouvel e-mail de confirmation.",
    newEmail: 'Recevoir un nouvel e-mail de confirmation',
    networkError: 'Connexion impossible : vérifiez votre connexion internet puis réessayez.',
    retry: 'Réessayer',
    rateLimited: 'Trop de tentatives. Patientez quelques minutes puis réessayez.',
    genericError: "Erreur lors de l'enregistrement du mot de passe",
    emailChangeTitle: "Changement d'adresse e-mail",
    emailChangePending:
      "Lien confirmé. Ouvrez maintenant le lien envoyé à l'autre adresse : l'adresse de votre compte changera quand les deux liens auront été ouverts.",
    emailChangeDone:
      'Votre adresse e-mail a été changée. Utilisez-la désormais pour vous connecter.',
    emailChangeTaken:
      "Cette adresse est déjà utilisée par un autre compte : l'adresse de votre compte n'a pas changé.",
    emailChangeExpired:
      "Ce lien n'est plus valide : il a déjà servi ou a expiré. Pour changer d'adresse, refaites la demande dans Paramètres.",
    continue: 'Continuer',
  },
  logout: {
    action: 'Se déconnecter',
    /** 02 §8 */
    error: 'Une erreur est survenue lors de la déconnexion',
  },
} as const;
