import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { OPCO_LOGO_KEYWORDS } from '@/domain/opco';
import { config } from '@/lib/config';
import { OpcoCard } from '@/features/dashboard/components/opco-card';
import { opcoLogoUrl } from '@/features/dashboard/data/opco-logos';

const logo = () => screen.queryByRole('img');

describe('OpcoCard (02 §2.3)', () => {
  it("has the title 'L'OPCO de votre entreprise'", () => {
    render(<OpcoCard opcoName="AKTO" />);
    expect(screen.getByRole('heading', { name: "L'OPCO de votre entreprise" })).toBeInTheDocument();
  });

  it('chooses the badge by keyword and links to the website in a new tab', () => {
    render(<OpcoCard opcoName="AKTO" />);
    expect(logo()).toHaveAttribute('src', '/images/opco/akto.svg');
    expect(logo()).toHaveAttribute('alt', "Logo d'AKTO");
    const link = screen.getByRole('link', { name: /Visiter le site de l'OPCO/ });
    expect(link).toHaveAttribute('href', 'https://www.akto.fr');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveTextContent("(s'ouvre dans un nouvel onglet)");
  });

  it.each([
    ['OPCO 2i', '/images/opco/opco-2i.svg', 'https://www.opco2i.fr'],
    ['AFDAS', '/images/opco/afdas.svg', 'https://www.afdas.com'],
    ['OCAPIAT', '/images/opco/ocapiat.svg', 'https://www.ocapiat.fr'],
    ['UNIFORMATION', '/images/opco/cohesion.svg', 'https://www.uniformation.fr'],
    ['OPCOMMERCE', '/images/opco/commerce.svg', 'https://www.lopcommerce.com'],
    ['CONSTRUCTYS', '/images/opco/construction.svg', 'https://www.constructys.fr'],
    ['OPCO EP', '/images/opco/proximite.svg', 'https://www.opcoep.fr'],
    ['OPCO Mobilités', '/images/opco/mobilites.svg', 'https://www.opcomobilites.fr'],
    ['OPCO Santé', '/images/opco/sante.svg', 'https://www.opco-sante.fr'],
  ])('%s: badge %s, website %s', (name, src, site) => {
    render(<OpcoCard opcoName={name} />);
    expect(logo()).toHaveAttribute('src', src);
    expect(screen.getByRole('link', { name: /Visiter le site/ })).toHaveAttribute('href', site);
  });

  it('shows no logo for Atlas, and still its website', () => {
    render(<OpcoCard opcoName="Atlas" />);
    expect(logo()).toBeNull();
    expect(screen.getByText('Atlas')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Visiter le site/ })).toHaveAttribute(
      'href',
      'https://www.opco-atlas.fr',
    );
  });

  it('normalises a long name to its short name', () => {
    render(<OpcoCard opcoName="OPCO des entreprises de proximité" />);
    expect(screen.getByText('OPCO EP')).toBeInTheDocument();
    expect(logo()).toHaveAttribute('src', '/images/opco/proximite.svg');
  });

  it("unknown OPCO: default badge and the provider's OPCO page in a new tab", () => {
    render(<OpcoCard opcoName="Fonds inconnu" />);
    expect(logo()).toHaveAttribute('src', '/images/opco/default.svg');
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

  it('hides a badge that cannot load (offline) instead of a broken image', () => {
    render(<OpcoCard opcoName="AKTO" />);
    fireEvent.error(logo()!);
    expect(logo()).toBeNull();
    expect(screen.getByText('AKTO')).toBeInTheDocument();
  });

  it('has a badge file for every logo keyword but Atlas', () => {
    const keys = [...OPCO_LOGO_KEYWORDS.filter((k) => k !== 'atlas'), 'default'] as const;
    for (const key of keys) {
      const file = resolve(process.cwd(), 'public', opcoLogoUrl(key).slice(1));
      expect(existsSync(file), file).toBe(true);
    }
  });
});
