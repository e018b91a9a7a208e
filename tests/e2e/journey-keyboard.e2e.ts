// Issue 29, « Done when »: one employer, keyboard only, on a desktop (1280×800), walks through items
// 1–11 of « What to build » on one fresh account, in the order a new user meets them: signs up
// (11, 5), adds the company from inside the app (6), reads a dashboard with no published figure (7),
// finds an advisor (8), the training plan (1), corrects records offline (3), meets a conflict
// (9), edits the settings offline (4), creates a survey (10) and watches two answers arrive (2).
// Tab / Shift+Tab / Enter / Space / arrows / Escape only (page.keyboard): never a click or a fill.
import { uniqueEmail, waitForMailCode } from './support/backend';
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
import { activate, arrowTo, chooseWithArrows, typeInto } from './support/keyboard';
import { companyCombobox, PASSWORD, toast } from './support/onboarding-steps';
import { expectSynced } from './support/sync-status';

test.use({ viewport: { width: 1280, height: 800 } });

const NEW_PASSWORD = 'Clavier-seulement-29';

test('issue 29, keyboard only: a new employer through items 1 to 11', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('parcours-clavier');
  const h1 = (name: string | RegExp) => page.getByRole('heading', { level: 1, name });
  const nav = page.getByRole('navigation', { name: 'Navigation principale' });
  const main = page.getByRole('main');
  const status = page.getByTestId('sync-status');
  let userId = '';

  await test.step('29.11 steps 1 and 2 say where the companies come from', async () => {
    await page.goto('/rechercher-entreprise');
    await expect(h1('Rechercher votre entreprise')).toBeVisible();
    await typeInto(page, companyCombobox(page), BAKERY.query);
    const list = page.getByRole('listbox', { name: 'Entreprises correspondantes' });
    await expect(list.getByRole('option', { name: new RegExp(BAKERY.name) })).toBeVisible();
    await expect(page.getByText(REGISTRY_DOWN_LINE)).toBeVisible();
    await expect(page.getByRole('alert')).toContainText(
      'Le registre officiel des entreprises ne répond pas pour le moment',
    );
    // Escape closes the list, ArrowDown opens it again on the first company; Enter chooses it.
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await page.keyboard.press('ArrowDown');
    await expect(list.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
    await arrowTo(page, list.getByRole('option', { name: new RegExp(BAKERY.name) }));
    await expect(page.getByText(REGISTRY_DOWN_LINE)).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(h1('Informations sur votre entreprise')).toBeFocused();
    await expect(page.getByText("Données d'exemple : cette entreprise est fictive.")).toBeVisible();
    await expect(page.getByLabel('Convention collective')).toHaveValue('0843');
    await chooseWithArrows(page, page.getByLabel('nbr de salariés hors alternant'), BAKERY.band);
    await activate(page, page.getByRole('button', { name: 'Continuer' }));
    await expect(h1('Créer votre compte')).toBeFocused();
  });

  await test.step('29.5 the code typed on another device; this page moves on by itself', async () => {
    await typeInto(page, page.getByLabel('Prénom'), 'Camille');
    await typeInto(page, page.getByLabel('Nom', { exact: true }), 'Martin');
    await typeInto(page, page.getByLabel('Email professionnel'), email);
    await chooseWithArrows(page, page.getByLabel('Votre rôle'), 'Dirigeant');
    await typeInto(page, page.getByLabel(/^Mot de passe/), PASSWORD);
    await typeInto(page, page.getByLabel('Confirmer le mot de passe'), PASSWORD);
    const terms = page.getByLabel("J'accepte les conditions générales d'utilisation");
    await activate(page, terms, { key: 'Space' });
    await expect(terms).toBeChecked();
    await activate(page, page.getByRole('button', { name: 'Créer mon compte' }));
    await expect(h1('Vérifiez votre email')).toBeVisible();
    await expect(page.getByText(`Email envoyé à ${email}`)).toBeVisible();
    await expect(page.getByLabel('Code de confirmation')).toHaveAttribute(
      'autocomplete',
      'one-time-code',
    );

    // The e-mail is read on another computer: the address and the code typed there.
    const code = await waitForMailCode(email);
    const elsewhere = await browser.newContext();
    const other = await elsewhere.newPage();
    await other.goto('/verify-email');
    await typeInto(other, other.getByLabel('Votre adresse email'), email);
    await typeInto(other, other.getByLabel('Code de confirmation'), code);
    await other.keyboard.press('Enter');
    await expect(
      other.getByRole('heading', { level: 1, name: 'Choisissez votre mot de passe' }),
    ).toBeVisible();
    await typeInto(other, other.getByLabel(/^Mot de passe/), NEW_PASSWORD);
    await typeInto(other, other.getByLabel('Confirmer le mot de passe'), NEW_PASSWORD);
    await other.keyboard.press('Enter');
    await expect(other).toHaveURL(/\/dashboard$/);
    await elsewhere.close();

    // The sign-up page, left open, moves on to the login with the address filled in.
    await expect(page).toHaveURL(/\/login$/);
    await expect(toast(page, /confirmée sur un autre appareil/)).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await typeInto(page, page.getByLabel('Mot de passe'), NEW_PASSWORD);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  await test.step('29.6 adding the company while signed in stays in the app', async () => {
    await expect(main.getByText('Aucune entreprise pour le moment')).toBeVisible();
    await activate(page, main.getByRole('link', { name: 'Ajouter une entreprise' }));
    await expect(h1('Rechercher votre entreprise')).toBeFocused();
    await expect(nav).toBeVisible();
    await expect(page.getByRole('list', { name: "Progression de l'inscription" })).toHaveCount(0);
    await expect(page.getByText('Nos engagements')).toHaveCount(0);
    // 29.11 offline: a plain line says the official registry cannot be reached.
    await context.setOffline(true);
    await typeInto(page, companyCombobox(page), BAKERY.query);
    await expect(page.getByRole('alert')).toContainText(
      'Vous êtes hors connexion : le registre officiel des entreprises ne peut pas être consulté.',
    );
    await context.setOffline(false);
    await typeInto(page, companyCombobox(page), BAKERY.query, { max: 0 });
    const option = page.getByRole('option', { name: new RegExp(BAKERY.name) });
    await expect(option).toBeVisible();
    await expect(page.getByText(REGISTRY_DOWN_LINE)).toBeVisible();
    await arrowTo(page, option);
    await page.keyboard.press('Enter');
    await expect(h1('Informations sur votre entreprise')).toBeFocused();
    await expect(nav).toBeVisible();
    await expect(page.getByText("Données d'exemple : cette entreprise est fictive.")).toBeVisible();
    await chooseWithArrows(page, page.getByLabel('nbr de salariés hors alternant'), BAKERY.band);
    await activate(page, page.getByRole('button', { name: 'Continuer' }));
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('button', { name: /Changer d'entreprise/ })).toHaveAccessibleName(
      new RegExp(BAKERY.name),
    );
  });

  await test.step('29.7 no published figure: the dashboard still helps', async () => {
    const budget = page.getByRole('region', { name: 'Mon budget' });
    await expect(page.getByTestId('budget-source').first()).toBeVisible();
    await expect(page.getByTestId('budget-figure')).not.toContainText('€');
    await expectNoRepeatedSentence(budget);
    await expect(
      page.getByRole('heading', { name: 'Vous êtes éligible à un accompagnement' }),
    ).toBeVisible();
    const ask = page.getByRole('button', { name: 'Demander confirmation à mon OPCO' });
    await activate(page, ask);
    const request = page.getByRole('dialog', { name: 'Demander confirmation à mon OPCO' });
    await expect(request).toBeVisible();
    await expect(request.locator(':focus')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(request).toBeHidden();
    await expect(ask).toBeFocused();
  });

  await test.step('29.8 one way to an advisor; an expert card opens a profile and a booking', async () => {
    await activate(page, page.getByRole('link', { name: 'Trouver un accompagnement' }));
    await expect(h1('Prendre RDV')).toBeFocused();
    await expect(nav.getByRole('link', { name: 'Prendre RDV' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await activate(page, nav.getByRole('link', { name: 'Les experts' }), { back: true });
    await expect(h1('Les experts')).toBeFocused();
    const open = main.getByRole('button', { name: /^Voir le profil/ }).first();
    await activate(page, open);
    const profile = page
      .getByRole('dialog')
      .filter({ has: page.getByRole('heading', { name: 'Compétences' }) });
    const book = profile.getByRole('button', { name: 'Prendre rendez-vous' });
    await expect(book).toBeFocused();
    const name = (await profile.getByRole('heading', { level: 2 }).first().textContent())!.trim();
    await page.keyboard.press('Enter');
    const booking = page.getByRole('dialog', { name: 'Prendre rendez-vous' });
    await expect(booking.getByRole('region', { name: 'Expert choisi' })).toContainText(name);
    await page.keyboard.press('Escape');
    await expect(booking).toHaveCount(0);
    await expect(open).toBeFocused();
  });

  await test.step('29.1 « Projet de formation » in the menu; a recommendation and a request lead to it', async () => {
    await expect(nav.getByRole('link')).toContainText([
      'Trouver ma formation',
      'Projet de formation',
      'Sonder mon équipe',
    ]);
    await activate(page, nav.getByRole('link', { name: 'Trouver ma formation' }), { back: true });
    await expect(h1('Trouvez la formation parfaite')).toBeFocused();
    await activate(
      page,
      page.getByRole('button', { name: 'Maîtriser Excel et les tableaux de bord' }),
    );
    await expect(
      page.getByRole('heading', { name: 'Nos recommandations pour vous' }),
    ).toBeFocused();
    const excel = page.getByRole('article').filter({ hasText: /Excel/ }).first();
    await activate(page, excel.getByRole('button', { name: /^Démarrer/ }));
    const confirm = page.getByRole('alertdialog', {
      name: 'Ajouter cette formation à votre plan ?',
    });
    await activate(page, confirm.getByRole('button', { name: 'Ajouter à mon plan' }), { max: 5 });
    await expect(h1('Projet de formation')).toBeFocused();
    const entry = nav.getByRole('link', { name: 'Projet de formation' });
    await expect(entry).toHaveAttribute('aria-current', 'page');

    await activate(page, main.getByRole('link', { name: 'Nouvelle demande de formation' }).first());
    await expect(h1('Nouvelle demande de formation')).toBeFocused();
    await expect(entry).toHaveAttribute('aria-current', 'page');
    await typeInto(page, page.getByRole('textbox', { name: /Thématique/ }), TRAINING);
    await typeInto(
      page,
      page.getByRole('textbox', { name: /Description et objectifs/ }),
      'Présenter nos produits aux clients du marché',
    );
    // Its format with the arrows of the radio group, then the estimate, corrected by hand.
    await activate(page, page.getByRole('radio', { name: 'Distanciel' }), { key: 'ArrowRight' });
    await expect(page.getByRole('radio', { name: 'Présentiel' })).toBeChecked();
    await activate(page, page.getByRole('button', { name: 'Estimer la durée et le budget' }));
    await expect(toast(page, 'Estimation mise à jour !')).toBeVisible();
    await typeInto(page, page.getByRole('spinbutton', { name: /Durée \(heures\)/ }), '12');
    await typeInto(page, page.getByRole('spinbutton', { name: /Budget/ }), '1900');
    await activate(page, page.getByRole('button', { name: 'Enregistrer' }));
    await expect(h1('Projet de formation')).toBeFocused();
    await expect(page.getByRole('article', { name: TRAINING })).toBeVisible();
    await expectSynced(status);
  });

  await test.step('29.3 the company and the request corrected offline', async () => {
    // The company: to its details through the switcher's « Gérer mes entreprises ».
    const switcher = page.getByRole('button', { name: /Changer d'entreprise/ });
    await activate(page, switcher, { back: true });
    await activate(page, page.getByRole('link', { name: 'Gérer mes entreprises' }), { max: 10 });
    await expect(h1('Mes entreprises')).toBeFocused();
    await activate(page, main.getByRole('button', { name: /^Voir les détails/ }));
    await context.setOffline(true);
    await activate(page, main.getByRole('button', { name: /^Modifier la convention collective/ }));
    await expect(
      page.getByRole('heading', {
        level: 2,
        name: "Modifier la convention collective et l'effectif",
      }),
    ).toBeFocused();
    const idcc = page.getByRole('textbox', { name: /Convention collective \(IDCC\)/ });
    await typeInto(page, idcc, '1596');
    const warning = page.getByText(/La convention collective 1596 concerne les entreprises/);
    await expect(warning).toContainText(`l'effectif indiqué est « ${BAKERY.band} »`);
    // A slip: the bakery's agreement back, and its real headcount.
    await typeInto(page, idcc, '0843', { max: 0 });
    await expect(warning).toHaveCount(0);
    await chooseWithArrows(
      page,
      page.getByRole('combobox', { name: /hors alternant/ }),
      '11 à 49 salariés',
    );
    await activate(page, page.getByRole('button', { name: 'Enregistrer' }));
    await expect(page.getByText('Entreprise mise à jour avec succès')).toBeVisible();
    await expect(main).toContainText('11 à 49 salariés');

    // The request: every field of the edit dialog, still offline.
    await activate(page, nav.getByRole('link', { name: 'Projet de formation' }), { back: true });
    await expect(h1('Projet de formation')).toBeFocused();
    const card = page.getByRole('article', { name: TRAINING });
    const edit = card.getByRole('button', { name: `Modifier la formation « ${TRAINING} »` });
    await activate(page, edit);
    const dialog = page.getByRole('dialog', { name: 'Modifier la formation' });
    await expect(dialog.getByRole('textbox', { name: /Thématique/ })).toBeFocused();
    await expect(dialog.getByText(/Hors ligne : la modification est enregistrée/)).toBeVisible();
    await chooseWithArrows(
      page,
      dialog.getByRole('combobox', { name: /Salarié concerné/ }),
      'Nouveau salarié…',
    );
    await typeInto(page, dialog.getByRole('textbox', { name: /Prénom/ }), 'Inès');
    await typeInto(page, dialog.getByRole('textbox', { name: /^Nom/ }), 'Dubois');
    await chooseWithArrows(
      page,
      dialog.getByRole('combobox', { name: /Département/ }),
      'Ressources humaines',
    );
    await chooseWithArrows(page, dialog.getByRole('combobox', { name: 'Enjeu' }), 'Fort');
    await activate(page, dialog.getByRole('button', { name: 'Enregistrer' }));
    await expect(dialog).toBeHidden();
    await expect(edit).toBeFocused();
    await expect(card).toContainText('Employé : Inès Dubois');
    await expect(card).toContainText('Fort');
    await chooseWithArrows(
      page,
      card.getByRole('combobox', { name: /Statut de la formation/ }),
      'En cours',
    );
    await expect(card.getByText('En attente de synchronisation')).toBeVisible();
  });

  await test.step('29.9 the conflict names the training and its field; the toast covers nothing', async () => {
    userId = await otherDeviceSetsStatus(email, NEW_PASSWORD, 'completed');
    await context.setOffline(false);
    await expect(status).toContainText('1 élément à vérifier');
    const conflictToast = toast(page, 'Une modification est en conflit avec un autre appareil');
    await expect(conflictToast).toBeVisible();
    const opener = status.getByRole('button');
    await activate(page, opener, { back: true });
    const panel = page.getByRole('dialog', { name: 'Synchronisation' });
    const notice = panel.getByTestId('conflict-notice');
    await expect(notice).toContainText(STATUS_CONFLICT);
    await expect(notice).toContainText('Terminée');
    await expect(notice).toContainText('En cours');
    // The arrows passed « En attente de financement » on the way: never shown as the user's choice.
    await expect(notice).not.toContainText('En attente de financement');
    await expect(conflictToast).toBeVisible();
    for (const control of await panel.getByRole('button').all()) await expectUncovered(control);
    await activate(page, notice.getByRole('button', { name: 'Garder cette version' }));
    await expect(panel.getByText('Aucun conflit')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(opener).toBeFocused();
    await expectCorrectionsOnServer(userId);
  });

  await test.step('29.4 settings: no password for the name, saved offline, then synced', async () => {
    await context.setOffline(true);
    const settings = page.getByRole('button', { name: 'Paramètres' });
    await activate(page, settings, { back: true });
    const dialog = page.getByRole('dialog', { name: 'Paramètres du compte' });
    await expect(dialog.getByText('Vous êtes hors ligne', { exact: false })).toBeVisible();
    await expect(dialog.getByLabel('Mot de passe actuel')).toHaveCount(0);
    // Asked for only once a new password is typed.
    await typeInto(page, dialog.getByLabel('Nouveau mot de passe (optionnel)'), 'x');
    await expect(dialog.getByLabel('Mot de passe actuel')).toBeVisible();
    await typeInto(page, dialog.getByLabel('Nouveau mot de passe (optionnel)'), '', { max: 0 });
    await expect(dialog.getByLabel('Mot de passe actuel')).toHaveCount(0);
    await typeInto(page, dialog.getByLabel('Nom complet'), 'Camille Martin', { back: true });
    await typeInto(page, dialog.getByLabel('Téléphone (optionnel)'), '06 12 34 56 78');
    await activate(page, dialog.getByRole('button', { name: 'Enregistrer' }));
    await expect(toast(page, 'Profil mis à jour avec succès')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(settings).toBeFocused();
    await context.setOffline(false);
    await expectProfileOnServer(userId);
  });

  let link = '';
  await test.step('29.10 the survey shows its questions, a bakery’s services, a share and a QR code', async () => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await activate(page, nav.getByRole('link', { name: 'Sonder mon équipe' }), { back: true });
    await expect(h1('Sonder mon équipe')).toBeFocused();
    await activate(page, main.getByRole('button', { name: 'Créer un sondage' }));
    const dialog = page.getByRole('dialog', { name: 'Nouveau sondage' });
    await expect(dialog.getByRole('textbox', { name: /Nom du sondage/ })).toBeFocused();
    await page.keyboard.type(SURVEY);
    await expect(
      dialog.getByRole('group', { name: 'Services interrogés' }),
    ).toHaveAccessibleDescription(
      new RegExp(
        `Services suggérés pour une boulangerie-pâtisserie, d'après l'activité de ${BAKERY.name}`,
      ),
    );
    await expect(dialog.getByRole('checkbox', { name: 'Fournil et laboratoire' })).toBeChecked();
    const shop = dialog.getByRole('checkbox', { name: 'Vente en boutique' });
    await expect(shop).toBeChecked();
    await activate(page, shop, { key: 'Space' });
    await expect(shop).not.toBeChecked();
    await typeInto(page, dialog.getByRole('textbox', { name: 'Ajouter un service' }), 'Livraison');
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('checkbox', { name: 'Livraison' })).toBeChecked();
    const questions = dialog.getByRole('region', { name: 'Questions posées' });
    await expect(questions.getByText('Fournil et laboratoire : 3 questions')).toBeVisible();
    await activate(page, questions.getByText('Fournil et laboratoire : 3 questions'));
    await expect(
      questions.getByText('Quel est votre métier ou votre fonction ?').first(),
    ).toBeVisible();
    await activate(page, dialog.getByRole('button', { name: 'Créer' }));
    await expect(dialog).toBeHidden();
    const card = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: SURVEY }) });
    await expect(card.getByText(/pas encore synchronisé/)).toHaveCount(0);
    link = await card.getByRole('textbox', { name: 'Lien du sondage' }).inputValue();
    await activate(page, card.getByRole('button', { name: 'Partager' }));
    await expect(toast(page, 'Lien copié !')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    const qr = card.getByRole('button', { name: `QR code du sondage ${SURVEY}` });
    await activate(page, qr, { max: 5 });
    const qrDialog = page.getByRole('dialog', { name: 'QR code du sondage' });
    await expect(qrDialog.getByRole('img', { name: /QR code ouvrant le sondage/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(qr).toBeFocused();
    await activate(
      page,
      card.getByRole('link', { name: `Voir les résultats du sondage ${SURVEY}` }),
    );
    await expect(h1(SURVEY)).toBeVisible();
    await expectResultsCount(page, 0);
  });

  await test.step('29.2 the public survey says who sees the answers; the results arrive live', async () => {
    for (const who of [{ first: 'Léa', last: 'Martin' }, null]) {
      const employee = await browser.newContext();
      const tab = await employee.newPage();
      await tab.goto(link);
      await expectWhoSeesTheAnswers(tab);
      await activate(tab, tab.getByRole('button', { name: 'Fournil et laboratoire' }));
      const job = tab.getByRole('textbox', { name: 'Quel est votre métier ou votre fonction ?' });
      await typeInto(tab, job, who ? 'Boulangère' : 'Apprenti');
      // A radio group is one Tab stop: its first answer, then the arrows.
      await activate(tab, tab.getByRole('radio', { name: 'Oui' }), { key: 'ArrowDown' });
      await expect(tab.getByRole('radio', { name: 'Partiellement' })).toBeChecked();
      const suggestion = tab.getByRole('textbox', { name: /Une suggestion/ });
      await typeInto(tab, suggestion, who ? 'Un pétrin plus récent' : 'Des horaires plus stables');
      await activate(tab, tab.getByRole('button', { name: 'Continuer' }));
      const first = tab.getByRole('textbox', { name: 'Prénom (facultatif)' });
      await expect(first).toHaveAccessibleDescription(
        'Laisser vide pour répondre sans donner votre nom',
      );
      if (who) {
        await typeInto(tab, first, who.first);
        await typeInto(
          tab,
          tab.getByRole('textbox', { name: 'Nom (facultatif)', exact: true }),
          who.last,
        );
      }
      await activate(tab, tab.getByRole('button', { name: 'Envoyer' }));
      await expect(tab.getByRole('status')).toContainText('Envoyé');
      await employee.close();
      // On the employer's open results page, without a reload.
      await expectResultsCount(page, who ? 1 : 2);
    }
    await activate(
      page,
      main.getByRole('button', { name: /^Fournil et laboratoire \(2 réponses\)/ }),
    );
    await expect(page.getByText(/^Léa Martin, le /).first()).toBeVisible();
    await expect(page.getByText(/^Réponse sans nom, le /).first()).toBeVisible();
    await expect(page.getByText('Des horaires plus stables')).toBeVisible();
  });
});
