// App-level strings (layout, accessibility helpers).
export const app = {
  notifications: 'Notifications',
  /** a toast's close button (sonner says « Close toast » otherwise) */
  closeNotification: 'Fermer la notification',
  skipToContent: 'Aller au contenu',
  mainNavigation: 'Navigation principale',
  /** (ours) the site footer's links (issue 29 item 12) */
  footer: {
    label: 'Informations légales',
    terms: "Conditions d'utilisation",
    privacy: 'Confidentialité',
  },
} as const;
