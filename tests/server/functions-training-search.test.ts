// The shipped catalogue and its retrieval (supabase/functions/_shared/training-*.ts), pure modules
// shared by the functions and the Node tests.
import { describe, expect, it } from 'vitest';
import { trainingRecommendationSchema } from '../../src/domain/contracts';
import {
  parseCoverageText,
  parseDurationText,
  parsePriceText,
  recommendationFormat,
  toTrainingFormat,
} from '../../src/domain/training';
import {
  CATALOGUE_CATEGORIES,
  TRAINING_CATALOGUE,
  catalogueRecommendation,
  formatCataloguePrice,
} from '../../supabase/functions/_shared/training-catalogue';
import { estimateFromCatalogue } from '../../supabase/functions/_shared/training-estimate';
import {
  foldAccents,
  nearestTrainings,
  processTerm,
  searchCatalogue,
  stemFrench,
} from '../../supabase/functions/_shared/training-search';

describe('training catalogue', () => {
  it('holds at least 80 distinct trainings across every category', () => {
    expect(TRAINING_CATALOGUE.length).toBeGreaterThanOrEqual(80);
    expect(new Set(TRAINING_CATALOGUE.map((t) => t.id)).size).toBe(TRAINING_CATALOGUE.length);
    expect(new Set(TRAINING_CATALOGUE.map((t) => t.title)).size).toBe(TRAINING_CATALOGUE.length);
    for (const category of CATALOGUE_CATEGORIES) {
      expect(
        TRAINING_CATALOGUE.filter((t) => t.category === category).length,
      ).toBeGreaterThanOrEqual(5);
    }
  });

  it('keeps numbers and display texts consistent with the product rules (02 §9)', () => {
    for (const t of TRAINING_CATALOGUE) {
      expect(t.priceEuros).toBeGreaterThanOrEqual(1550);
      expect(t.priceEuros).toBeLessThanOrEqual(8200);
      expect(parsePriceText(t.price)).toBe(t.priceEuros);
      expect(parseDurationText(t.duration)).toBe(t.durationHours);
      expect(parseCoverageText(t.coverage)).toBe(t.coverageRate);
      expect(t.coverageRate).toBeGreaterThan(0);
      expect(t.coverageRate).toBeLessThanOrEqual(100);
      expect(t.benefits.length).toBeGreaterThanOrEqual(3);
      expect(t.benefits.length).toBeLessThanOrEqual(5);
      expect(t.keywords.length).toBeGreaterThanOrEqual(4);
      expect(t.description.length).toBeGreaterThan(40);
      expect(trainingRecommendationSchema.safeParse(catalogueRecommendation(t)).success).toBe(true);
      // présentiel → in_person; distanciel, hybride, e-learning → remote for recommendations
      expect(recommendationFormat(t.format)).toBe(
        t.format === 'Présentiel' ? 'in_person' : 'remote',
      );
      expect(toTrainingFormat(t.format)).toBe(
        t.format === 'Présentiel'
          ? 'in_person'
          : t.format === 'E-learning'
            ? 'e_learning'
            : 'remote',
      );
    }
  });

  it('formats prices the French way', () => {
    expect(formatCataloguePrice(2450)).toBe('2\u00a0450\u00a0€\u00a0HT');
    expect(formatCataloguePrice(1550)).toBe('1\u00a0550\u00a0€\u00a0HT');
  });
});

describe('French text processing', () => {
  it('folds accents and ligatures', () => {
    expect(foldAccents('Négociation Œuvre Ça')).toBe('negociation oeuvre ca');
  });
  it('stems plurals, feminine and derivational endings to shared roots', () => {
    expect(stemFrench('commerciaux')).toBe(stemFrench('commercial'));
    expect(stemFrench('commerciale')).toBe(stemFrench('commercial'));
    expect(stemFrench('managers')).toBe(stemFrench('management'));
    expect(stemFrench('reseaux')).toBe(stemFrench('reseau'));
    expect(stemFrench('negociation')).toBe(stemFrench('negocier'));
    expect(stemFrench('ia')).toBe('ia');
  });
  it('drops stop words and words every training shares', () => {
    expect(processTerm('les')).toBeNull();
    expect(processTerm('Formation')).toBeNull();
    expect(processTerm('x')).toBeNull();
    expect(processTerm('Excel')).toBe('excel');
  });
});

describe('searchCatalogue', () => {
  const top = (q: string) => searchCatalogue(q, 3).map((h) => h.training.title);
  it('ranks the obvious training first for each popular challenge', () => {
    expect(top('Mieux manager une équipe à distance')[0]).toBe('Manager une équipe à distance');
    expect(top("Utiliser l'intelligence artificielle au quotidien")[0]).toBe(
      'Utiliser l’IA générative au quotidien',
    );
    expect(top('Maîtriser Excel et les tableaux de bord')[0]).toBe(
      'Excel avancé : tableaux croisés et tableaux de bord',
    );
    expect(top('Développer la présence de la marque sur les réseaux sociaux')[0]).toBe(
      'Développer sa marque sur les réseaux sociaux',
    );
    expect(top('Améliorer la relation et la satisfaction client')[0]).toBe(
      'Améliorer l’expérience et la satisfaction client',
    );
    expect(
      top('Améliorer la performance commerciale').every((t) => /vente|commercial/i.test(t)),
    ).toBe(true);
  });
  it('finds acronyms and single words', () => {
    expect(top('RGPD')[0]).toBe('RGPD : mettre son entreprise en conformité');
    expect(top('paie')[0]).toBe('Les fondamentaux de la paie');
    expect(top('cybersécurité')[0]).toBe('Cybersécurité : les bons réflexes pour tous');
  });
  it('honours the limit and returns nothing for gibberish or blank text', () => {
    expect(searchCatalogue('anglais', 2)).toHaveLength(2);
    expect(searchCatalogue('xqzwv plorbt', 3)).toEqual([]);
    expect(searchCatalogue('   ', 3)).toEqual([]);
    expect(searchCatalogue('les de la', 3)).toEqual([]);
  });
  it('stays bounded on very long text', () => {
    expect(searchCatalogue('excel '.repeat(20_000), 3)[0]?.training.title).toMatch(/Excel/);
  });
});

describe('nearestTrainings and the catalogue estimate', () => {
  it('prefers the topic and a fitting format', () => {
    const inPerson = nearestTrainings(
      'Prise de parole',
      'aisance devant un public',
      'in_person',
      3,
    );
    expect(inPerson[0]?.training.title).toBe('Prise de parole en public');
    const remote = nearestTrainings('anglais', 'progresser à l’oral', 'remote', 3);
    expect(remote.every((h) => h.training.category === 'Langues')).toBe(true);
  });
  it('averages the neighbours weighted by closeness and names them', () => {
    const est = estimateFromCatalogue({
      topic: 'Excel avancé',
      description: 'tableaux croisés dynamiques',
      format: 'remote',
    });
    const refs = est.references.map((h) => h.training);
    const min = Math.min(...refs.map((t) => t.priceEuros));
    const max = Math.max(...refs.map((t) => t.priceEuros));
    expect(est.cost).toBeGreaterThanOrEqual(Math.floor(min / 50) * 50);
    expect(est.cost).toBeLessThanOrEqual(Math.ceil(max / 50) * 50);
    expect(est.duration).toBeGreaterThanOrEqual(Math.min(...refs.map((t) => t.durationHours)));
    expect(est.duration).toBeLessThanOrEqual(Math.max(...refs.map((t) => t.durationHours)));
    for (const t of refs) expect(est.explanation).toContain(`« ${t.title} »`);
  });
  it('uses the catalogue medians when nothing is close', () => {
    const est = estimateFromCatalogue({ topic: 'zzzz', description: 'qqqq', format: 'remote' });
    expect(est.references).toEqual([]);
    expect(est.duration).toBeGreaterThanOrEqual(1);
    expect(est.cost).toBeGreaterThan(0);
    expect(est.explanation).toContain(`nos ${TRAINING_CATALOGUE.length} formations`);
  });
});
