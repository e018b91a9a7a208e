// What the two issue 29 journeys (journey-keyboard.e2e.ts, journey-phone.e2e.ts) share: the company
// the employer signs up with (a bakery of the sample table, shown while the official registry is
// down), the server as the other device sees it, and checks a person would make by looking.
import { expect, type Locator, type Page } from '@playwright/test';
import { anonClient, serviceClient } from './backend';

/**
 * A bakery of the sample table (data/companies-sample.csv): NAF 10.71C, IDCC 0843, 50 to 99
 * employees. No figure published for 50 to 299 (data/opco-criteria-2026.csv): the no-figure
 * dashboard; its agreement is in the « Prendre RDV » list; its survey suggests a bakery's services.
 */
export const BAKERY = {
  query: 'brun sanchez',
  name: 'BRUN & SANCHEZ',
  siret: '90114959100207',
  band: '50 à 299 salariés',
} as const;

export const TRAINING = 'Prise de parole en public';
export const SURVEY = 'Besoins du fournil';

/** The line that says the companies shown are examples, when the official registry is down. */
export const REGISTRY_DOWN_LINE =
  'Le registre officiel ne répond pas : ces entreprises sont des exemples fictifs.';

/** The conflict notice of item 9, as the user reads it. */
export const STATUS_CONFLICT = `Vous avez modifié le champ « Statut » de la formation « ${TRAINING} » sur cet appareil alors qu'il avait été modifié sur un autre appareil.`;

/** The employer's other device: a session of the same account, writing through the API. */
export async function otherDevice(email: string, password: string) {
  const client = anonClient();
  const { data, error } = await client.auth.signInWithPassword({ email, password });
  if (error || !data.session) throw error ?? new Error('no session');
  return { client, userId: data.session.user.id };
}

/** On the other device, the training's status is changed (while this one is offline). */
export async function otherDeviceSetsStatus(email: string, password: string, status: string) {
  const { client, userId } = await otherDevice(email, password);
  const { data, error } = await client
    .from('training_requests')
    .update({ status })
    .eq('company_id', userId)
    .eq('topic', TRAINING)
    .select('id');
  if (error) throw error;
  expect(data).toHaveLength(1);
  await client.auth.signOut({ scope: 'local' });
  return userId;
}

/** The account's rows on the server, as the checks of the journeys read them. */
export async function serverState(userId: string) {
  const admin = serviceClient();
  const [profile, companies, plan, employees] = await Promise.all([
    admin.from('profiles').select('contact_name, contact_phone').eq('id', userId).single(),
    admin
      .from('simulations')
      .select('company_siret, idcc, employee_range_min, employee_range_max')
      .eq('profile_id', userId)
      .is('deleted_at', null),
    admin
      .from('training_requests')
      .select('topic, status, business_impact, employee_id')
      .eq('company_id', userId)
      .is('deleted_at', null),
    admin
      .from('training_employees')
      .select('id, first_name, last_name, department')
      .eq('company_id', userId),
  ]);
  const request = plan.data?.find((r) => r.topic === TRAINING);
  const employee = employees.data?.find((e) => e.id === request?.employee_id);
  return {
    profile: profile.data,
    companies: companies.data,
    topics: plan.data?.map((r) => r.topic).sort(),
    request: request
      ? {
          status: request.status,
          impact: request.business_impact,
          employee: employee ? `${employee.first_name} ${employee.last_name}` : null,
          department: employee?.department ?? null,
        }
      : null,
  };
}

/** Each visible sentence of `region` once (item 7: no sentence printed twice). */
export async function expectNoRepeatedSentence(region: Locator): Promise<void> {
  const sentences = await region
    .locator('p:visible')
    .evaluateAll((nodes) => nodes.map((n) => (n.textContent ?? '').trim()).filter(Boolean));
  expect(sentences.length).toBeGreaterThan(0);
  expect(sentences.filter((s, i) => sentences.indexOf(s) !== i)).toEqual([]);
}

/**
 * Nothing covers `control` (a toast over a dialog's button, item 9): the point at its centre
 * belongs to it, once toasts and dialogs have settled.
 */
export async function expectUncovered(control: Locator): Promise<void> {
  await expect(async () => {
    await control.scrollIntoViewIfNeeded();
    const covered = await control.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return top === null || !(el === top || el.contains(top));
    });
    expect(covered, 'covered by another element').toBe(false);
  }).toPass({ timeout: 5_000 });
}

/** The owner's open results page shows `n` answers, without a reload (item 2: live). */
export async function expectResultsCount(page: Page, n: number): Promise<void> {
  const figures = page.getByRole('region', { name: 'Chiffres clés' });
  await expect(figures.getByText('Réponses').locator('xpath=following-sibling::dd')).toHaveText(
    String(n),
  );
}

/** What the corrections of items 3 and 9 left on the server (after « Garder cette version »). */
export async function expectCorrectionsOnServer(userId: string): Promise<void> {
  await expect
    .poll(() => serverState(userId))
    .toMatchObject({
      companies: [
        {
          company_siret: BAKERY.siret,
          idcc: '0843',
          employee_range_min: 11,
          employee_range_max: 49,
        },
      ],
      request: { status: 'completed', impact: 'high', employee: 'Inès Dubois', department: 'hr' },
    });
}

/** The name and phone saved offline in the settings (item 4), synchronised. */
export async function expectProfileOnServer(userId: string): Promise<void> {
  await expect
    .poll(async () => (await serverState(userId)).profile)
    .toEqual({ contact_name: 'Camille Martin', contact_phone: '06 12 34 56 78' });
}

/** The public survey's first screen (item 2): whose survey, who sees the answers, no « anonyme ». */
export async function expectWhoSeesTheAnswers(tab: Page): Promise<void> {
  await expect(tab.getByText(`Sondage de ${BAKERY.name}`)).toBeVisible();
  const privacy = tab.getByRole('region', { name: 'Qui voit vos réponses ?' });
  await expect(privacy).toContainText(`${BAKERY.name} voit vos réponses`);
  await expect(privacy).toContainText('Pour faire supprimer votre réponse');
  expect(await tab.locator('body').innerText()).not.toMatch(/anonyme/i);
}
