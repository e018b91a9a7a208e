// The dashboard end to end (02 §2.3, §2.4, §4, §9; issue 6) in Debian's chromium against
// `npm start`: the signed-in user's company arrives through sync, the budget through the local
// budget API, and everything keeps working offline after the first visit.
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { createConfirmedUser, serviceClient, type TestUser } from './support/backend';
import { expect, expectNoA11yViolations, injectSession, test } from './support/fixtures';

const SIRET = '44306184100047';

function companyMetadata(
  range: { min: number; max: number },
  budget: Record<string, unknown>,
  idcc = '1486',
) {
  return {
    contact_phone: '06 12 34 56 78',
    pending_simulation: {
      id: randomUUID(),
      company_name: 'Altéa Conseil',
      company_address: '10 rue de Rivoli, 75001 Paris',
      company_siret: SIRET,
      code_naf: '62.02A',
      idcc,
      employee_range_min: range.min,
      employee_range_max: range.max,
      ...budget,
    },
  };
}

async function openDashboard(page: Page, user: TestUser) {
  await injectSession(page, user);
  await page.goto('/dashboard');
}

test('a company sees its budget, the financing conditions, the promo form, its cards, and books a training', async ({
  page,
}) => {
  const user = await createConfirmedUser(
    companyMetadata(
      { min: 11, max: 49 },
      {
        budget_type: 'SUM_OF_LEGAL_AND_CONVENTION',
        budget_total: 5000,
        budget_legal: 3000,
        budget_convention: 2000,
        opco_name: 'OPCO ATLAS',
        taux_prise_en_charge: 100,
      },
    ),
  );
  await openDashboard(page, user);

  await expect(
    page.getByRole('heading', {
      level: 1,
      name: 'Voici le budget formation de votre entreprise !',
    }),
  ).toBeVisible();
  const figure = page.getByTestId('budget-figure');
  // The network answer: Atlas's published criteria for IDCC 1486, 11-49 (data/opco-criteria-2026.csv
  // line 147), which replace the stored figure, with their source (issue 15).
  await expect(figure).toContainText(/Budget Total :\s3\s000\s€\sHT/);
  await expect(figure).not.toContainText('Taux de prise en charge');
  await expect(figure).not.toContainText('Montant au');
  const source = page.getByTestId('budget-source').first();
  await expect(source).toContainText("Source : critères 2026 d'Atlas");
  await expect(source).toContainText('mis à jour le 05/01/2026');
  await expect(source).toContainText("Montant indicatif, à confirmer auprès de l'OPCO.");
  await expect(source.getByRole('link', { name: /Voir la source/ })).toHaveAttribute(
    'href',
    'https://www.opco-atlas.fr/criteres-financement/bureaux-detudes-techniques-ingenieurs-et-conseils',
  );

  // Financing conditions (02 §4).
  const toggle = page.getByRole('button', {
    name: 'En savoir plus sur les conditions de financements',
  });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const panel = page.locator('.budget-details-panel');
  // What the source does not state reads « Non communiqué ».
  await expect(panel.locator('[data-key="dailyCap"]')).toContainText(
    /Plafond journalier\s*Non communiqué/,
  );
  await expect(panel.locator('[data-key="wages"]')).toContainText('Pas pris en charge');
  await expect(panel.locator('[data-key="additionalCosts"]')).toContainText('Non communiqué');
  await expect(panel.locator('[data-key="thematicConditions"]')).toHaveCount(0);
  await expect(panel.locator('[data-key="updatedAt"]')).toContainText('5 janvier 2026');
  await expect(panel.locator('[data-key="source"]')).toContainText("critères 2026 d'Atlas");

  // Promo block: the embedded form (500 px) with its hidden fields.
  await expect(
    page.getByRole('heading', { name: 'Vous êtes éligible à un accompagnement' }),
  ).toBeVisible();
  const frame = page.locator('iframe[title="Formulaire d\'accompagnement"]');
  await expect(frame).toHaveCSS('height', '500px');
  const form = page.frameLocator('iframe[title="Formulaire d\'accompagnement"]');
  await expect(form.locator('dd[data-field="email"]')).toHaveText(user.email);
  await expect(form.locator('dd[data-field="idcc"]')).toHaveText('1486');
  await expect(form.locator('dd[data-field="employes"]')).toHaveText('11-49');
  await expect(form.locator('dd[data-field="budget"]')).toHaveText('3000');
  await expect(form.locator('dd[data-field="phone_number"]')).toHaveText('06 12 34 56 78');

  // Company and OPCO cards.
  const company = page.getByRole('region', { name: 'Votre entreprise', exact: true });
  await expect(company).toContainText('Altéa Conseil');
  await expect(company).toContainText(SIRET);
  await expect(company).toContainText('11 à 49 salariés');
  const opco = page.getByRole('region', { name: "L'OPCO de votre entreprise" });
  await expect(opco).toContainText('Atlas');
  await expect(opco.getByRole('img')).toHaveCount(0);
  const site = opco.getByRole('link', { name: /Visiter le site de l'OPCO/ });
  await expect(site).toHaveAttribute('href', 'https://www.opco-atlas.fr');
  await expect(site).toHaveAttribute('target', '_blank');

  await expectNoA11yViolations(page);

  // Carousel: 4 of 8, wrapping arrows, keyboard.
  const carousel = page.getByRole('region', { name: 'Les formations les plus demandées' });
  await expect(carousel).toHaveAttribute('aria-roledescription', 'carrousel');
  const slides = carousel.getByRole('group');
  await expect(slides).toHaveCount(4);
  await expect(slides.first()).toHaveAttribute('aria-label', '1 sur 8');
  await carousel.getByRole('button', { name: 'Formations précédentes' }).click();
  await expect(slides.first()).toHaveAttribute('aria-label', '8 sur 8');
  await slides.first().getByRole('button').focus();
  await page.keyboard.press('ArrowRight');
  await expect(slides.first()).toHaveAttribute('aria-label', '1 sur 8');
  await expect(slides.first().getByRole('button')).toBeFocused();

  // Booking modal: the training, the journey, the scheduler, scroll lock, focus restored.
  const card = slides.first().getByRole('button');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Prendre rendez-vous' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Manager une équipe à distance');
  await expect(dialog.getByRole('listitem')).toHaveCount(3);
  await expect(dialog.locator('iframe[title="Calendrier de prise de rendez-vous"]')).toBeVisible();
  expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
  await expectNoA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(card).toBeFocused();
  await card.click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Fermer' }).click();
  await expect(dialog).toBeHidden();
  expect(await page.evaluate(() => document.body.style.overflow)).toBe('');

  // Promo buttons.
  await page.getByRole('button', { name: 'Sonder les besoins de mon équipe' }).click();
  await expect(page).toHaveURL(/\/team-survey$/);
});

test('offline after the first visit: the dashboard opens from the local store with the dated figure', async ({
  page,
  context,
}) => {
  const user = await createConfirmedUser(
    companyMetadata(
      { min: 11, max: 49 },
      {
        budget_type: 'SUM_OF_LEGAL_AND_CONVENTION',
        budget_total: 5000,
        opco_name: 'OPCO ATLAS',
        taux_prise_en_charge: 100,
      },
    ),
  );
  await openDashboard(page, user);
  const figure = page.getByTestId('budget-figure');
  await expect(figure).toContainText(/3\s000\s€\sHT/);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // Let the worker take control of this page, so that a reload offline is served by it.
  await page.reload();
  await expect(figure).toContainText(/3\s000\s€\sHT/);

  await context.setOffline(true);
  await page.reload();
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: 'Voici le budget formation de votre entreprise !',
    }),
  ).toBeVisible();
  await expect(figure).toContainText(/Budget Total :\s3\s000\s€\sHT/);
  await expect(figure).toContainText(/Montant au \d{1,2} \p{L}+ \d{4}/u);
  // Offline the same source line, from the cached answer.
  await expect(page.getByTestId('budget-source').first()).toContainText(
    "Source : critères 2026 d'Atlas",
  );
  await expect(page.getByText(/nécessite une connexion internet/)).toBeVisible();
  await expect(page.locator('iframe')).toHaveCount(0);
  await page
    .getByRole('button', { name: 'En savoir plus sur les conditions de financements' })
    .click();
  await expect(page.locator('[data-key="updatedAt"]')).toContainText('5 janvier 2026');
  await expectNoA11yViolations(page);
  await context.setOffline(false);
});

test('one training at a time under 768 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const user = await createConfirmedUser(
    companyMetadata(
      { min: 11, max: 49 },
      { budget_type: 'TOTAL', budget_total: 5000, taux_prise_en_charge: 100 },
    ),
  );
  await openDashboard(page, user);
  const carousel = page.getByRole('region', { name: 'Les formations les plus demandées' });
  await expect(carousel.getByRole('group')).toHaveCount(1);
  await carousel.getByRole('button', { name: 'Formations suivantes' }).click();
  await expect(carousel.getByRole('group')).toHaveAttribute('aria-label', '2 sur 8');
  await expectNoA11yViolations(page);
});

test('an auto-entrepreneur sees how to find their training fund, with no budget lookup', async ({
  page,
}) => {
  const user = await createConfirmedUser(
    companyMetadata(
      { min: 0, max: 0 },
      { budget_type: 'AUTO_ENTREPRENEUR', opco_name: '', taux_prise_en_charge: 0 },
    ),
  );
  const lookups: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/public/pdc/infoPdc/')) lookups.push(request.url());
  });
  await openDashboard(page, user);
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: 'Votre budget formation de travailleur indépendant',
    }),
  ).toBeVisible();
  await expect(page.getByText(/Mes attestations/)).toBeVisible();
  for (const site of ['Site de VIVEA', 'Site de FIF PL', 'Site de FAFCEA', "Site d'AGEFICE"]) {
    await expect(page.getByRole('link', { name: new RegExp(site) })).toHaveAttribute(
      'target',
      '_blank',
    );
  }
  const callBack = page.getByRole('link', { name: /Être recontacté/ });
  await expect(callBack).toHaveAttribute('target', '_blank');
  await expect(page.getByRole('region', { name: 'Votre entreprise', exact: true })).toContainText(
    'Auto-entrepreneur',
  );
  await expectNoA11yViolations(page);
  expect(lookups).toEqual([]);
});

test('a user without a company is offered to add one', async ({ signedInPage: page }) => {
  await page.goto('/dashboard');
  await expect(page.getByText('Aucune entreprise pour le moment')).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: 'Ajouter une entreprise' }).click();
  await expect(page).toHaveURL(/\/rechercher-entreprise$/);
});

// Issue 27, « done when »: through the real budget API (npm start) and on the dashboard.
test.describe('the figure an employer can trust (issue 27)', () => {
  const stored = { budget_type: 'UNKNOWN', opco_name: '', taux_prise_en_charge: 0 };
  async function dashboardFor(page: Page, idcc: string, range: { min: number; max: number }) {
    const user = await createConfirmedUser(companyMetadata(range, stored, idcc));
    await openDashboard(page, user);
    const figure = page.getByTestId('budget-figure');
    await expect(page.locator('[data-testid="budget-figure"][data-figure]')).toBeVisible();
    return figure;
  }

  test('3127 1-10: OPCO EP and its own (outdated) rule, never the metallurgy figure', async ({
    page,
  }) => {
    const figure = await dashboardFor(page, '3127', { min: 1, max: 10 });
    await expect(page.getByRole('region', { name: "L'OPCO de votre entreprise" })).toContainText(
      'OPCO EP',
    );
    await expect(figure.getByTestId('budget-headline')).toContainText(
      'Derniers critères publiés : 2024',
    );
    await expect(figure.getByTestId('budget-headline')).toContainText(
      'Critères de plus de 12 mois',
    );
    await expect(page.locator('main')).not.toContainText(/4\s800/);
    await expect(page.locator('main')).not.toContainText('OPCO 2i');
  });

  test('3248 1-10: OPCO 2i, 4 800 € HT', async ({ page }) => {
    const figure = await dashboardFor(page, '3248', { min: 1, max: 10 });
    await expect(figure).toContainText(/Budget Total :\s*4\s800\s€\sHT/);
    await expect(page.getByRole('region', { name: "L'OPCO de votre entreprise" })).toContainText(
      'OPCO 2i',
    );
  });

  test('0573 11-49: a range from 6 000 to 12 000 € HT with both sources', async ({ page }) => {
    const figure = await dashboardFor(page, '0573', { min: 11, max: 49 });
    await expect(figure).toContainText(/de 6\s000 à 12\s000 € HT selon les sources/);
    const source = page.getByTestId('budget-source').first();
    await expect(source).toContainText(/Source 1 :.*indique 6\s000\s€\sHT/);
    await expect(source).toContainText(/Source 2 :.*indique 12\s000\s€\sHT/);
    await expect(source.getByRole('link', { name: /Voir la source/ })).toHaveCount(2);
    await expectNoA11yViolations(page);
  });

  test('an Uniformation IDCC under the general rule (1794): 5 000 € TTC', async ({ page }) => {
    const figure = await dashboardFor(page, '1794', { min: 1, max: 10 });
    await expect(figure).toContainText(/Budget Total :\s*5\s000\s€\sTTC/);
    await expect(figure).not.toContainText('HT');
  });

  test('1597 11-49: no yearly cap, 19 € HT per hour', async ({ page }) => {
    const figure = await dashboardFor(page, '1597', { min: 11, max: 49 });
    await expect(figure).toContainText('Pas de plafond annuel publié');
    await expect(figure).toContainText(/19\s€\sHT par heure de formation/);
  });

  test('1486 300+: the rule from 50 employees, not « information indisponible »', async ({
    page,
  }) => {
    const figure = await dashboardFor(page, '1486', { min: 300, max: 5000 });
    await expect(figure).toContainText('À partir de 50 salariés');
    await expect(figure).toContainText('art. L. 6332-3');
    await expect(page.locator('main')).not.toContainText('Information indisponible');
    await expect(
      page
        .getByTestId('budget-source')
        .first()
        .getByRole('link', {
          name: /Consulter les critères de financement d'Atlas/,
        }),
    ).toHaveAttribute('href', /opco-atlas\.fr\/criteres-financement/);
    await expectNoA11yViolations(page);
  });

  test('an IDCC the service does not know: French words and the advisor path, never « 404 »', async ({
    page,
  }) => {
    const user = await createConfirmedUser(companyMetadata({ min: 1, max: 10 }, stored, '4321'));
    await openDashboard(page, user);
    const unknown = page.getByTestId('budget-unknown-idcc');
    await expect(unknown).toContainText('La convention collective IDCC 4321 ne figure pas');
    await expect(
      unknown.getByRole('link', { name: /Être recontacté par un conseiller/ }),
    ).toBeVisible();
    await expect(page.locator('main')).not.toContainText('404');
    await expectNoA11yViolations(page);
  });
});

// Issue 27 item 7: closing the loop with the OPCO from the budget card.
test('the OPCO actions: the prefilled message by e-mail, and an amount confirmed by the OPCO recorded offline, kept across a reload, synced back online', async ({
  page,
  context,
}) => {
  const user = await createConfirmedUser(
    companyMetadata(
      { min: 11, max: 49 },
      { budget_type: 'TOTAL', budget_total: 3000, opco_name: 'OPCO ATLAS' },
    ),
  );
  await openDashboard(page, user);
  const figure = page.getByTestId('budget-figure');
  await expect(figure).toContainText(/Budget Total :\s3\s000\s€\sHT/);

  // « Demander confirmation à mon OPCO »: the mailto: link carries the whole message.
  await page.getByRole('button', { name: 'Demander confirmation à mon OPCO' }).click();
  const request = page.getByRole('dialog', { name: 'Demander confirmation à mon OPCO' });
  const mailto = await request
    .getByRole('link', { name: 'Ouvrir dans ma messagerie' })
    .getAttribute('href');
  expect(mailto).toMatch(/^mailto:\?subject=/);
  const params = new URLSearchParams(mailto!.slice('mailto:?'.length));
  expect(params.get('subject')).toBe(
    `Budget formation de Altéa Conseil (SIRET ${SIRET}) : demande de confirmation`,
  );
  const body = params.get('body')!;
  for (const line of [
    `- SIRET : ${SIRET}`,
    '- Convention collective (IDCC) : 1486',
    '- Effectif salarié : 11 à 49 salariés',
    '- OPCO : Atlas',
    'https://www.opco-atlas.fr/criteres-financement/bureaux-detudes-techniques-ingenieurs-et-conseils',
  ])
    expect(body.split('\r\n')).toContain(line);
  expect(body).toMatch(/Le site Budget Formation m'indique « Budget Total :\s3\s000\s€\sHT »\./);
  // Its source, as reliable as the card says (an official page, the press or a compilation).
  expect(body).toMatch(/\r\nSource de ce montant : [^\r\n]+ \(2026\)\.\r\n/);
  await expect(request.getByRole('textbox', { name: 'Message à envoyer' })).toHaveValue(
    body.replace(/\r\n/g, '\n'),
  );
  await expect(request.getByRole('link', { name: /Site d'Atlas/ })).toHaveAttribute(
    'href',
    'https://www.opco-atlas.fr',
  );
  await expectNoA11yViolations(page);
  await request.getByRole('button', { name: 'Fermer' }).first().click();

  // Offline: the confirmed amount is recorded on the device.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect(figure).toContainText(/3\s000\s€\sHT/);
  await context.setOffline(true);
  await page.getByRole('button', { name: "Mon OPCO m'a indiqué un autre montant" }).click();
  const record = page.getByRole('dialog', { name: 'Le montant indiqué par votre OPCO' });
  await record.getByRole('textbox', { name: /Montant \(€\)/ }).fill('4 800');
  await record.getByText('HT (hors taxes)').click();
  await record.getByLabel(/Date de la confirmation/).fill('2026-01-15');
  await record.getByRole('textbox', { name: /Commentaire/ }).fill('Par téléphone');
  await expectNoA11yViolations(page);
  await record.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(record).toBeHidden();
  const confirmed = page.getByTestId('confirmed-amount');
  await expect(confirmed).toContainText(/4\s800\s€\sHT/);
  await expect(confirmed).toContainText('confirmé par votre OPCO le 15 janvier 2026');
  await expect(confirmed).toContainText('Enregistré sur cet appareil');
  // The published figure stays visible beneath it.
  await expect(page.getByText('Montant publié, pour comparaison')).toBeVisible();
  await expect(figure).toContainText(/Budget Total :\s3\s000\s€\sHT/);

  // A reload offline: still there (IndexedDB), still waiting.
  await page.reload();
  await expect(confirmed).toContainText('confirmé par votre OPCO le 15 janvier 2026');
  await expect(confirmed).toContainText('Enregistré sur cet appareil');
  await expectNoA11yViolations(page);

  // Back online: it syncs; the server holds it, with the company's IDCC and headcount.
  await context.setOffline(false);
  await expect(confirmed).not.toContainText('Enregistré sur cet appareil', { timeout: 20_000 });
  const { data, error } = await serviceClient()
    .from('opco_confirmations')
    .select('*')
    .eq('profile_id', user.id);
  expect(error).toBeNull();
  expect(data).toEqual([
    expect.objectContaining({
      company_siret: SIRET,
      idcc: '1486',
      employee_range_min: 11,
      employee_range_max: 49,
      opco_name: 'Atlas',
      amount_cents: 480000,
      amount_basis: 'HT',
      confirmed_on: '2026-01-15',
      comment: 'Par téléphone',
      deleted_at: null,
    }),
  ]);
});

// Issue 29 item 7: no figure known, the dashboard still helps.
test('no figure known: each sentence once, the advisor card, and the OPCO actions', async ({
  page,
}) => {
  // Commerces de gros (AKTO), 50 to 299 employees: no published figure (data/opco-criteria-2026.csv).
  const user = await createConfirmedUser(
    companyMetadata(
      { min: 50, max: 299 },
      { idcc: '0573', budget_type: 'UNKNOWN', opco_name: 'AKTO' },
    ),
  );
  await openDashboard(page, user);
  const card = page.getByRole('region', { name: 'Mon budget' });
  await expect(card).toBeVisible();
  await expect(page.getByTestId('budget-source').first()).toBeVisible();
  await expect(page.getByTestId('budget-figure')).not.toContainText('€');
  // No visible sentence of the card is printed twice.
  const sentences = await card
    .locator('p:visible')
    .evaluateAll((nodes) => nodes.map((n) => (n.textContent ?? '').trim()).filter(Boolean));
  expect(sentences.length).toBeGreaterThan(0);
  expect(sentences.filter((s, i) => sentences.indexOf(s) !== i)).toEqual([]);
  // The advisor card (02 §2.3's wording) and both actions.
  await expect(
    page.getByRole('heading', { name: 'Vous êtes éligible à un accompagnement' }),
  ).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Demander confirmation à mon OPCO' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: "Mon OPCO m'a indiqué un montant" })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Demander confirmation à mon OPCO' }).click();
  const request = page.getByRole('dialog', { name: 'Demander confirmation à mon OPCO' });
  await expect(request.getByRole('textbox')).toHaveValue(/aucun montant publié/);
  await expect(request.getByRole('link', { name: /Page contact d'AKTO/ })).toHaveAttribute(
    'href',
    'https://www.akto.fr/nous-contacter/entreprises',
  );
});
