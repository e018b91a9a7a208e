// The messages of a failed parse by field, for classic zod and zod/mini schemas alike (both give a
// $ZodError). Apart from ./common so that a page on zod/mini does not load classic zod with it.
import type { z } from 'zod/mini';

/** The messages of a failed safeParse, by field path ('' for the root): first message wins. */
export function fieldErrors(error: z.core.$ZodError | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error?.issues ?? []) {
    const key = issue.path.join('.');
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}
