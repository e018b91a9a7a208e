// Real companies and sourced figures end to end (issue 15), in Debian's chromium against `npm start`
// whose government registry is a local fake answering like the research examples (no internet):
// a company whose establishment declares IDCC 0573 with INSEE band 12 reaches the dashboard with
// that agreement preselected, the band prefilled and a sourced figure with its source line. With
// the registry down (the other tests' situation, and CI's), the search falls back at once to the
// sample table, labelled « données d'exemple ».
import type { APIRequestContext } from '@playwright/test';
import { API_URL, uniqueEmail, waitForMailLink } from './support/backend';
import { expect, expectNoA11yViolations, test } from './support/fixtures';
import { startFakeGouv, type FakeGouv } from './support/fake-gouv-registry';
import {
  agreementSelect,
  bandSelect,
  companyCombobox,
  fillAccount,
  searchAndPick,
} from './support/onboarding-steps';

let gouv: FakeGouv | null = null;

test.afterEach(async () => {
  await gouv?.stop();
  gouv = null;
});

/** The backend's circuit breaker may be open from the tests that found the registry down: wait for
 * its short cooldown (1 s in the e2e backend) until the registry answers from the fake. */
async function untilGouvAnswers(request: APIRequestContext) {
  await expect
    .poll(
      async () =>
        (await request.get(`${API_URL}/registry/v2?q=447654385&cibles=siret`)).headers()[
          'x-data-source'
        ],
      { timeout: 15_000 },
    )
    .toBe('gouv');
}

test('IDCC 0573 declared, INSEE band 12: the agreement preselected, the band prefilled, a sourced figure on the dashboard', async ({
  page,
  context,
  request,
}) => {
  gouv = await startFakeGouv();
  await untilGouvAnswers(request);
  const email = uniqueEmail('registre');

  await page.goto('/rechercher-entreprise');
  await searchAndPick(page, 'poil a gratter', 'Sacré Willy (POIL A GRATTER)');
  // Real data: no « données d'exemple » label was shown for it (checked on the way back below).

  // Step 2: the declared agreement first and preselected, the INSEE band prefilled with its year.
  await expect(agreementSelect(page)).toHaveValue('0573');
  await expect(agreementSelect(page).locator('option:checked')).toHaveText(
    /^0573 - .+ \(déclarée\)$/,
  );
  await expect(page.getByText(/Convention déclarée pour cet établissement/)).toBeVisible();
  await expect(bandSelect(page)).toHaveValue('11:49');
  await expect(
    page.getByText('Effectif INSEE 2023 : 20 à 49 salariés — tranche présélectionnée, modifiable.'),
  ).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Continuer' }).click();

  // Step 3, then the confirmation e-mail, then the dashboard.
  await expect(page).toHaveURL(/\/creer-compte$/);
  const pending = await page.evaluate(() =>
    JSON.parse(localStorage.getItem('pendingSimulation') ?? 'null'),
  );
  expect(pending).toMatchObject({
    company_siret: '44765438500049',
    code_naf: '46.33Z',
    idcc: '0573',
    employee_range_min: 11,
    employee_range_max: 49,
    // Two compilations disagree (6 000 / 12 000 €, issue 27): no amount is stored as the figure.
    budget_type: 'COMMENT',
    budget_total: null,
    opco_name: 'AKTO',
  });
  await fillAccount(page, { email });
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page).toHaveURL(/\/verify-email$/);
  const link = await waitForMailLink(email);
  const other = await context.newPage();
  await other.goto(link);
  await expect(other).toHaveURL(/\/dashboard$/);
  await other.close();
  await expect(page).toHaveURL(/\/dashboard$/);

  const figure = page.getByTestId('budget-figure');
  // Two compilations disagree (6 000 / 12 000 €) and nothing settles them (issue 27): a range,
  // both sources listed with what each states, never one of them as the figure.
  await expect(figure).toContainText(/de 6\s000 à 12\s000 € HT selon les sources/);
  const source = page.getByTestId('budget-source').first();
  await expect(source).toContainText(
    /Source 1 : critères 2026 d'AKTO \(règle de votre branche\), compilation S1 non vérifiée auprès de l'OPCO, mis à jour le 19\/03\/2026, indique 6\s000\s€\sHT/,
  );
  await expect(source).toContainText(
    /Source 2 : critères 2026 d'AKTO \(règle de votre branche\), compilation S2 non vérifiée auprès de l'OPCO, relevé le 11\/06\/2026, indique 12\s000\s€\sHT/,
  );
  await expect(source).toContainText("à confirmer auprès de l'OPCO.");
  await expect(source.getByRole('link', { name: /Voir la source/ }).first()).toHaveAttribute(
    'href',
    'https://www.akto.fr/regles-de-prise-en-charge-commerces-de-gros/',
  );
  const company = page.getByRole('region', { name: 'Votre entreprise', exact: true });
  await expect(company).toContainText('0573');
  await expect(company).toContainText('11 à 49 salariés');
  await expectNoA11yViolations(page);
  // The figure came from the government registry's data, through the fake, with its User-Agent.
  expect(gouv.requests.some((u) => u.searchParams.get('include') === 'siege,complements')).toBe(
    true,
  );
});

test('registry down: the sample companies answer at once, labelled as sample data', async ({
  page,
}) => {
  await page.goto('/rechercher-entreprise');
  await companyCombobox(page).fill('boulangerie');
  await expect(page.getByRole('listbox', { name: 'Entreprises correspondantes' })).toBeVisible();
  await expect(page.getByText("Données d'exemple : ces entreprises sont fictives.")).toBeVisible();
  await expect(page.getByText('Aucune entreprise trouvée')).toHaveCount(0);
  await expectNoA11yViolations(page);
});
