// The meeting scheduler's address with the signed-in user's name and e-mail (issue 29 item 13):
// the profile's « Nom complet » and e-mail from the local store, else the account's. null while
// the profile loads, so that the frame is inserted once, with its final address.
import { useProfile } from '@/db';
import { schedulerPrefill, withSchedulerPrefill } from '@/domain/scheduler-prefill';
import { useCurrentUser } from './auth';

export function usePrefilledSchedulerUrl(url: string): string | null {
  const user = useCurrentUser();
  const profile = useProfile(user?.id);
  if (!user) return url;
  if (profile === undefined) return null;
  const metadataName = user.metadata.contact_name;
  const name = profile?.contact_name || (typeof metadataName === 'string' ? metadataName : '');
  return withSchedulerPrefill(url, schedulerPrefill(name, profile?.contact_email || user.email));
}
