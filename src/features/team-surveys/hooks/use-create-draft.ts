// The new survey's name while the modal is open, kept in localStorage (zod-checked on read) so that
// a reload or a closed tab does not lose it. Cleared once the survey is created.
import { useCallback, useState } from 'react';
import { z } from 'zod';

const KEY = 'bf-team-survey-name-draft';
const draftSchema = z.string().max(200);

function read(): string {
  try {
    const parsed = draftSchema.safeParse(window.localStorage.getItem(KEY));
    return parsed.success ? parsed.data : '';
  } catch {
    return '';
  }
}

function write(value: string): void {
  try {
    if (value === '') window.localStorage.removeItem(KEY);
    else window.localStorage.setItem(KEY, value);
  } catch {
    // storage unavailable: the name lasts while the page is open
  }
}

export function useNameDraft(): [string, (value: string) => void] {
  const [name, setName] = useState(read);
  const set = useCallback((value: string) => {
    const bounded = value.slice(0, 200);
    setName(bounded);
    write(bounded);
  }, []);
  return [name, set];
}
