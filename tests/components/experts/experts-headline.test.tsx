// /experts headline (issue 16 item 11): it states the directory's own size, so it agrees with
// « N experts trouvés » below it (it read « Plus de 800 experts » above « 180 experts trouvés »).
import { readFileSync } from 'node:fs';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  createLocalAdapter,
  expertsDatasetSchema,
  type ExpertSearchPort,
  type PictureProbe,
} from '@/lib/expert-search';
import { dataset, renderExperts, sampleExpert } from './helpers';

const noPictures: PictureProbe = async () => null;
const shipped = expertsDatasetSchema.parse(
  JSON.parse(readFileSync('public/data/experts-sample.json', 'utf8')),
);

describe('experts headline', () => {
  it('agrees with the result count of the shipped sample directory', async () => {
    renderExperts({ search: createLocalAdapter(shipped), pictures: noPictures });
    const count = shipped.experts.length;
    expect(await screen.findByText(`${count} experts trouvés`)).toBeInTheDocument();
    expect(screen.getByText(`${count} experts pour vous former`)).toBeInTheDocument();
    expect(screen.queryByText(/800/)).not.toBeInTheDocument();
  });

  it('keeps the directory size while a search narrows the results', async () => {
    renderExperts(
      {
        search: createLocalAdapter(dataset([sampleExpert(1), sampleExpert(2)])),
        pictures: noPictures,
      },
      '/experts?q=Description%201',
    );
    expect(await screen.findByText('2 experts pour vous former')).toBeInTheDocument();
  });

  it('says no number when the directory cannot be counted', async () => {
    const failing: ExpertSearchPort = {
      kind: 'algolia',
      sample: false,
      search: async () => ({ ok: false, code: 'offline' }),
    };
    renderExperts({ search: failing, pictures: noPictures });
    await waitFor(() =>
      expect(
        screen.getByText('Une erreur est survenue lors de la recherche des experts'),
      ).toBeInTheDocument(),
    );
    expect(screen.getByText('Des experts pour vous former')).toBeInTheDocument();
  });
});
