// /training ('Fonctionnement', 02 §1, §2.13): claims, steps and the calls to action.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { TrainingExplainerPage } from '@/features/training-explainer/pages/training-explainer-page';
import { authStore } from '@/lib/auth';

function renderAt() {
  const router = createMemoryRouter(
    [
      { path: '/training', element: <TrainingExplainerPage /> },
      { path: '/training/recommendations', element: <p>page recommandations</p> },
      { path: '/team-survey', element: <p>page sondage</p> },
      { path: '/rechercher-entreprise', element: <p>page recherche</p> },
    ],
    { initialEntries: ['/training'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => authStore.setUser(null));

describe('training explainer', () => {
  it('shows the claims of the documents and the four steps', () => {
    renderAt();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Comment ça marche ?' }),
    ).toBeInTheDocument();
    const claims = within(
      screen.getByRole('region', { name: 'Budget Formation en chiffres' }),
    ).getAllByRole('listitem');
    expect(claims.map((c) => c.textContent)).toEqual([
      'Plus de 800 experts',
      'Plus de 500 entreprises',
      '100% financé',
      'Des sessions de 2 à 4 h par semaine',
    ]);
    const steps = within(screen.getByRole('region', { name: 'Les étapes' })).getAllByRole(
      'listitem',
    );
    expect(steps).toHaveLength(4);
    expect(steps[2]).toHaveTextContent('sous 48h');
  });

  it('leads a signed-in user to the recommendations and the team survey', async () => {
    authStore.setUser({ id: 'u', email: 'a@b.fr', emailConfirmed: true, metadata: {} });
    const user = userEvent.setup();
    const router = renderAt();
    const toRecommendations = screen.getAllByRole('link', { name: 'Trouver ma formation' });
    const toSurvey = screen.getAllByRole('link', { name: 'Sonder mon équipe' });
    expect(toRecommendations).toHaveLength(2);
    expect(toSurvey).toHaveLength(2);
    toRecommendations.forEach((a) =>
      expect(a).toHaveAttribute('href', '/training/recommendations'),
    );
    toSurvey.forEach((a) => expect(a).toHaveAttribute('href', '/team-survey'));
    expect(
      screen.queryByRole('link', { name: 'Découvrir mon budget formation' }),
    ).not.toBeInTheDocument();
    await user.click(toSurvey[0]!);
    expect(router.state.location.pathname).toBe('/team-survey');
  });

  it('also offers the budget search to visitors without an account', async () => {
    const user = userEvent.setup();
    const router = renderAt();
    await user.click(screen.getByRole('link', { name: 'Découvrir mon budget formation' }));
    expect(router.state.location.pathname).toBe('/rechercher-entreprise');
  });
});
