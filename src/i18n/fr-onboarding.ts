// The strings of the public entry screens (onboarding wizard, login, e-mail verification): only
// the areas they use, so that the first screen a visitor sees does not download every other
// area's text. Same objects as src/i18n/fr.ts (one definition per string).
import { auth } from './fr/auth';
import { common } from './fr/common';
import { onboarding } from './fr/onboarding';
import { validation } from './fr/validation';

export const fr = { auth, common, onboarding, validation } as const;
