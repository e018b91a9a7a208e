// /experts (02 §2.11, §8, §9): paging, facets with counts, card rules, debounce, empty and error states.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLocalAdapter, type ExpertSearchPort, type PictureProbe } from '@/lib/expert-search';
import { dataset, renderExperts, sampleExpert } from './helpers';

const noPictures: PictureProbe = async () => null;
const fourteen = dataset(
  Array.from({ length: 14 }, (_, i) =>
    sampleExpert(i + 1, i === 11 ? { description: 'Kubernetes en production' } : {}),
  ),
);
const cards = () => screen.queryAllByRole('article');

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('paging', () => {
  it('shows 6 cards, then 6 more per Voir plus, and hides the button on the last page', async () => {
    const user = userEvent.setup();
    renderExperts({ search: createLocalAdapter(fourteen), pictures: noPictures });
    await waitFor(() => expect(cards()).toHaveLength(6));
    expect(screen.getByText('14 experts trouvés')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Voir plus' }));
    await waitFor(() => expect(cards()).toHaveLength(12));
    // Focus moves to the first card added.
    expect(screen.getByRole('heading', { name: 'Expert7' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Voir plus' }));
    await waitFor(() => expect(cards()).toHaveLength(14));
    expect(screen.queryByRole('button', { name: 'Voir plus' })).not.toBeInTheDocument();
    expect(cards().map((c) => within(c).getByRole('heading').textContent)).toEqual(
      Array.from({ length: 14 }, (_, i) => `Expert${i + 1}`),
    );
  });

  it('starts again at page 1 when the filters change', async () => {
    const user = userEvent.setup();
    renderExperts({ search: createLocalAdapter(fourteen), pictures: noPictures });
    await waitFor(() => expect(cards()).toHaveLength(6));
    await user.click(screen.getByRole('button', { name: 'Voir plus' }));
    await waitFor(() => expect(cards()).toHaveLength(12));
    await user.click(screen.getByRole('button', { name: 'Afficher les filtres' }));
    await user.selectOptions(screen.getByLabelText("Secteur d'activité"), 'Industrie');
    await waitFor(() => expect(screen.getByText('7 experts trouvés')).toBeInTheDocument());
    expect(cards()).toHaveLength(6);
  });
});

describe('facets', () => {
  it('shows the sector and market selects with counts, joined with AND, other choices kept', async () => {
    const user = userEvent.setup();
    const { router } = renderExperts({
      search: createLocalAdapter(fourteen),
      pictures: noPictures,
    });
    await waitFor(() => expect(cards()).toHaveLength(6));
    const toggle = screen.getByRole('button', { name: 'Afficher les filtres' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('combobox', { name: "Secteur d'activité" })).not.toBeInTheDocument();
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Masquer les filtres' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );

    const sector = screen.getByRole('combobox', { name: "Secteur d'activité" });
    const market = screen.getByRole('combobox', { name: 'Marché' });
    const optionTexts = (select: HTMLElement) =>
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent);
    // 1..14: even → Industrie (7), odd → Numérique (7); multiples of 3 → B2C (4), others B2B (10)
    expect(optionTexts(sector)).toEqual(['Tous', 'Industrie (7)', 'Numérique (7)']);
    expect(optionTexts(market)).toEqual(['Tous', 'B2B (10)', 'B2C (4)']);

    await user.selectOptions(market, 'B2C');
    await waitFor(() => expect(screen.getByText('4 experts trouvés')).toBeInTheDocument());
    // B2C: 3, 6, 9, 12 → Industrie 6, 12; Numérique 3, 9. Market keeps both choices (disjunctive).
    expect(optionTexts(sector)).toEqual(['Tous', 'Industrie (2)', 'Numérique (2)']);
    expect(optionTexts(market)).toEqual(['Tous', 'B2B (10)', 'B2C (4)']);

    await user.selectOptions(sector, 'Industrie');
    await waitFor(() => expect(screen.getByText('2 experts trouvés')).toBeInTheDocument());
    expect(cards().map((c) => within(c).getByRole('heading').textContent)).toEqual([
      'Expert6',
      'Expert12',
    ]);
    expect(screen.getByText('2 filtres actifs')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?market=B2C&sector=Industrie');

    await user.click(screen.getByRole('button', { name: 'Effacer les filtres' }));
    await waitFor(() => expect(screen.getByText('14 experts trouvés')).toBeInTheDocument());
    expect(sector).toHaveValue('');
  });

  it('restores the search and the filters from the address', async () => {
    const negotiators = dataset(
      Array.from({ length: 6 }, (_, i) =>
        sampleExpert(i + 1, i < 4 ? { skills: ['Négociation'] } : {}),
      ),
    );
    renderExperts(
      { search: createLocalAdapter(negotiators), pictures: noPictures },
      '/experts?q=negociation&sector=Num%C3%A9rique',
    );
    // Négociation: 1..4; Numérique (odd): 1, 3
    await waitFor(() => expect(screen.getByText('2 experts trouvés')).toBeInTheDocument());
    expect(screen.getByLabelText('Rechercher un expert')).toHaveValue('negociation');
    expect(screen.getByLabelText("Secteur d'activité")).toHaveValue('Numérique');
  });
});

describe('expert card', () => {
  it('shows name, current job, description, 5 skills, 3 tools and +N autres', async () => {
    const rich = sampleExpert(1, {
      firstname: 'Élodie',
      expertise_name: 'Data et intelligence artificielle',
      public_experiences: [
        { isCurrentJob: false, jobTitle: 'Analyste' },
        { isCurrentJob: true, jobTitle: 'Responsable data' },
      ],
      skills: [
        'SQL',
        'Python',
        'Statistiques',
        'IA générative',
        'Machine learning',
        'dbt avancé',
        'Data visualisation',
      ],
      tools: ['Power BI', 'BigQuery', 'Jupyter', 'Tableau', 'Excel'],
      description: 'Tableaux de bord industriels.',
    });
    renderExperts({ search: createLocalAdapter(dataset([rich])), pictures: noPictures });
    const card = await screen.findByRole('article', { name: 'Élodie' });
    expect(within(card).getByText('Data et intelligence artificielle')).toBeInTheDocument();
    expect(within(card).getByText('Poste actuel : Responsable data')).toBeInTheDocument();
    expect(within(card).queryByText(/Analyste/)).not.toBeInTheDocument();
    expect(within(card).getByText('Tableaux de bord industriels.')).toBeInTheDocument();
    const skills = within(card).getByRole('list', { name: 'Compétences' });
    expect(
      within(skills)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['SQL', 'Python', 'Statistiques', 'IA générative', 'Machine learning']);
    const tools = within(card).getByRole('list', { name: 'Outils' });
    expect(
      within(tools)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Power BI', 'BigQuery', 'Jupyter']);
    expect(within(card).getByText('+4 autres')).toBeInTheDocument();
    expect(within(card).getByTestId('expert-initials')).toHaveTextContent('É');
  });

  it('has no +N autres within the limits and no job line without a current job', async () => {
    const plain = sampleExpert(2, {
      firstname: 'Hugo',
      public_experiences: [{ isCurrentJob: false, jobTitle: 'Consultant' }],
      skills: ['A', 'B', 'C', 'D', 'E'],
      tools: ['T1', 'T2', 'T3'],
    });
    renderExperts({ search: createLocalAdapter(dataset([plain])), pictures: noPictures });
    const card = await screen.findByRole('article', { name: 'Hugo' });
    expect(within(card).queryByText(/autres/)).not.toBeInTheDocument();
    expect(within(card).queryByText(/Poste actuel/)).not.toBeInTheDocument();
  });

  it('shows the picture a storage location has, initials otherwise', async () => {
    const probe = vi.fn<PictureProbe>(async (id) =>
      id === 'x-001' ? `https://pics.example/${id}.jpg` : null,
    );
    renderExperts({
      search: createLocalAdapter(
        dataset([sampleExpert(1, { firstname: 'Léa' }), sampleExpert(2, { firstname: 'Marc' })]),
      ),
      pictures: probe,
    });
    const img = await screen.findByRole('img', { name: 'Photo de Léa' });
    expect(img).toHaveAttribute('src', 'https://pics.example/x-001.jpg');
    const marc = screen.getByRole('article', { name: 'Marc' });
    expect(within(marc).getByTestId('expert-initials')).toHaveTextContent('M');
    // A picture that fails to load falls back to the initials.
    fireEvent.error(img);
    expect(
      within(screen.getByRole('article', { name: 'Léa' })).getByTestId('expert-initials'),
    ).toHaveTextContent('L');
  });
});

describe('search box', () => {
  it('searches 300 ms after the last keystroke', async () => {
    vi.useFakeTimers();
    const local = createLocalAdapter(fourteen);
    const search = vi.fn(local.search);
    renderExperts({ search: { kind: 'local', sample: true, search }, pictures: noPictures });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(search).toHaveBeenCalledTimes(1);
    const box = screen.getByLabelText('Rechercher un expert');
    expect(box).toHaveAttribute('placeholder', 'Rechercher un expert, une compétence, un outil...');
    fireEvent.change(box, { target: { value: 'kub' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    fireEvent.change(box, { target: { value: 'kubernetes' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(299);
    });
    expect(search).toHaveBeenCalledTimes(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(search).toHaveBeenCalledTimes(2);
    expect(search).toHaveBeenLastCalledWith({
      query: 'kubernetes',
      filters: { sector: null, market: null },
      page: 0,
    });
    vi.useRealTimers();
    await waitFor(() => expect(cards()).toHaveLength(1));
  });

  it("says 'Aucun expert trouvé' when nothing matches", async () => {
    renderExperts(
      { search: createLocalAdapter(fourteen), pictures: noPictures },
      '/experts?q=introuvable',
    );
    expect(await screen.findByText('Aucun expert trouvé')).toBeInTheDocument();
    expect(cards()).toHaveLength(0);
  });

  it("shows the 'Données d'exemple' note for the sample directory only", async () => {
    const local = createLocalAdapter(fourteen);
    const { unmount } = renderExperts({ search: local, pictures: noPictures });
    expect(await screen.findByText(/Données d'exemple/)).toBeInTheDocument();
    unmount();
    renderExperts({
      search: { kind: 'algolia', sample: false, search: local.search },
      pictures: noPictures,
    });
    await waitFor(() => expect(cards()).toHaveLength(6));
    expect(screen.queryByText(/Données d'exemple/)).not.toBeInTheDocument();
  });
});

describe('errors (02 §8)', () => {
  const MESSAGE = 'Une erreur est survenue lors de la recherche des experts';

  it('clears the list on a first-page failure and shows the message; Réessayer searches again', async () => {
    const toastError = vi.spyOn(toast, 'error');
    const user = userEvent.setup();
    const local = createLocalAdapter(fourteen);
    let fail = false;
    const port: ExpertSearchPort = {
      kind: 'local',
      sample: true,
      search: async (p) => (fail ? { ok: false, code: 'offline' } : local.search(p)),
    };
    renderExperts({ search: port, pictures: noPictures });
    await waitFor(() => expect(cards()).toHaveLength(6));
    fail = true;
    await user.type(screen.getByLabelText('Rechercher un expert'), 'exp');
    await waitFor(() => expect(cards()).toHaveLength(0));
    expect(screen.getByText(MESSAGE)).toBeInTheDocument();
    expect(toastError).toHaveBeenCalledWith(MESSAGE);
    expect(screen.queryByText('Aucun expert trouvé')).not.toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    await waitFor(() => expect(cards()).toHaveLength(6));
  });

  it('keeps the shown cards when Voir plus fails', async () => {
    const toastError = vi.spyOn(toast, 'error');
    const user = userEvent.setup();
    const local = createLocalAdapter(fourteen);
    const port: ExpertSearchPort = {
      kind: 'local',
      sample: true,
      search: async (p) => (p.page > 0 ? { ok: false, code: 'server' } : local.search(p)),
    };
    renderExperts({ search: port, pictures: noPictures });
    await waitFor(() => expect(cards()).toHaveLength(6));
    await user.click(screen.getByRole('button', { name: 'Voir plus' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith(MESSAGE));
    expect(screen.queryByText(MESSAGE)).not.toBeInTheDocument();
    expect(cards()).toHaveLength(6);
    expect(screen.getByRole('button', { name: 'Voir plus' })).toBeEnabled();
  });
});
