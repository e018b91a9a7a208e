// Synchronisation: status, conflicts, refused changes, local storage errors, respondent queue.

/** How a conflict notice names a record (sync.records) and the record's own name, if known. */
export type RecordKind = { the: string; ofThe: string; a: string; ofA: string; feminine: boolean };
export type ConflictRecord = { kind: RecordKind; name?: string | null };

const theRecord = ({ kind, name }: ConflictRecord) => (name ? `${kind.the} « ${name} »` : kind.a);
const ofRecord = ({ kind, name }: ConflictRecord) =>
  name ? `${kind.ofThe} « ${name} »` : kind.ofA;

export const sync = {
  status: {
    synced: 'Synchronisé',
    /** Synchronised, and changes made on other devices appear as they happen. */
    live: 'En direct',
    syncing: 'Synchronisation…',
    offline: 'Hors ligne',
    error: 'Erreur de synchronisation',
    authRequired: 'Session expirée : reconnectez-vous pour synchroniser',
    pending: (n: number) =>
      n <= 1 ? `${n} modification en attente` : `${n} modifications en attente`,
    lastSync: (when: string) => `Dernière synchronisation : ${when}`,
    neverSynced: 'Jamais synchronisé',
    nextRetry: (when: string) => `Nouvel essai ${when}`,
    pullProgress: (done: number, remaining: number | null) =>
      remaining === null || remaining === 0
        ? `${done} éléments reçus`
        : `${done} éléments reçus, ${remaining} restants`,
    pushProgress: (remaining: number) => `Envoi des modifications… (${remaining} restantes)`,
    syncNow: 'Synchroniser maintenant',
    signInAgain: 'Se reconnecter',
  },
  /** Error codes of the sync engine. */
  errors: {
    offline: 'Pas de connexion : vos modifications sont conservées sur cet appareil.',
    timeout: 'Le serveur ne répond pas. Nouvel essai automatique.',
    server: 'Le serveur rencontre un problème. Nouvel essai automatique.',
    rate_limited: 'Trop de demandes : nouvel essai dans un instant.',
    unauthorized: 'Votre session a expiré. Reconnectez-vous : vos modifications sont conservées.',
    forbidden: 'Accès refusé. Reconnectez-vous : vos modifications sont conservées.',
    not_deployed: "Le serveur n'est pas à jour. Nouvel essai automatique.",
    invalid_row: "Des données reçues du serveur sont illisibles : mettez l'application à jour.",
    quota: "Espace de stockage plein : libérez de l'espace sur l'appareil.",
    unknown: 'Erreur de synchronisation. Nouvel essai automatique.',
  },
  /** Local write failures (LocalStoreError codes). */
  localErrors: {
    quota:
      "Espace de stockage plein : libérez de l'espace sur l'appareil. Votre dernière modification n'a pas été enregistrée.",
    not_found: "Cet élément n'existe plus sur cet appareil.",
    exists: 'Cet élément existe déjà.',
    company_limit: 'Vous ne pouvez pas ajouter plus de 3 entreprises',
    update_limit: 'Vous avez atteint le nombre maximum de modifications autorisées.',
    survey_reopen: 'Un sondage clôturé ne peut pas être rouvert.',
    read_only: 'Cet élément ne peut pas être modifié.',
    storage: "Impossible d'enregistrer sur cet appareil. Réessayez.",
  },
  /** What a table's row is called in notices. */
  things: {
    profiles: 'votre profil',
    simulations: 'une entreprise',
    survey_responses: 'une demande de déblocage de budget',
    training_employees: 'un salarié du plan de formation',
    training_requests: 'une formation du plan',
    team_surveys: 'un sondage',
    team_survey_responses: 'une réponse à un sondage',
    referrals: 'un parrainage',
    opco_confirmations: 'un montant confirmé par votre OPCO',
  },
  /**
   * (issue 29) Each kind of record as a conflict notice names it: « la formation « Excel avancé » »
   * when its name is known (« d'une formation du plan » otherwise), and its gender for agreement.
   */
  records: {
    profiles: {
      the: 'votre profil',
      ofThe: 'de votre profil',
      a: 'votre profil',
      ofA: 'de votre profil',
      feminine: false,
    },
    simulations: {
      the: "l'entreprise",
      ofThe: "de l'entreprise",
      a: 'une entreprise',
      ofA: "d'une entreprise",
      feminine: true,
    },
    survey_responses: {
      the: 'la demande de déblocage de budget',
      ofThe: 'de la demande de déblocage de budget',
      a: 'une demande de déblocage de budget',
      ofA: "d'une demande de déblocage de budget",
      feminine: true,
    },
    training_employees: {
      the: 'le salarié',
      ofThe: 'du salarié',
      a: 'un salarié du plan de formation',
      ofA: "d'un salarié du plan de formation",
      feminine: false,
    },
    training_requests: {
      the: 'la formation',
      ofThe: 'de la formation',
      a: 'une formation du plan',
      ofA: "d'une formation du plan",
      feminine: true,
    },
    team_surveys: {
      the: 'le sondage',
      ofThe: 'du sondage',
      a: 'un sondage',
      ofA: "d'un sondage",
      feminine: false,
    },
    team_survey_responses: {
      the: 'la réponse',
      ofThe: 'de la réponse',
      a: 'une réponse à un sondage',
      ofA: "d'une réponse à un sondage",
      feminine: true,
    },
    referrals: {
      the: 'le parrainage',
      ofThe: 'du parrainage',
      a: 'un parrainage',
      ofA: "d'un parrainage",
      feminine: false,
    },
    opco_confirmations: {
      the: 'le montant confirmé par votre OPCO',
      ofThe: 'du montant confirmé par votre OPCO',
      a: 'un montant confirmé par votre OPCO',
      ofA: "d'un montant confirmé par votre OPCO",
      feminine: false,
    },
  },
  conflicts: {
    title: 'Modifications en conflit',
    /**
     * The same field changed on two devices: « Vous avez modifié le champ « Statut » de la
     * formation « Excel avancé » sur cet appareil alors qu'il avait été modifié sur un autre
     * appareil. » (the field agrees; several fields: « les champs … alors qu'ils avaient été
     * modifiés »; no field known: the record agrees).
     */
    field: (record: ConflictRecord, fields: readonly string[] = []) => {
      const kept = "La version de l'autre appareil a été gardée ; votre version est conservée ici.";
      if (fields.length === 0)
        return `Vous avez modifié ${theRecord(record)} sur cet appareil alors qu'${record.kind.feminine ? 'elle avait été modifiée' : 'il avait été modifié'} sur un autre appareil. ${kept}`;
      const quoted = fields.map((f) => `« ${f} »`);
      const which =
        fields.length === 1
          ? `le champ ${quoted[0]}`
          : `les champs ${quoted.slice(0, -1).join(', ')} et ${quoted.at(-1)}`;
      const agreed =
        fields.length === 1 ? "qu'il avait été modifié" : "qu'ils avaient été modifiés";
      return `Vous avez modifié ${which} ${ofRecord(record)} sur cet appareil alors ${agreed} sur un autre appareil. ${kept}`;
    },
    deleted: (record: ConflictRecord) =>
      `Vous avez modifié ${theRecord(record)} qui avait été ${record.kind.feminine ? 'supprimée' : 'supprimé'} sur un autre appareil. La suppression a été gardée ; vos modifications sont conservées ici.`,
    deleteOverEdit: (record: ConflictRecord) =>
      `Vous avez supprimé ${theRecord(record)} qui venait d'être ${record.kind.feminine ? 'modifiée' : 'modifié'} sur un autre appareil. La suppression a été appliquée ; vous pouvez ${record.kind.feminine ? 'la' : 'le'} restaurer.`,
    mine: 'Ma version',
    theirs: 'Version gardée',
    accept: 'Garder cette version',
    acceptDeletion: 'Confirmer la suppression',
    restoreMine: 'Rétablir ma version',
    restore: 'Restaurer',
    empty: 'Aucun conflit',
  },
  deadLetters: {
    title: 'Modifications refusées par le serveur',
    refused: (thing: string, reason: string) =>
      `Une modification sur ${thing} a été refusée : ${reason}`,
    retry: 'Modifier et réessayer',
    retryAsIs: 'Réessayer',
    discard: 'Abandonner cette modification',
    empty: 'Aucune modification refusée',
    /** Server reason codes. */
    codes: {
      company_limit: 'Vous ne pouvez pas ajouter plus de 3 entreprises',
      update_limit: 'Vous avez atteint le nombre maximum de modifications autorisées.',
      survey_reopen: 'un sondage clôturé ne peut pas être rouvert',
      status_readonly: "le statut d'une demande est fixé par nos équipes",
      response_readonly: 'une réponse à un sondage ne peut pas être modifiée',
      invalid_employee: "le salarié choisi n'appartient pas à votre entreprise",
      company_not_found: "l'entreprise concernée n'existe plus dans votre compte",
      confirmation_date: 'la date de confirmation ne peut pas être dans le futur',
      rls: "vous n'avez pas le droit de modifier cet élément",
      check: 'une valeur est invalide',
      fk: "un élément lié n'existe plus",
      unique: 'cet élément existe déjà',
      not_found: "cet élément n'existe plus sur le serveur",
      read_only: 'cet élément ne peut pas être modifié',
      too_large: 'la modification est trop volumineuse',
      invalid: 'la modification est invalide',
    } as Record<string, string>,
    unknownCode: 'refus du serveur',
    /** code `invalid`, reason `timestamp` (issue 14 item 7) */
    timestamp: (field: string | null) =>
      field === null
        ? "une date est invalide ou hors des limites acceptées (de l'an 1 à l'an 9999)"
        : `la date « ${field} » est invalide ou hors des limites acceptées (de l'an 1 à l'an 9999)`,
    /** code `expired` (issue 17 item 4: the server keeps its answers 60 days) */
    expired:
      "elle a été envoyée il y a plus de 60 jours sans que cet appareil reçoive de réponse : elle a peut-être déjà été appliquée. Vérifiez l'élément, puis réessayez ou abandonnez-la",
  },
  /** Pulled rows this version of the app cannot read, kept aside (issue 14 item 7). */
  quarantine: {
    title: 'Éléments illisibles sur cet appareil',
    item: (thing: string) =>
      `Un élément reçu du serveur (${thing}) ne peut pas être lu par cette version de l'application. Il est conservé sur cet appareil et sera relu après une mise à jour de l'application ; la synchronisation continue.`,
  },
  /** Values shown in notices (codes stored by the app, in French). */
  values: {
    yes: 'Oui',
    no: 'Non',
    /** a structured value (survey answers...) that a notice does not detail */
    notShown: '(détail non affiché)',
    /** an employee of the plan no longer on this device */
    someEmployee: 'un salarié du plan',
    budgetTypes: {
      UNKNOWN: 'Inconnu',
      ILLIMITED: 'Illimité',
      LEGAL: 'Légal',
      CONVENTION: 'Conventionnel',
      LEGAL_CONVENTION: 'Légal et conventionnel',
      COMMENT: 'Voir commentaire',
      SUM_OF_LEGAL_AND_CONVENTION: 'Somme du légal et du conventionnel',
      TOTAL: 'Total',
      AUTO_ENTREPRENEUR: 'Auto-entrepreneur',
    } as Record<string, string>,
    categories: {
      employee: 'Salarié',
      manager: 'Manager',
      executive: 'Cadre dirigeant',
      apprentice: 'Apprenti',
    } as Record<string, string>,
    genders: { M: 'Homme', F: 'Femme', X: 'Non précisé' } as Record<string, string>,
    /** basis of an amount confirmed by the OPCO */
    amountBases: { HT: 'HT', TTC: 'TTC', unknown: 'Non précisé' } as Record<string, string>,
    unknown: 'Valeur inconnue',
  },
  signOut: {
    pendingTitle: 'Modifications non synchronisées',
    pendingText: (n: number) =>
      n <= 1
        ? "1 modification n'a pas encore été envoyée. Si vous vous déconnectez maintenant, elle sera perdue."
        : `${n} modifications n'ont pas encore été envoyées. Si vous vous déconnectez maintenant, elles seront perdues.`,
    syncFirst: "Synchroniser d'abord",
    signOutAnyway: 'Se déconnecter quand même',
    syncFailed:
      "La synchronisation n'a pas abouti. Vos modifications sont toujours sur cet appareil.",
  },
  surveyAnswer: {
    waiting: 'Réponse enregistrée sur cet appareil : envoi dès que la connexion le permet.',
    sent: 'Merci pour votre participation !',
    closed: 'Ce sondage est clôturé',
    not_found: 'Sondage non trouvé',
    invalid: "Votre réponse n'a pas pu être enregistrée.",
  },
  storage: {
    persistDenied: "Le navigateur peut effacer les données hors ligne si l'espace manque.",
  },
} as const;
