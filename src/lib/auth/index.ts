export * from './auth-store';
export * from './auth-actions';
export { CONFIRMATION_PATH, startAuthSession } from './auth-session';
export { authLinkError, clearAuthLinkError, rememberAuthLink } from './auth-link';
export {
  claimAccount,
  exchangeConfirmationCode,
  registrationStatus,
  resendSignUpEmail,
  verifyEmailCode,
  type CodeOutcome,
} from './email-confirmation';
