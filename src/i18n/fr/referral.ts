// Referral programme (/referral, 02 §2.12, §4, §8, §9).
export const referral = {
  title: 'Parrainage',
  subtitle: 'Recommandez Budget Formation et gagnez 10% de commission',
  explanation:
    "Partagez votre lien de parrainage. Lorsqu'une entreprise parrainée suit sa première formation avec nous, vous recevez 10% du montant facturé, versés une fois la formation terminée.",
  steps: [
    'Partagez votre lien avec une entreprise',
    "L'entreprise crée son compte avec votre lien",
    'Elle suit sa première formation',
    'Vous recevez votre commission',
  ],
  linkLabel: 'Votre lien de parrainage',
  copy: 'Copier le lien',
  copied: 'Lien copié !',
  /** (ours) when the browser refuses to copy: the link is selected for a manual copy */
  copyManual: 'Le lien est sélectionné : copiez-le avec Ctrl+C (ou Cmd+C).',
  /** (ours) */
  shareTitle: 'Partager votre lien',
  /** (ours) */
  howItWorks: 'Comment ça marche ?',
  shareLinkedIn: 'Partager sur LinkedIn',
  shareEmail: 'Partager par email',
  emailSubject: 'Découvrez votre budget formation',
  emailBody: (link: string) =>
    `Bonjour,\n\nDécouvrez en 2 minutes le budget formation financé par l'OPCO de votre entreprise : ${link}\n\nÀ bientôt`,
  trackingTitle: 'Suivi de vos parrainages',
  company: 'Entreprise',
  date: 'Date',
  status: 'Statut',
  commission: 'Commission',
  commissionAmount: (amount: string) => amount,
  paid: '(payée)',
  /** (ours) a referral without a company name yet */
  unnamedCompany: 'Entreprise non renseignée',
  /** (ours) no commission amount yet */
  noCommission: 'À venir',
  /** (ours) count of referrals under the tracking title */
  count: (n: number) => (n <= 1 ? `${n} parrainage` : `${n} parrainages`),
  /** (ours) the list is read from the device; before the first sync it may be incomplete */
  notSyncedYet: 'Votre suivi apparaîtra ici après la première synchronisation.',
  empty: "Vous n'avez pas encore de parrainage.",
  /** 02 §8 */
  loadError: 'Erreur lors du chargement des données',
} as const;
