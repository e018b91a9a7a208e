export * from './auth-store';
export * from './auth-actions';
export { startAuthSession } from './auth-session';
export {
  arrivedByConfirmationLink,
  authLinkError,
  clearAuthLinkError,
  rememberAuthLink,
} from './auth-link';
