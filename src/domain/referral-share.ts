// Sharing the referral link (02 §2.12): the professional network's share address and an e-mail
// draft. Pure: the texts come from the caller (src/i18n).

export const LINKEDIN_SHARE_URL = 'https://www.linkedin.com/sharing/share-offsite/';

/** https://www.linkedin.com/sharing/share-offsite/?url=<link, encoded> */
export function linkedInShareUrl(link: string): string {
  return `${LINKEDIN_SHARE_URL}?url=${encodeURIComponent(link)}`;
}

/**
 * mailto: with no recipient (the user picks one), subject and body percent-encoded as RFC 6068
 * asks (spaces as %20, line breaks as %0D%0A).
 */
export function mailtoUrl(subject: string, body: string): string {
  const encode = (text: string) => encodeURIComponent(text.replace(/\r?\n/g, '\r\n'));
  return `mailto:?subject=${encode(subject)}&body=${encode(body)}`;
}
