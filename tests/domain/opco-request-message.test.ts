// Issue 27 item 7: « Demander confirmation à mon OPCO », the prefilled message (text and mailto:).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildOpcoRequestMessage, type OpcoRequestFacts } from '@/domain/opco-request-message';
import { fr } from '@/i18n/fr';

const words = fr.opcoConfirmation.request.message;
const facts = (over: Partial<OpcoRequestFacts> = {}): OpcoRequestFacts => ({
  companyName: 'Altéa Conseil',
  siret: '44306184100047',
  idcc: '1486',
  headcount: '11 à 49 salariés',
  opco: 'Atlas',
  figure: 'Budget Total : 3\u202f000\u00a0€ HT',
  source: {
    text: "critères publiés par l'OPCO (2026)",
    url: 'https://www.opco-atlas.fr/criteres-financement/bureaux-detudes-techniques-ingenieurs-et-conseils',
  },
  sender: 'Camille Martin',
  ...over,
});

/** The body and subject a mail client gets from the mailto: link. */
function openMailto(mailto: string) {
  expect(mailto.startsWith('mailto:?')).toBe(true);
  const params = new URLSearchParams(mailto.slice('mailto:?'.length).replace(/\+/g, '%2B'));
  return { subject: params.get('subject'), body: params.get('body') };
}

describe('buildOpcoRequestMessage', () => {
  it('with a figure: SIRET, IDCC, headcount, OPCO, the figure and its source, in French', () => {
    const m = buildOpcoRequestMessage(facts(), words);
    expect(m.subject).toBe(
      'Budget formation de Altéa Conseil (SIRET 44306184100047) : demande de confirmation',
    );
    expect(m.body.split('\n')).toEqual([
      'Bonjour,',
      '',
      'Je souhaite connaître le budget de formation dont dispose mon entreprise auprès de votre OPCO pour le plan de développement des compétences de cette année.',
      '',
      '- Entreprise : Altéa Conseil',
      '- SIRET : 44306184100047',
      '- Convention collective (IDCC) : 1486',
      '- Effectif salarié : 11 à 49 salariés',
      '- OPCO : Atlas',
      '',
      "Le site Budget Formation m'indique « Budget Total : 3\u202f000\u00a0€ HT ».",
      "Source de ce montant : critères publiés par l'OPCO (2026).",
      'https://www.opco-atlas.fr/criteres-financement/bureaux-detudes-techniques-ingenieurs-et-conseils',
      '',
      "Pouvez-vous me confirmer ce montant, en précisant s'il s'entend HT ou TTC, ou m'indiquer celui auquel mon entreprise a droit ? Je vous remercie par avance.",
      '',
      'Cordialement,',
      'Camille Martin',
    ]);
  });

  it('the mailto: link carries the same subject and body (CRLF line breaks), and no recipient', () => {
    const m = buildOpcoRequestMessage(facts(), words);
    const opened = openMailto(m.mailto);
    expect(opened.subject).toBe(m.subject);
    expect(opened.body).toBe(m.body.replace(/\n/g, '\r\n'));
    expect(m.mailto).toContain('%0D%0A');
    expect(m.mailto).not.toMatch(/[\s<>"]/);
    // Under the ~2,000 characters every mail client accepts.
    expect(m.mailto.length).toBeLessThan(2000);
  });

  it('no figure: says none is published and asks for the amount; no source line', () => {
    const m = buildOpcoRequestMessage(facts({ figure: null }), words);
    expect(m.body).toContain(
      "Le site Budget Formation n'a trouvé aucun montant publié pour ma convention collective et mon effectif.",
    );
    expect(m.body).toContain("Pouvez-vous m'indiquer le montant auquel mon entreprise a droit");
    expect(m.body).not.toContain('Source');
    expect(m.body).not.toContain('https://');
  });

  it('unknown fields read « non renseigné »; no signature without a name', () => {
    const m = buildOpcoRequestMessage(
      facts({ idcc: null, opco: null, headcount: '', sender: null, source: null }),
      words,
    );
    expect(m.body).toContain('- Convention collective (IDCC) : non renseigné');
    expect(m.body).toContain('- OPCO : non renseigné');
    expect(m.body).toContain('- Effectif salarié : non renseigné');
    expect(m.body.endsWith('Cordialement,')).toBe(true);
  });

  it('a source page that is not http(s) is left out; line breaks in data never forge lines', () => {
    const m = buildOpcoRequestMessage(
      facts({
        companyName: 'Atelier\nBcc: pirate@example.com',
        source: { text: 'Source :\r\nx', url: 'javascript:alert(1)' },
      }),
      words,
    );
    expect(m.body).not.toContain('javascript:');
    expect(m.body).toContain('- Entreprise : Atelier Bcc: pirate@example.com');
    expect(m.subject).not.toMatch(/[\r\n]/);
    const opened = openMailto(m.mailto);
    expect(opened.subject).toBe(m.subject);
  });

  it('any company name and figure: one subject line, the body’s data lines never split, the mailto reopens to the same text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.string({ maxLength: 100 }), (name, figure) => {
        const m = buildOpcoRequestMessage(facts({ companyName: name, figure }), words);
        expect(m.subject).not.toMatch(/[\r\n\u0085\u2028\u2029]/);
        const company = m.body.split('\n').find((l) => l.startsWith('- Entreprise : '));
        expect(company).toBeDefined();
        const opened = openMailto(m.mailto);
        expect(opened.subject).toBe(m.subject);
        expect(opened.body).toBe(m.body.replace(/\n/g, '\r\n'));
      }),
    );
  });
});
