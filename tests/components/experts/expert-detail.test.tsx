// An expert card opens the expert's profile, whose « Prendre rendez-vous » opens the booking modal
// the app already has, about that expert (issue 29 item 8). Keyboard only.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createLocalAdapter, type PictureProbe } from '@/lib/expert-search';
import { dataset, renderExperts, sampleExpert } from './helpers';

const noPictures: PictureProbe = async () => null;
const rich = sampleExpert(1, {
  firstname: 'Moussa',
  expertise_name: 'Marketing digital',
  public_experiences: [
    { isCurrentJob: true, jobTitle: 'Responsable marketing digital' },
    { isCurrentJob: false, jobTitle: 'Chef de projet web' },
  ],
  skills: ['Emailing', 'Copywriting', 'Branding', 'Stratégie de contenu', 'SEO', 'Growth'],
  tools: ['Mailchimp', 'Brevo', 'Google Ads', 'HubSpot'],
  description: 'Six ans d’expérience en marketing digital.',
  sector: 'Numérique',
  market: ['B2B'],
  does_guides_advances: true,
});

describe('expert detail', () => {
  it('opens from the card with every skill and tool, and books a meeting about the expert', async () => {
    const user = userEvent.setup();
    renderExperts({ search: createLocalAdapter(dataset([rich])), pictures: noPictures });
    const card = await screen.findByRole('article', { name: 'Moussa' });
    // the card shows 5 skills and 3 tools, then « +2 autres »
    expect(within(card).getByText('+2 autres')).toBeInTheDocument();
    const open = within(card).getByRole('button', { name: 'Voir le profil de Moussa' });
    open.focus();
    await user.keyboard('{Enter}');

    const detail = await screen.findByRole('dialog', { name: 'Moussa' });
    for (const item of ['Growth', 'HubSpot', 'Chef de projet web', 'Numérique', 'B2B']) {
      expect(within(detail).getByText(item)).toBeInTheDocument();
    }
    expect(within(detail).getByText('débutants, intermédiaires, avancés')).toBeInTheDocument();
    expect(within(detail).getByText('Poste actuel : Responsable marketing digital')).toBeVisible();
    const book = within(detail).getByRole('button', { name: 'Prendre rendez-vous' });
    expect(book).toHaveFocus();
    await user.keyboard('{Enter}');

    const booking = await screen.findByRole('dialog', { name: 'Prendre rendez-vous' });
    expect(screen.queryByRole('dialog', { name: 'Moussa' })).not.toBeInTheDocument();
    const subject = within(booking).getByRole('region', { name: 'Expert choisi' });
    expect(subject).toHaveTextContent('Moussa');
    expect(subject).toHaveTextContent('Marketing digital · Responsable marketing digital');
    expect(within(booking).getByText('RDV conseiller')).toBeInTheDocument();
    expect(within(booking).getByText('Matching expert')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Prendre rendez-vous' })).toBeNull(),
    );
  });

  it('closes (× « Fermer ») and gives the focus back to the card', async () => {
    const user = userEvent.setup();
    renderExperts({ search: createLocalAdapter(dataset([rich])), pictures: noPictures });
    const open = await screen.findByRole('button', { name: 'Voir le profil de Moussa' });
    await user.click(open);
    const detail = await screen.findByRole('dialog', { name: 'Moussa' });
    await user.click(within(detail).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(open).toHaveFocus());
  });
});
