// Which expert search and picture probe the screens use: the configured ones unless a provider
// gives others (component tests give the local adapter over a fixture, or a failing port).
import { createContext, useContext } from 'react';
import type { PictureProbe } from './pictures';
import type { ExpertSearchPort } from './port';

export type ExpertSearchServices = { search: ExpertSearchPort; pictures: PictureProbe };

export const ExpertSearchContext = createContext<ExpertSearchServices | null>(null);

export const useExpertSearchContext = (): ExpertSearchServices | null =>
  useContext(ExpertSearchContext);
