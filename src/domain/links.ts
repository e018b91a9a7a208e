// Shared links (02 §7.5): referral link and public survey link, and the referral id decode.
import { decodeBase64, encodeBase64 } from './registry';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const trimOrigin = (origin: string): string => origin.trim().replace(/\/+$/, '');

/** origin + '/simulation/step1?ref=' + base64 of the user id, URL-encoded. */
export function buildReferralLink(origin: string, userId: string): string {
  return `${trimOrigin(origin)}/simulation/step1?ref=${encodeURIComponent(encodeBase64(userId))}`;
}

/**
 * The referral id kept in local storage is the base64 value of the ref parameter (01 §3). This
 * checks it: the referrer's user id when it decodes to a uuid, null otherwise.
 */
export function decodeReferralId(ref: unknown): string | null {
  if (typeof ref !== 'string' || ref.length > 200) return null;
  const decoded = decodeBase64(ref);
  return decoded !== null && UUID.test(decoded) ? decoded.toLowerCase() : null;
}

/** A ref parameter worth keeping (its base64 decodes to a uuid); URLSearchParams already decodes %-escapes. */
export const isValidReferralParam = (ref: unknown): ref is string => decodeReferralId(ref) !== null;

/** origin + '/survey/' + id */
export function buildSurveyLink(origin: string, surveyId: string): string {
  return `${trimOrigin(origin)}/survey/${encodeURIComponent(surveyId)}`;
}

export { LEGAL_PATHS } from './legal-paths';
