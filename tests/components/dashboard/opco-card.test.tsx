import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { OPCO_IDENTITIES } from '@/domain/opco-identity';
import { config } from '@/lib/config';
import { OpcoCard } from '@/features/dashboard/components/opco-card';

/** The OPCO's mark: decorative (the name is written beside it), so found by its class. */
const mark = (container: HTMLElement) => container.querySelector<HTMLElement>('.opco-mark');

describe('OpcoCard (02 §2.3, issue 16)', () => {
  it("has the title 'L'OPCO de votre entreprise'", () => {
    render(<OpcoCard opcoName="AKTO" />);
    expect(screen.getByRole('heading', { name: "L'OPCO de votre entreprise" })).toBeInTheDocument();
  });

  it("shows the fund's monogram on its colour and links to the website in a new tab", () => {
    const { container } = render(<OpcoCard opcoName="AKTO" />);
    expect(mark(container)).toHaveTextContent('AK');
    expect(mark(container)).toHaveAttribute('aria-hidden', 'true');
    expect(mark(container)!.style.getPropertyValue('--opco-colour')).toBe(
      OPCO_IDENTITIES.AKTO.colour,
    );
    // No image of someone else's logo.
    expect(screen.queryByRole('img')).toBeNull();
    const link = screen.getByRole('link', { name: /Visiter le site de l'OPCO/ });
    expect(link).toHaveAttribute('href', 'https://www.akto.fr');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveTextContent("(s'ouvre dans un nouvel onglet)");
  });

  it.each([
    ['OPCO 2i', '2i', 'https://www.opco2i.fr'],
    ['AFDAS', 'AF', 'https://www.afdas.com'],
    ['OCAPIAT', 'OC', 'https://www.ocapiat.fr'],
    ['UNIFORMATION', 'UN', 'https://www.uniformation.fr'],
    ['OPCOMMERCE', 'CM', 'https://www.lopcommerce.com'],
    ['CONSTRUCTYS', 'CT', 'https://www.constructys.fr'],
    ['OPCO EP', 'EP', 'https://www.opcoep.fr'],
    ['OPCO Mobilités', 'MO', 'https://www.opcomobilites.fr'],
    ['OPCO Santé', 'SA', 'https://www.opco-sante.fr'],
    ['Atlas', 'AT', 'https://www.opco-atlas.fr'],
  ])('%s: monogram %s, website %s', (name, monogram, site) => {
    const { container } = render(<OpcoCard opcoName={name} />);
    expect(mark(container)).toHaveTextContent(monogram);
    expect(screen.getByText(name)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Visiter le site/ })).toHaveAttribute('href', site);
  });

  it('normalises a long name to its short name and its mark', () => {
    const { container } = render(<OpcoCard opcoName="OPCO des entreprises de proximité" />);
    expect(screen.getByText('OPCO EP')).toBeInTheDocument();
    expect(mark(container)).toHaveTextContent('EP');
  });

  it("unknown OPCO: a neutral mark and the provider's OPCO page in a new tab", () => {
    const { container } = render(<OpcoCard opcoName="Fonds inconnu" />);
    expect(mark(container)).toHaveClass('opco-mark-unknown');
    expect(mark(container)).toHaveTextContent('');
    const link = screen.getByRole('link', { name: /Trouver mon OPCO/ });
    expect(link).toHaveAttribute('href', config.opcoProviderUrl);
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.queryByRole('link', { name: /Visiter le site/ })).toBeNull();
  });

  it("no OPCO at all: 'OPCO non identifié' and the provider's page", () => {
    render(<OpcoCard opcoName="  " />);
    expect(screen.getByText('OPCO non identifié')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Trouver mon OPCO/ })).toHaveAttribute(
      'href',
      config.opcoProviderUrl,
    );
  });
});
