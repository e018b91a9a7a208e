// The government registry adapter on the API's real answer shapes (issue 27 item 6), end to end
// from the registry endpoint to the app's company suggestion: non-diffusible companies ('P') never
// show the mask, closed establishments ('F') are not offered, the establishment asked for is shown
// as itself, the head office's IDCC list never hides the company-wide one, legal forms are INSEE's.
// The API is the stand-in of tests/fixtures/gouv-registry.ts behind the adapter's fetch port.
import { describe, expect, it } from 'vitest';
import { registryResponseSchema } from '@/domain/contracts';
import { pickRegistryResults } from '@/domain/registry';
import { createRegistryHandler } from '../../supabase/functions/_shared/registry/handler';
import { legalFormOf } from '../../supabase/functions/_shared/registry/legal-forms';
import { fakeGouvFetch, virtualClock } from '../fixtures/gouv-fake-fetch';
import { GOUV_DUVAL, GOUV_NON_DIFFUSIBLE, gouvSearch } from '../fixtures/gouv-registry';

function setup() {
  const clock = virtualClock();
  const upstream = fakeGouvFetch(clock.now);
  const registry = createRegistryHandler({
    settings: { source: 'gouv', userAgent: 'tests', contact: null, gouvUrl: 'http://gouv.test' },
    sample: { byName: async () => [], byNumber: async () => [] },
    fetch: upstream.fetch,
    gouv: {
      now: clock.now,
      sleep: clock.sleep,
      labels: async (idccs) => ({
        idcc: Object.fromEntries(idccs.map((c) => [c, `Convention ${c}`])),
        naf: {},
      }),
    },
  });
  const get = async (q: string, siret = /^\d+$/.test(q)) => {
    const url = `http://x/registry/v2?q=${encodeURIComponent(q)}${siret ? '&cibles=siret' : ''}`;
    const res = await clock.runUntilIdle(registry.handle(new URL(url), 'GET'));
    expect(res.status, q).toBe(200);
    expect(JSON.stringify(res.body)).not.toMatch(/\[NON-DIFFUSIBLE\]/i);
    return {
      items: registryResponseSchema.parse(res.body)[
        siret ? 'resultats_siret' : 'resultats_nom_entreprise'
      ],
      companies: pickRegistryResults(res.body, siret, 'gouv'),
    };
  };
  return { get, upstream };
}

describe('the stand-in honours minimal and include as the API does', () => {
  const search = (query: string) => gouvSearch(new URL(`http://gouv.test/search?${query}`));
  it('include without minimal=true is a 400; minimal alone drops the secondary fields', () => {
    expect(search('q=duval&include=siege')).toMatchObject({
      status: 400,
      body: { erreur: expect.stringContaining('minimal=True') },
    });
    const minimal = search('q=duval&minimal=true').body as { results: Record<string, unknown>[] };
    expect(Object.keys(minimal.results[0]!)).not.toEqual(expect.arrayContaining(['siege']));
    expect(minimal.results[0]).not.toHaveProperty('complements');
    expect(minimal.results[0]).not.toHaveProperty('matching_etablissements');
    const some = search('q=duval&minimal=true&include=siege').body as {
      results: Record<string, unknown>[];
    };
    expect(some.results[0]).toHaveProperty('siege');
    expect(some.results[0]).not.toHaveProperty('complements');
    const full = search('q=duval').body as { results: Record<string, unknown>[] };
    expect(full.results[0]).toHaveProperty('complements');
    expect(full.results[0]).toHaveProperty('dirigeants');
    expect(search('q=ab').status).toBe(400);
  });
  it('a SIREN lookup has no matching establishment; a SIRET lookup that one alone', () => {
    const bySiren = search('q=812345676&minimal=true&include=matching_etablissements').body as {
      results: { matching_etablissements: unknown[] }[];
    };
    expect(bySiren.results[0]!.matching_etablissements).toEqual([]);
    const bySiret = search('q=81234567600025&minimal=true&include=matching_etablissements')
      .body as { results: { matching_etablissements: { siret: string }[] }[] };
    expect(bySiret.results[0]!.matching_etablissements.map((e) => e.siret)).toEqual([
      '81234567600025',
    ]);
  });
  it("the adapter's calls are the ones the API takes (never a 400)", async () => {
    const { get, upstream } = setup();
    await get('ateliers duval');
    await get('812345676');
    await get('81234567600025');
    for (const call of upstream.calls)
      expect(gouvSearch(call.url).status, String(call.url)).toBe(200);
    expect(upstream.calls.map((c) => c.url.searchParams.get('minimal'))).toEqual([
      'true',
      'true',
      'true',
    ]);
  });
});

describe('non-diffusible companies (statut_diffusion P)', () => {
  it('a sole trader: no name, no street, the city, the SIRET and the IDCC; the user types the name', async () => {
    const { get } = setup();
    const { items, companies } = await get('90123456700013');
    expect(items[0]).toMatchObject({
      siren: '901234567',
      nom_entreprise: null,
      denomination: null,
      forme_juridique: 'Entrepreneur individuel',
      non_diffusible: true,
      siege: {
        siret: '90123456700013',
        adresse_ligne_1: undefined,
        code_postal: undefined,
        ville: 'AIX-LES-BAINS',
      },
    });
    expect(companies[0]).toMatchObject({
      siren: '901234567',
      siret: '90123456700013',
      companyName: '',
      companyAddress: 'AIX-LES-BAINS',
      nonDiffusible: true,
      idcc: ['2596'],
      declaredAgreements: [{ idcc: '2596', name: 'Convention 2596' }],
      inseeBand: { code: '01', year: '2023' },
    });
  });
  it('its name is not searchable (the API indexes the mask, never a name)', async () => {
    const { get } = setup();
    expect((await get('NON-DIFFUSIBLE', false)).items).toEqual([]);
  });
  it('a legal person keeps its name (only its acronym and address are masked)', async () => {
    const { get } = setup();
    const { companies } = await get('cabinet marchand', false);
    expect(companies[0]).toMatchObject({
      companyName: 'CABINET MARCHAND AVOCATS',
      companyAddress: 'RENNES',
      nonDiffusible: true,
      forme_juridique: 'SELAFA',
    });
  });
  it('the mask is dropped wherever it appears, whatever the source', async () => {
    const { companies } = {
      companies: pickRegistryResults(
        {
          resultats_nom_entreprise: [
            {
              siren: '901234567',
              nom_entreprise: '[NON-DIFFUSIBLE]',
              denomination: 'DUPONT ([Non diffusible])',
              siege: { siret: '90123456700013', adresse_ligne_1: '[NON-DIFFUSIBLE]', ville: 'PAU' },
            },
          ],
        },
        false,
      ),
    };
    expect(companies[0]).toMatchObject({ companyName: 'DUPONT', companyAddress: 'PAU' });
  });
});

describe('establishments: closed ones are not offered, the one asked for is itself', () => {
  it('a closed establishment (F) is no result', async () => {
    const { get } = setup();
    expect((await get('81234567600033')).items).toEqual([]);
    expect((await get('35600000012345')).items).toEqual([]);
  });
  it('a secondary establishment: its SIRET, address, NAF code and own IDCC, the others to choose', async () => {
    const { get } = setup();
    const { items, companies } = await get('81234567600025');
    expect(items[0]).toMatchObject({
      siege: {
        siret: '81234567600025',
        adresse_ligne_1: 'ZI DU CHAMP DU PONT 9 AVENUE DE LA REPUBLIQUE',
        code_postal: '69200',
        ville: 'VENISSIEUX',
      },
      code_naf: '46.69B',
    });
    expect(companies[0]).toMatchObject({
      siret: '81234567600025',
      companyName: 'ATELIERS DUVAL',
      companyAddress: 'ZI DU CHAMP DU PONT 9 AVENUE DE LA REPUBLIQUE 69200 VENISSIEUX',
      declaredAgreements: [{ idcc: '0573', name: 'Convention 0573' }],
      declaredLevel: 'etablissement',
      otherAgreements: [{ idcc: '1486', name: 'Convention 1486' }],
    });
  });
  it('the head office (by name or SIREN) declares 1486; the company also 0573: both offered', async () => {
    const { get } = setup();
    for (const [q, siret] of [
      ['ateliers duval', false],
      ['812345676', true],
    ] as const) {
      const { companies } = await get(q, siret);
      expect(companies[0], q).toMatchObject({
        siret: GOUV_DUVAL.etablissements[0]!.siret,
        declaredAgreements: [{ idcc: '1486', name: 'Convention 1486' }],
        otherAgreements: [{ idcc: '0573', name: 'Convention 0573' }],
        idcc: ['1486', '0573'],
      });
    }
  });
  it('same list at both levels (La Poste, in another order): nothing more to choose', async () => {
    const { get } = setup();
    const { companies } = await get('356000000');
    expect(companies[0]?.declaredAgreements).toEqual([{ idcc: '5516', name: 'Convention 5516' }]);
    expect(companies[0]?.otherAgreements).toBeUndefined();
  });
  it('a head office without its own list: the company list, said to be the company’s', async () => {
    const { get } = setup();
    const { companies } = await get('35600000053166');
    expect(companies[0]).toMatchObject({ declaredLevel: 'entreprise' });
    expect(companies[0]?.otherAgreements).toBeUndefined();
  });
});

describe("legal forms: INSEE's level III categories", () => {
  it('5308 is a SCA, 5385 a SELCA, 5585 and 5685 a SELAFA; unknown codes are no form', async () => {
    expect(legalFormOf('5308')).toBe('SCA');
    expect(legalFormOf('5385')).toBe('SELCA');
    expect(legalFormOf('5585')).toBe('SELAFA');
    expect(legalFormOf('5685')).toBe('SELAFA');
    expect(legalFormOf('5202')).toBe('SNC');
    expect(legalFormOf('5710')).toBe('SAS');
    expect(legalFormOf('5498')).toBeNull();
    expect(legalFormOf('57')).toBeNull();
    expect(legalFormOf('9220')).toBe('Association déclarée');
    const { get } = setup();
    expect((await get('ateliers duval', false)).items[0]?.forme_juridique).toBe('SCA');
    expect(GOUV_NON_DIFFUSIBLE.result.nature_juridique).toBe('1000');
  });
});
