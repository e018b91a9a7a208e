// The onboarding's local storage keys (01 §3), read and written through the domain's zod schemas:
// a tampered value reads as null, a refused write (full or disabled storage) returns false.
import {
  readStored,
  removeStored,
  writeStored,
  type OnboardingKey,
  type OnboardingValues,
} from '@/domain/onboarding-storage';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export const onboardingStorage = {
  read: <K extends OnboardingKey>(key: K): OnboardingValues[K] | null => readStored(storage(), key),
  write: <K extends OnboardingKey>(key: K, value: OnboardingValues[K]): boolean =>
    writeStored(storage(), key, value),
  remove: (key: OnboardingKey): void => removeStored(storage(), key),
};
