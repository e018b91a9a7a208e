// Issue 29, « Done when »: one employer on a phone (390×844, touch) walks through items 1–11 of
// « What to build » on one fresh account, through the phone's menu, in the order a new user meets
// them: signs up (11, 5), adds the company from inside the app (6), reads a dashboard with no
// published figure (7), finds an advisor (8), the training plan (1), corrects records offline (3),
// meets a conflict (9), edits the settings offline (4), creates a survey (10) and watches two
// answers arrive (2). Taps, never a click; the other devices are other browser contexts.
import type { Page } from '@playwright/test';
import { uniqueEmail, waitForMailLink } from './support/backend';
import { expect, test } from './support/fixtures';
import {
  BAKERY,
  expectNoRepeatedSentence,
  expectCorrectionsOnServer,
  expectProfileOnServer,
  expectResultsCount,
  expectUncovered,
  expectWhoSeesTheAnswers,
  otherDeviceSetsStatus,
  REGISTRY_DOWN_LINE,
  STATUS_CONFLICT,
  SURVEY,
  TRAINING,
} from './support/journey';
import { companyCombobox, fillAccount, toast } from './support/onboarding-steps';
import { expectSynced } from './support/sync-status';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
test.use(PHONE);

const NEW_PASSWORD = 'Telephone-seulement-29';

/** Through the phone's menu: the drawer opens, the entry is tapped, the drawer closes. */
async function goThroughMenu(page: Page, entry: string): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Menu' }).tap();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await drawer.getByRole('link', { name: entry, exact: true }).tap();
  await expect(drawer).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeFocused();
}

/** Nothing wider than the phone's screen: no sideways scrolling. */
async function expectFitsWidth(page: Page): Promise<void> {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
    'page wider than the phone',
  ).toBeLessThanOrEqual(390);
}

test('issue 29, on a phone: a new employer through items 1 to 11', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('parcours-telephone');
  const h1 = (name: string | RegExp) => page.getByRole('heading', { level: 1, name });
  const main = page.getByRole('main');
  const status = page.getByRole('banner').getByTestId('sync-status');
  const band = page.getByLabel('nbr de salariés hors alternant');
  let userId = '';

  await test.step('29.11 steps 1 and 2 say where the companies come from; a tap reopens the list', async () => {
    await page.goto('/rechercher-entreprise');
    await companyCombobox(page).tap();
    await companyCombobox(page).fill(BAKERY.query);
    const list = page.getByRole('listbox', { name: 'Entreprises correspondantes' });
    const option = list.getByRole('option', { name: new RegExp(BAKERY.name) });
    await expect(option).toBeVisible();
    await expect(page.getByText(REGISTRY_DOWN_LINE)).toBeInViewport();
    await h1('Rechercher votre entreprise').tap();
    await expect(list).toBeHidden();
    await companyCombobox(page).tap();
    await expect(option).toBeVisible();
    await option.tap();
    await expect(h1('Informations sur votre entreprise')).toBeFocused();
    await expect(page.getByText("Données d'exemple : cette entreprise est fictive.")).toBeVisible();
    await expect(page.getByLabel('Convention collective')).toHaveValue('0843');
    await band.selectOption({ label: BAKERY.band });
    await expectFitsWidth(page);
    await page.getByRole('button', { name: 'Continuer' }).tap();
    await expect(h1('Créer votre compte')).toBeVisible();
  });

  await test.step('29.5 a wrong code is said; the link opened on the computer moves the phone on', async () => {
    await fillAccount(page, { email });
    await page.getByRole('button', { name: 'Créer mon compte' }).tap();
    await expect(h1('Vérifiez votre email')).toBeVisible();
    const code = page.getByLabel('Code de confirmation');
    await expect(code).toHaveAttribute('inputmode', 'numeric');
    await code.fill('000000');
    await page.getByRole('button', { name: 'Valider le code' }).tap();
    await expect(page.getByText(/Code incorrect ou expiré/)).toBeVisible();
    await expectFitsWidth(page);

    // The e-mail is opened on the office computer.
    const computer = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const desk = await computer.newPage();
    await desk.goto(await waitForMailLink(email));
    await expect(
      desk.getByRole('heading', { level: 1, name: 'Choisissez votre mot de passe' }),
    ).toBeVisible();
    await desk.getByLabel(/^Mot de passe/).fill(NEW_PASSWORD);
    await desk.getByLabel('Confirmer le mot de passe').fill(NEW_PASSWORD);
    await desk.getByRole('button', { name: 'Enregistrer et accéder à mon compte' }).click();
    await expect(desk).toHaveURL(/\/dashboard$/);
    await computer.close();

    await expect(page).toHaveURL(/\/login$/);
    await expect(toast(page, /confirmée sur un autre appareil/)).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await page.getByLabel('Mot de passe').fill(NEW_PASSWORD);
    await page.getByRole('main').getByRole('button', { name: 'Se connecter' }).tap();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  await test.step('29.6 adding the company while signed in stays in the app', async () => {
    await main.getByRole('link', { name: 'Ajouter une entreprise' }).tap();
    await expect(h1('Rechercher votre entreprise')).toBeFocused();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Menu' })).toBeVisible();
    await expect(page.getByRole('list', { name: "Progression de l'inscription" })).toHaveCount(0);
    await expect(page.getByText('Nos engagements')).toHaveCount(0);
    await context.setOffline(true);
    await companyCombobox(page).fill(BAKERY.query);
    await expect(page.getByRole('alert')).toContainText(
      'Vous êtes hors connexion : le registre officiel des entreprises ne peut pas être consulté.',
    );
    await context.setOffline(false);
    await companyCombobox(page).fill('');
    await companyCombobox(page).fill(BAKERY.query);
    await page.getByRole('option', { name: new RegExp(BAKERY.name) }).tap();
    await expect(h1('Informations sur votre entreprise')).toBeFocused();
    await expect(page.getByText("Données d'exemple : cette entreprise est fictive.")).toBeVisible();
    await band.selectOption({ label: BAKERY.band });
    await page.getByRole('button', { name: 'Continuer' }).tap();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  await test.step('29.7 no published figure: the dashboard still helps', async () => {
    await expect(page.getByTestId('budget-source').first()).toBeVisible();
    await expect(page.getByTestId('budget-figure')).not.toContainText('€');
    await expectNoRepeatedSentence(page.getByRole('region', { name: 'Mon budget' }));
    await expect(
      page.getByRole('heading', { name: 'Vous êtes éligible à un accompagnement' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Demander confirmation à mon OPCO' }).tap();
    const request = page.getByRole('dialog', { name: 'Demander confirmation à mon OPCO' });
    await expect(request.getByRole('textbox')).toHaveValue(/aucun montant publié/);
    await expectFitsWidth(page);
    await request
      .getByRole('button', { name: /Fermer/ })
      .first()
      .tap();
    await expect(request).toBeHidden();
  });

  await test.step('29.8 one way to an advisor; an expert card opens a profile and a booking', async () => {
    await page.getByRole('link', { name: 'Trouver un accompagnement' }).tap();
    await expect(h1('Prendre RDV')).toBeFocused();
    await goThroughMenu(page, 'Les experts');
    const open = main.getByRole('button', { name: /^Voir le profil/ }).first();
    await open.tap();
    const profile = page
      .getByRole('dialog')
      .filter({ has: page.getByRole('heading', { name: 'Compétences' }) });
    const name = (await profile.getByRole('heading', { level: 2 }).first().textContent())!.trim();
    await profile.getByRole('button', { name: 'Prendre rendez-vous' }).tap();
    const booking = page.getByRole('dialog', { name: 'Prendre rendez-vous' });
    await expect(booking.getByRole('region', { name: 'Expert choisi' })).toContainText(name);
    await expectFitsWidth(page);
    await booking
      .getByRole('button', { name: /Fermer/ })
      .first()
      .tap();
    await expect(booking).toHaveCount(0);
  });

  await test.step('29.1 « Projet de formation » in the phone menu; a recommendation and a request lead to it', async () => {
    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).tap();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer.getByRole('navigation').getByRole('link')).toContainText([
      'Trouver ma formation',
      'Projet de formation',
      'Sonder mon équipe',
    ]);
    await drawer.getByRole('link', { name: 'Trouver ma formation' }).tap();
    await expect(h1('Trouvez la formation parfaite')).toBeFocused();
    await page.getByRole('button', { name: 'Maîtriser Excel et les tableaux de bord' }).tap();
    const excel = page.getByRole('article').filter({ hasText: /Excel/ }).first();
    await excel.getByRole('button', { name: /^Démarrer/ }).tap();
    await page
      .getByRole('alertdialog', { name: 'Ajouter cette formation à votre plan ?' })
      .getByRole('button', { name: 'Ajouter à mon plan' })
      .tap();
    await expect(h1('Projet de formation')).toBeFocused();
    await main.getByRole('link', { name: 'Nouvelle demande de formation' }).first().tap();
    await expect(h1('Nouvelle demande de formation')).toBeFocused();
    await page.getByRole('textbox', { name: /Thématique/ }).fill(TRAINING);
    await page
      .getByRole('textbox', { name: /Description et objectifs/ })
      .fill('Présenter nos produits aux clients du marché');
    await page.getByRole('radio', { name: 'Présentiel' }).tap();
    await page.getByRole('button', { name: 'Estimer la durée et le budget' }).tap();
    await expect(toast(page, 'Estimation mise à jour !')).toBeVisible();
    await page.getByRole('spinbutton', { name: /Durée \(heures\)/ }).fill('12');
    await page.getByRole('spinbutton', { name: /Budget/ }).fill('1900');
    await expectFitsWidth(page);
    await page.getByRole('button', { name: 'Enregistrer' }).tap();
    await expect(h1('Projet de formation')).toBeFocused();
    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).tap();
    await expect(
      page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Projet de formation' }),
    ).toHaveAttribute('aria-current', 'page');
    await page.getByRole('button', { name: 'Fermer le menu' }).tap();
    await expect(page.getByRole('article', { name: TRAINING })).toBeVisible();
    await expectSynced(status);
  });

  await test.step('29.3 the company and the request corrected offline', async () => {
    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).tap();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.getByRole('button', { name: /Changer d'entreprise/ }).tap();
    await drawer.getByRole('link', { name: 'Gérer mes entreprises' }).tap();
    await expect(h1('Mes entreprises')).toBeFocused();
    await main.getByRole('button', { name: /^Voir les détails/ }).tap();
    await context.setOffline(true);
    await main.getByRole('button', { name: /^Modifier la convention collective/ }).tap();
    const idcc = page.getByRole('textbox', { name: /Convention collective \(IDCC\)/ });
    await idcc.fill('1596');
    const warning = page.getByText(/La convention collective 1596 concerne les entreprises/);
    await expect(warning).toContainText(`l'effectif indiqué est « ${BAKERY.band} »`);
    await expectFitsWidth(page);
    await idcc.fill('0843');
    await expect(warning).toHaveCount(0);
    await page
      .getByRole('combobox', { name: /hors alternant/ })
      .selectOption({ label: '11 à 49 salariés' });
    await page.getByRole('button', { name: 'Enregistrer' }).tap();
    await expect(page.getByText('Entreprise mise à jour avec succès')).toBeVisible();
    await expect(main).toContainText('11 à 49 salariés');

    await goThroughMenu(page, 'Projet de formation');
    const card = page.getByRole('article', { name: TRAINING });
    await card.getByRole('button', { name: `Modifier la formation « ${TRAINING} »` }).tap();
    const dialog = page.getByRole('dialog', { name: 'Modifier la formation' });
    await expect(dialog.getByText(/Hors ligne : la modification est enregistrée/)).toBeVisible();
    await dialog
      .getByRole('combobox', { name: /Salarié concerné/ })
      .selectOption({ label: 'Nouveau salarié…' });
    await dialog.getByRole('textbox', { name: /Prénom/ }).fill('Inès');
    await dialog.getByRole('textbox', { name: /^Nom/ }).fill('Dubois');
    await dialog
      .getByRole('combobox', { name: /Département/ })
      .selectOption({ label: 'Ressources humaines' });
    await dialog.getByRole('combobox', { name: 'Enjeu' }).selectOption({ label: 'Fort' });
    await dialog.getByRole('radio', { name: 'Présentiel' }).tap();
    await expectFitsWidth(page);
    await dialog.getByRole('button', { name: 'Enregistrer' }).tap();
    await expect(dialog).toBeHidden();
    await expect(card).toContainText('Employé : Inès Dubois');
    await card
      .getByRole('combobox', { name: /Statut de la formation/ })
      .selectOption({ label: 'En cours' });
    await expect(card.getByText('En attente de synchronisation')).toBeVisible();
  });

  await test.step('29.9 the conflict names the training and its field; the toast covers nothing', async () => {
    userId = await otherDeviceSetsStatus(email, NEW_PASSWORD, 'completed');
    await context.setOffline(false);
    await expect(status).toContainText('1 élément à vérifier');
    const conflictToast = toast(page, 'Une modification est en conflit avec un autre appareil');
    await expect(conflictToast).toBeVisible();
    await status.getByRole('button').tap();
    const panel = page.getByRole('dialog', { name: 'Synchronisation' });
    const notice = panel.getByTestId('conflict-notice');
    await expect(notice).toContainText(STATUS_CONFLICT);
    await expect(conflictToast).toBeVisible();
    for (const control of await panel.getByRole('button').all()) await expectUncovered(control);
    await expectFitsWidth(page);
    await notice.getByRole('button', { name: 'Garder cette version' }).tap();
    await expect(panel.getByText('Aucun conflit')).toBeVisible();
    await panel.getByRole('button', { name: 'Fermer' }).tap();
    await expect(panel).toBeHidden();
    await expectCorrectionsOnServer(userId);
  });

  await test.step('29.4 settings from the phone menu: no password for the name, saved offline', async () => {
    await context.setOffline(true);
    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).tap();
    await page
      .getByRole('dialog', { name: 'Menu' })
      .getByRole('button', { name: 'Paramètres' })
      .tap();
    const dialog = page.getByRole('dialog', { name: 'Paramètres du compte' });
    await expect(dialog.getByText('Vous êtes hors ligne', { exact: false })).toBeVisible();
    await expect(dialog.getByLabel('Mot de passe actuel')).toHaveCount(0);
    await dialog.getByLabel('Nom complet').fill('Camille Martin');
    await dialog.getByLabel('Téléphone (optionnel)').fill('06 12 34 56 78');
    await expectFitsWidth(page);
    await dialog.getByRole('button', { name: 'Enregistrer' }).tap();
    await expect(toast(page, 'Profil mis à jour avec succès')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await context.setOffline(false);
    await expectProfileOnServer(userId);
  });

  let link = '';
  await test.step('29.10 the survey shows its questions, a bakery’s services, a share and a QR code', async () => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await goThroughMenu(page, 'Sonder mon équipe');
    await main.getByRole('button', { name: 'Créer un sondage' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Nouveau sondage' });
    await dialog.getByRole('textbox', { name: /Nom du sondage/ }).fill(SURVEY);
    await expect(
      dialog.getByRole('group', { name: 'Services interrogés' }),
    ).toHaveAccessibleDescription(
      new RegExp(
        `Services suggérés pour une boulangerie-pâtisserie, d'après l'activité de ${BAKERY.name}`,
      ),
    );
    await dialog.getByRole('checkbox', { name: 'Vente en boutique' }).tap();
    await expect(dialog.getByRole('checkbox', { name: 'Vente en boutique' })).not.toBeChecked();
    await dialog.getByRole('textbox', { name: 'Ajouter un service' }).fill('Livraison');
    await dialog.getByRole('button', { name: 'Ajouter', exact: true }).tap();
    await expect(dialog.getByRole('checkbox', { name: 'Livraison' })).toBeChecked();
    const questions = dialog.getByRole('region', { name: 'Questions posées' });
    await expect(questions.getByText('Fournil et laboratoire : 3 questions')).toBeVisible();
    await questions.getByText('Fournil et laboratoire : 3 questions').tap();
    await expect(
      questions.getByText('Quel est votre métier ou votre fonction ?').first(),
    ).toBeVisible();
    await expectFitsWidth(page);
    await dialog.getByRole('button', { name: 'Créer' }).tap();
    await expect(dialog).toBeHidden();
    const card = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: SURVEY }) });
    await expect(card.getByText(/pas encore synchronisé/)).toHaveCount(0);
    link = await card.getByRole('textbox', { name: 'Lien du sondage' }).inputValue();
    await card.getByRole('button', { name: 'Partager' }).tap();
    await expect(toast(page, 'Lien copié !')).toBeVisible();
    await card.getByRole('button', { name: `QR code du sondage ${SURVEY}` }).tap();
    const qrDialog = page.getByRole('dialog', { name: 'QR code du sondage' });
    await expect(
      qrDialog.getByRole('img', { name: /QR code ouvrant le sondage/ }),
    ).toBeInViewport();
    await qrDialog
      .getByRole('button', { name: /Fermer/ })
      .first()
      .tap();
    await card.getByRole('link', { name: `Voir les résultats du sondage ${SURVEY}` }).tap();
    await expectResultsCount(page, 0);
  });

  await test.step('29.2 the public survey says who sees the answers; the results arrive live', async () => {
    for (const who of [{ first: 'Léa', last: 'Martin' }, null]) {
      const employee = await browser.newContext(PHONE);
      const tab = await employee.newPage();
      await tab.goto(link);
      await expectWhoSeesTheAnswers(tab);
      await tab.getByRole('button', { name: 'Fournil et laboratoire' }).tap();
      await tab
        .getByRole('textbox', { name: 'Quel est votre métier ou votre fonction ?' })
        .fill(who ? 'Boulangère' : 'Apprenti');
      await tab.getByRole('radio', { name: 'Partiellement' }).tap();
      await tab
        .getByRole('textbox', { name: /Une suggestion/ })
        .fill(who ? 'Un pétrin plus récent' : 'Des horaires plus stables');
      await tab.getByRole('button', { name: 'Continuer' }).tap();
      const first = tab.getByRole('textbox', { name: 'Prénom (facultatif)' });
      await expect(first).toHaveAccessibleDescription(
        'Laisser vide pour répondre sans donner votre nom',
      );
      if (who) {
        await first.fill(who.first);
        await tab.getByRole('textbox', { name: 'Nom (facultatif)', exact: true }).fill(who.last);
      }
      await tab.getByRole('button', { name: 'Envoyer' }).tap();
      await expect(tab.getByRole('status')).toContainText('Envoyé');
      await employee.close();
      await expectResultsCount(page, who ? 1 : 2);
    }
    await main.getByRole('button', { name: /^Fournil et laboratoire \(2 réponses\)/ }).tap();
    await expect(page.getByText(/^Léa Martin, le /).first()).toBeVisible();
    await expect(page.getByText(/^Réponse sans nom, le /).first()).toBeVisible();
    await expectFitsWidth(page);
  });
});
