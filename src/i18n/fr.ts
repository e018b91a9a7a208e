// Every French string of the product, by area. Components import `fr` and never hold literals.
import { common } from './fr/common';

export const fr = {
  common,
} as const;

export type Fr = typeof fr;
