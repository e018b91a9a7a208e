// The terms of use and privacy pages (issue 29 item 12): the footer and the sign-up form link them.
// A module of its own: the app's routes and footer import it, and links.ts's registry helpers must
// not come with it into the first screen's JavaScript (bench:bundle).
export const LEGAL_PATHS = {
  terms: '/conditions-utilisation',
  privacy: '/confidentialite',
} as const;
