import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { ExpertsPage } from '@/features/experts/pages/experts-page';
import { ExpertSearchContext, type ExpertSearchServices } from '@/lib/expert-search';
import type { ExpertsDataset, SampleExpert } from '@/lib/expert-search/dataset-schema';

export function sampleExpert(n: number, fields: Partial<SampleExpert> = {}): SampleExpert {
  const id = `x-${String(n).padStart(3, '0')}`;
  return {
    objectID: id,
    id,
    sample: true,
    firstname: `Expert${n}`,
    expertise_name: 'Management',
    public_experiences: [{ isCurrentJob: true, jobTitle: `Poste${n}` }],
    skills: ['Leadership'],
    tools: ['Excel'],
    description: `Description ${n}`,
    pictures_url: [],
    sector: n % 2 === 0 ? 'Industrie' : 'Numérique',
    market: [n % 3 === 0 ? 'B2C' : 'B2B'],
    does_guides_advances: false,
    does_guides_beginners: true,
    does_guides_intermediates: true,
    has_managerial_responsibilities: false,
    is_independent: false,
    is_management: false,
    is_operational: true,
    ...fields,
  };
}

export function dataset(experts: SampleExpert[]): ExpertsDataset {
  return { sample: true, version: 1, note: 'test', experts };
}

export function renderExperts(services: ExpertSearchServices, initialEntry = '/experts') {
  const router = createMemoryRouter([{ path: '/experts', element: <ExpertsPage /> }], {
    initialEntries: [initialEntry],
  });
  const view = render(
    <ExpertSearchContext.Provider value={services}>
      <RouterProvider router={router} />
    </ExpertSearchContext.Provider>,
  );
  return { ...view, router };
}
