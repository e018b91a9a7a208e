import { describe, expect, it } from 'vitest';
import { buildReferralLink, decodeReferralId } from '@/domain/links';
import { linkedInShareUrl, mailtoUrl } from '@/domain/referral-share';

const USER = '3f2a1c9e-8b7d-4e6f-a5c4-1b2d3e4f5a6b';

describe('referral sharing', () => {
  it('shares the link on LinkedIn, encoded once', () => {
    const link = buildReferralLink('https://app.example.fr/', USER);
    const url = new URL(linkedInShareUrl(link));
    expect(`${url.origin}${url.pathname}`).toBe('https://www.linkedin.com/sharing/share-offsite/');
    expect(url.searchParams.get('url')).toBe(link);
    const ref = new URL(url.searchParams.get('url')!).searchParams.get('ref');
    expect(decodeReferralId(ref)).toBe(USER);
  });

  it('drafts an e-mail with a French subject and body, CRLF line breaks, no recipient', () => {
    const url = mailtoUrl(
      'Découvrez votre budget',
      'Bonjour,\n\nVoici le lien : https://x.fr/?ref=a+b=',
    );
    expect(url.startsWith('mailto:?subject=')).toBe(true);
    expect(url).not.toContain(' ');
    const params = new URLSearchParams(url.slice('mailto:?'.length).replace(/\+/g, '%2B'));
    expect(params.get('subject')).toBe('Découvrez votre budget');
    expect(params.get('body')).toBe('Bonjour,\r\n\r\nVoici le lien : https://x.fr/?ref=a+b=');
  });
});
