// App-level strings (layout, accessibility helpers).
export const app = {
  notifications: 'Notifications',
  skipToContent: 'Aller au contenu',
  mainNavigation: 'Navigation principale',
} as const;
