// The auth API of the screens. The first paint's modules (the app shell, the guards) import
// auth-store and auth-session directly instead (eslint.config.js): this barrel also brings the
// auth actions, which only the screens that sign in, sign up or manage the account need.
export * from './auth-store';
export * from './auth-actions';
export { CONFIRMATION_PATH, startAuthSession } from './auth-session';
export { authLinkError, clearAuthLinkError, rememberAuthLink } from './auth-link';
export type { CodeOutcome } from './email-confirmation';
import type * as EmailConfirmation from './email-confirmation';

// The e-mail confirmation screens' calls (issue 28 item 2, 29 item 5) are loaded with those
// screens: their HTTP client and schemas are not part of the first screen's JavaScript.
type Confirmation = typeof EmailConfirmation;
const confirmation = () => import('./email-confirmation');
export const claimAccount: Confirmation['claimAccount'] = async (...args) =>
  (await confirmation()).claimAccount(...args);
export const exchangeConfirmationCode: Confirmation['exchangeConfirmationCode'] = async (...args) =>
  (await confirmation()).exchangeConfirmationCode(...args);
export const registrationStatus: Confirmation['registrationStatus'] = async (...args) =>
  (await confirmation()).registrationStatus(...args);
export const resendSignUpEmail: Confirmation['resendSignUpEmail'] = async (...args) =>
  (await confirmation()).resendSignUpEmail(...args);
export const verifyEmailCode: Confirmation['verifyEmailCode'] = async (...args) =>
  (await confirmation()).verifyEmailCode(...args);
