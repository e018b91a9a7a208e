// The public survey page (02 §2.18, §4, §5, §8) against a fake server: the wizard, the messages,
// the device copy of the survey, the draft kept across a closed tab, and the queued answer with
// its delivery state (sent / waiting / closed meanwhile), recorded once. Rendered through the app's
// /survey/:id route (PublicSurveyPage) and, without any router, as the lean entry renders it
// (survey.html: <PublicSurvey> with the id read from the address).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { RespondentStore, RespondentStoreContext } from '@/db/survey-device-store';
import type { PublicSurvey as Survey } from '@/domain/contracts';
import { surveyIdFromPath } from '@/domain/public-survey-contracts';
import { PublicSurvey } from '@/features/public-survey/components/public-survey';
import { PublicSurveyPage } from '@/features/public-survey/pages/public-survey-page';
import { stopRespondentSender } from '@/features/public-survey/hooks/survey-sender';

// IndexedDB and lazy chunks are slower on a shared, loaded machine: wait longer (no timing is asserted).
configure({ asyncUtilTimeout: 5_000 });

const SURVEY_ID = '5f2b1c3e-8a4d-4e6f-9b1a-2c3d4e5f6a7b';

const survey: Survey = {
  id: SURVEY_ID,
  name: 'Besoins 2027',
  status: 'active',
  company_name: 'Boulangerie Martin',
  departments: null,
  question_sets: [
    {
      department: 'commercial',
      label: 'Commercial / Ventes',
      questions: [
        {
          id: 'skills',
          text: 'Quelles compétences ?',
          type: 'checkbox',
          options: ['Négociation', 'Prospection'],
        },
        {
          id: 'priorities',
          text: 'Votre priorité ?',
          type: 'radio',
          options: ['Chiffre', 'Marché'],
        },
        { id: 'additional', text: 'Autre besoin ?', type: 'text', options: [] },
      ],
    },
    {
      department: 'tech',
      label: 'Technique / Informatique',
      questions: [
        { id: 'skills', text: 'Compétences tech ?', type: 'checkbox', options: ['Cloud'] },
      ],
    },
  ],
};

type Server = {
  survey: 'active' | 'closed' | 'missing';
  /** true: every request fails like a dropped connection */
  down: boolean;
  recorded: Map<string, Record<string, unknown>>;
  submits: number;
};

let server: Server;
let store: RespondentStore;
let dbCount = 0;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function fakeFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = String(input);
  if (server.down) return Promise.reject(new TypeError('Failed to fetch'));
  const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
  if (url.endsWith('/rest/v1/rpc/get_public_survey')) {
    if (server.survey === 'missing')
      return Promise.resolve(json(400, { code: 'P0001', message: 'survey_not_found' }));
    if (server.survey === 'closed')
      return Promise.resolve(json(400, { code: 'P0001', message: 'survey_closed' }));
    return Promise.resolve(json(200, survey));
  }
  if (url.endsWith('/rest/v1/rpc/submit_survey_response')) {
    server.submits++;
    const response = body.p_response as Record<string, unknown>;
    const id = String(response.id);
    if (server.recorded.has(id)) return Promise.resolve(json(200, { status: 'duplicate', id }));
    if (server.survey === 'closed')
      return Promise.resolve(json(400, { code: 'P0001', message: 'survey_closed' }));
    server.recorded.set(id, response);
    return Promise.resolve(json(200, { status: 'recorded', id }));
  }
  return Promise.resolve(json(404, { message: 'unknown' }));
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/survey/:id?', element: <PublicSurveyPage /> }], {
    initialEntries: [path],
  });
  return render(
    <RespondentStoreContext.Provider value={store}>
      <RouterProvider router={router} />
    </RespondentStoreContext.Provider>,
  );
}

/** As src/survey-main.tsx renders it: no router, the id read from the address. */
function renderLeanAt(path: string) {
  return render(
    <RespondentStoreContext.Provider value={store}>
      <PublicSurvey surveyId={surveyIdFromPath(path)} />
    </RespondentStoreContext.Provider>,
  );
}

beforeEach(async () => {
  server = { survey: 'active', down: false, recorded: new Map(), submits: 0 };
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
  store = new RespondentStore({ name: `public-survey-${++dbCount}` });
});

afterEach(async () => {
  stopRespondentSender(store);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await store.close();
  indexedDB.deleteDatabase(store.name);
});

async function answerUpToIdentity(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Commercial / Ventes' }));
  await user.click(await screen.findByRole('checkbox', { name: 'Négociation' }));
  await user.click(screen.getByRole('radio', { name: 'Marché' }));
  await user.type(screen.getByRole('textbox', { name: 'Autre besoin ?' }), 'Excel');
  await user.click(screen.getByRole('radio', { name: 'Partiellement' }));
  await user.type(screen.getByRole('textbox', { name: /Une suggestion/ }), 'Plus de pauses');
  await user.click(screen.getByRole('button', { name: 'Continuer' }));
  await screen.findByRole('heading', { name: 'Pour finir' });
}

describe('public survey: messages', () => {
  it("says 'ID du sondage manquant' without an id", async () => {
    renderAt('/survey');
    expect(
      await screen.findByRole('heading', { name: 'ID du sondage manquant' }),
    ).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("says 'Sondage non trouvé' for an id that cannot exist, without asking the server", async () => {
    renderAt('/survey/abc');
    expect(await screen.findByRole('heading', { name: 'Sondage non trouvé' })).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("says 'Sondage non trouvé' when the server has no such survey", async () => {
    server.survey = 'missing';
    renderAt(`/survey/${SURVEY_ID}`);
    expect(await screen.findByRole('heading', { name: 'Sondage non trouvé' })).toBeInTheDocument();
  });

  it("says 'Ce sondage est clôturé' for a closed survey", async () => {
    server.survey = 'closed';
    renderAt(`/survey/${SURVEY_ID}`);
    expect(
      await screen.findByRole('heading', { name: 'Ce sondage est clôturé' }),
    ).toBeInTheDocument();
  });

  it('says the survey is unavailable with no network and no copy, and loads it on retry', async () => {
    server.down = true;
    const user = userEvent.setup();
    renderAt(`/survey/${SURVEY_ID}`);
    expect(
      await screen.findByRole('heading', { name: 'Erreur lors du chargement du sondage' }),
    ).toBeInTheDocument();
    server.down = false;
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('heading', { name: 'Besoins 2027' })).toBeInTheDocument();
  });
});

describe('public survey: the wizard (02 §4, §5)', () => {
  it('advances on a department click, requires the tools answer, then sends once with the names given', async () => {
    const user = userEvent.setup();
    renderAt(`/survey/${SURVEY_ID}`);
    expect(
      await screen.findByRole('heading', { name: 'Besoins 2027', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Étape 1 sur 3')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { pressed: false })).toHaveLength(8);

    await user.click(screen.getByRole('button', { name: 'Commercial / Ventes' }));
    expect(await screen.findByText('Étape 2 sur 3')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Commercial / Ventes' })).toHaveFocus();
    await user.click(screen.getByRole('checkbox', { name: 'Négociation' }));
    await user.click(screen.getByRole('checkbox', { name: 'Prospection' }));
    await user.click(screen.getByRole('checkbox', { name: 'Prospection' }));
    await user.click(screen.getByRole('radio', { name: 'Marché' }));

    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Veuillez répondre à la question sur les outils',
    );
    expect(screen.getByText('Étape 2 sur 3')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Non' }));
    await user.type(screen.getByRole('textbox', { name: /Une suggestion/ }), '  Un meilleur CRM  ');
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(await screen.findByText('Étape 3 sur 3')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /Prénom/ }), 'Léa');
    await user.type(screen.getByRole('textbox', { name: /^Nom/ }), 'Martin');
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));

    expect(
      await screen.findByRole('heading', { name: 'Merci pour votre participation !' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Envoyé'));
    expect(server.recorded.size).toBe(1);
    const [sent] = [...server.recorded.values()];
    expect(sent).toMatchObject({
      survey_id: SURVEY_ID,
      department: 'commercial',
      first_name: 'Léa',
      last_name: 'Martin',
      responses: { skills: ['Négociation'], priorities: 'Marché' },
      tools_satisfaction: 'no',
      improvement_suggestion: 'Un meilleur CRM',
    });
    const queued = await store.listAnswers();
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ status: 'sent', id: sent!.id });
  });

  it('goes back from step 3 to 2 and from 2 to 1 keeping the answers; a new department starts fresh', async () => {
    const user = userEvent.setup();
    renderAt(`/survey/${SURVEY_ID}`);
    await answerUpToIdentity(user);
    await user.click(screen.getByRole('button', { name: 'Retour' }));
    expect(await screen.findByRole('checkbox', { name: 'Négociation' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Partiellement' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Retour' }));
    expect(
      await screen.findByRole('button', { name: 'Commercial / Ventes', pressed: true }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Technique / Informatique' }));
    expect(await screen.findByRole('checkbox', { name: 'Cloud' })).not.toBeChecked();
  });
});

describe('public survey: who sees the answers (issue 29)', () => {
  it('names the company and says who sees what, how long it is kept and how to have it deleted', async () => {
    renderAt(`/survey/${SURVEY_ID}`);
    expect(await screen.findByText('Sondage de Boulangerie Martin')).toBeInTheDocument();
    const notice = screen.getByRole('region', { name: 'Qui voit vos réponses ?' });
    expect(notice).toHaveTextContent(
      "Boulangerie Martin voit vos réponses, votre service, la date d'envoi et, seulement si vous l'indiquez, votre nom.",
    );
    expect(notice).toHaveTextContent('conservées tant que Boulangerie Martin ne les supprime pas');
    expect(notice).toHaveTextContent('Pour faire supprimer votre réponse, demandez-le-lui');
    // « anonyme » is never claimed: an answer names a department and a date.
    expect(document.body.textContent).not.toMatch(/anonyme/i);
  });

  it('sends an answer without a name: both fields say they can stay empty', async () => {
    const user = userEvent.setup();
    renderAt(`/survey/${SURVEY_ID}`);
    await answerUpToIdentity(user);
    const first = screen.getByRole('textbox', { name: 'Prénom (facultatif)' });
    const last = screen.getByRole('textbox', { name: 'Nom (facultatif)' });
    for (const field of [first, last]) {
      expect(field).not.toBeRequired();
      expect(field).toHaveAccessibleDescription('Laisser vide pour répondre sans donner votre nom');
    }
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    await screen.findByRole('heading', { name: 'Merci pour votre participation !' });
    await waitFor(() => expect(server.recorded.size).toBe(1));
    const [sent] = [...server.recorded.values()];
    expect(sent).toMatchObject({ first_name: '', last_name: '', department: 'commercial' });
    expect(sent).not.toHaveProperty('department_label');
  });

  it("offers the survey's own departments and sends the one chosen with its question set", async () => {
    const user = userEvent.setup();
    survey.departments = [
      { label: 'Fournil et laboratoire', set: 'tech' },
      { label: 'Vente en boutique', set: 'commercial' },
    ];
    try {
      renderAt(`/survey/${SURVEY_ID}`);
      await screen.findByRole('button', { name: 'Vente en boutique' });
      expect(screen.getAllByRole('button', { pressed: false })).toHaveLength(2);
      await user.click(screen.getByRole('button', { name: 'Vente en boutique' }));
      await user.click(await screen.findByRole('checkbox', { name: 'Négociation' }));
      await user.click(screen.getByRole('radio', { name: 'Oui' }));
      await user.click(screen.getByRole('button', { name: 'Continuer' }));
      await user.type(await screen.findByRole('textbox', { name: /Prénom/ }), 'Léa');
      await user.click(screen.getByRole('button', { name: 'Envoyer' }));
      await waitFor(() => expect(server.recorded.size).toBe(1));
      expect([...server.recorded.values()][0]).toMatchObject({
        department: 'commercial',
        department_label: 'Vente en boutique',
        first_name: 'Léa',
        last_name: '',
        responses: { skills: ['Négociation'] },
      });
    } finally {
      survey.departments = null;
    }
  });
});

describe('public survey: weak connection', () => {
  it('keeps the answer in progress and the survey on the device: a closed tab reopened offline resumes', async () => {
    const user = userEvent.setup();
    const first = renderAt(`/survey/${SURVEY_ID}`);
    await answerUpToIdentity(user);
    await user.type(screen.getByRole('textbox', { name: /Prénom/ }), 'Jo');
    first.unmount();

    server.down = true;
    renderAt(`/survey/${SURVEY_ID}`);
    expect(await screen.findByRole('heading', { name: 'Pour finir' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Prénom/ })).toHaveValue('Jo');
    await user.click(screen.getByRole('button', { name: 'Retour' }));
    expect(await screen.findByRole('checkbox', { name: 'Négociation' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Autre besoin ?' })).toHaveValue('Excel');
  });

  it('queues the answer offline, shows it waiting, and sends it once when the network returns', async () => {
    const user = userEvent.setup();
    renderAt(`/survey/${SURVEY_ID}`);
    await answerUpToIdentity(user);
    await user.type(screen.getByRole('textbox', { name: /Prénom/ }), 'Léa');
    await user.type(screen.getByRole('textbox', { name: /^Nom/ }), 'Martin');
    server.down = true;
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));

    expect(
      await screen.findByRole('heading', { name: 'Merci pour votre participation !' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent("En attente d'envoi"));
    await waitFor(async () => expect((await store.listAnswers())[0]?.attempts).toBeGreaterThan(0));
    expect(server.recorded.size).toBe(0);

    server.down = false;
    await user.click(screen.getByRole('button', { name: 'Réessayer maintenant' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Envoyé'));
    expect(server.recorded.size).toBe(1);
    expect(await store.listAnswers()).toHaveLength(1);
  });

  it('a tab closed while the answer waits sends it on reopening, and shows the thank-you, not the form', async () => {
    const user = userEvent.setup();
    const first = renderAt(`/survey/${SURVEY_ID}`);
    await answerUpToIdentity(user);
    await user.type(screen.getByRole('textbox', { name: /Prénom/ }), 'Léa');
    await user.type(screen.getByRole('textbox', { name: /^Nom/ }), 'Martin');
    server.down = true;
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent("En attente d'envoi"));
    first.unmount();
    stopRespondentSender(store);

    server.down = false;
    renderAt(`/survey/${SURVEY_ID}`);
    expect(
      await screen.findByRole('heading', { name: 'Merci pour votre participation !' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Envoyé'));
    expect(server.recorded.size).toBe(1);
    expect(screen.queryByRole('button', { name: 'Envoyer' })).not.toBeInTheDocument();
  });

  it('tells the respondent when the survey was closed before the answer could be sent', async () => {
    const user = userEvent.setup();
    renderAt(`/survey/${SURVEY_ID}`);
    await answerUpToIdentity(user);
    await user.type(screen.getByRole('textbox', { name: /Prénom/ }), 'Léa');
    await user.type(screen.getByRole('textbox', { name: /^Nom/ }), 'Martin');
    server.down = true;
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    await screen.findByRole('heading', { name: 'Merci pour votre participation !' });

    server.down = false;
    server.survey = 'closed';
    await act(async () => {
      await user.click(screen.getByRole('button', { name: 'Réessayer maintenant' }));
    });
    const heading = await screen.findByRole('heading', { name: 'Ce sondage est clôturé' });
    expect(
      within(heading.closest('.card')!).getByText(/n'ont pas pu être prises en compte/),
    ).toBeInTheDocument();
    expect((await store.listAnswers())[0]?.status).toBe('closed');
  });
});

describe('public survey: the lean entry (survey.html, no router)', () => {
  it("says 'ID du sondage manquant' for /survey and /survey/, 'Sondage non trouvé' for a malformed id", async () => {
    const first = renderLeanAt('/survey');
    expect(
      await screen.findByRole('heading', { name: 'ID du sondage manquant' }),
    ).toBeInTheDocument();
    first.unmount();
    const second = renderLeanAt('/survey/');
    expect(
      await screen.findByRole('heading', { name: 'ID du sondage manquant' }),
    ).toBeInTheDocument();
    second.unmount();
    renderLeanAt('/survey/abc');
    expect(await screen.findByRole('heading', { name: 'Sondage non trouvé' })).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('answers and sends the survey of the address, once', async () => {
    const user = userEvent.setup();
    renderLeanAt(`/survey/${SURVEY_ID}/`);
    expect(
      await screen.findByRole('heading', { name: 'Besoins 2027', level: 1 }),
    ).toBeInTheDocument();
    await answerUpToIdentity(user);
    await user.type(screen.getByRole('textbox', { name: /Prénom/ }), 'Léa');
    await user.type(screen.getByRole('textbox', { name: /^Nom/ }), 'Martin');
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(
      await screen.findByRole('heading', { name: 'Merci pour votre participation !' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Envoyé'));
    expect(server.recorded.size).toBe(1);
    expect([...server.recorded.values()][0]).toMatchObject({
      survey_id: SURVEY_ID,
      first_name: 'Léa',
      last_name: 'Martin',
    });
  });

  it('says so when the answer cannot be stored on the device, keeps the form, and sends on the next try', async () => {
    const user = userEvent.setup();
    renderLeanAt(`/survey/${SURVEY_ID}`);
    await answerUpToIdentity(user);
    await user.type(screen.getByRole('textbox', { name: /Prénom/ }), 'Léa');
    await user.type(screen.getByRole('textbox', { name: /^Nom/ }), 'Martin');
    // The device's storage is full: IndexedDB refuses the write.
    const add = vi.spyOn(IDBObjectStore.prototype, 'add').mockImplementationOnce(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Erreur lors de l'envoi du sondage");
    expect(screen.getByRole('heading', { name: 'Pour finir' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Prénom/ })).toHaveValue('Léa');
    expect(await store.listAnswers()).toHaveLength(0);

    add.mockRestore();
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(
      await screen.findByRole('heading', { name: 'Merci pour votre participation !' }),
    ).toBeInTheDocument();
    expect(screen.queryByText("Erreur lors de l'envoi du sondage")).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Envoyé'));
    expect(server.recorded.size).toBe(1);
  });
});
