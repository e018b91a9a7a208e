// generate-training and estimate-training through the shared embedded backend (HTTP, real user
// token, the functions router): the local engine (no OPENAI_* configured), input checks, auth.
import { beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedUser, type ConfirmedUser } from '../../server/testing/backend';
import {
  estimateTrainingResponseSchema,
  generateTrainingResponseSchema,
} from '../../src/domain/contracts';
import { messages } from '../../src/domain/messages';
import { parsePriceText, parseCoverageText, parseDurationText } from '../../src/domain/training';
import { TRAINING_CATALOGUE } from '../../supabase/functions/_shared/training-catalogue';
import { backend } from './helpers';

let user: ConfirmedUser;

beforeAll(async () => {
  user = await createConfirmedUser(backend);
});

async function call(name: string, body: unknown, token: string | null = user.accessToken) {
  const res = await fetch(`${backend.url}/functions/v1/${name}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      apikey: backend.anonKey,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

const generate = (searchTerm: unknown, extra: Record<string, unknown> = {}) =>
  call('generate-training', {
    formData: { objective: '', teamSize: '', priority: '', searchTerm, ...extra },
    additionalContext: '',
  });
const estimate = (trainingData: unknown) => call('estimate-training', { trainingData });

describe('generate-training (local engine)', () => {
  it('returns catalogue recommendations matching the challenge, in the contract shape', async () => {
    const res = await generate(
      'Mes commerciaux ont du mal à conclure les ventes en visioconférence',
    );
    expect(res.status).toBe(200);
    const parsed = generateTrainingResponseSchema.parse(res.body);
    expect(parsed.engine).toBe('local');
    expect(parsed.recommendations.length).toBeGreaterThan(0);
    expect(parsed.recommendations.length).toBeLessThanOrEqual(3);
    expect(parsed.recommendations[0]!.title).toBe('Vendre à distance et en visioconférence');
    for (const rec of parsed.recommendations) {
      expect(TRAINING_CATALOGUE.some((t) => t.title === rec.title)).toBe(true);
      expect(parsePriceText(rec.price)).toBeGreaterThanOrEqual(1550);
      expect(parsePriceText(rec.price)).toBeLessThanOrEqual(8200);
      expect(parseCoverageText(rec.coverage)).toBeGreaterThan(0);
      expect(parseDurationText(rec.duration)).toBeGreaterThan(0);
      expect(rec.benefits.length).toBeGreaterThanOrEqual(3);
    }
  });

  it('folds accents and stems French words: the same trainings with or without accents', async () => {
    const a = await generate('négociation commerciale');
    const b = await generate('NEGOCIATION COMMERCIAUX');
    const titles = (r: typeof a) =>
      generateTrainingResponseSchema.parse(r.body).recommendations.map((x) => x.title);
    expect(titles(a)[0]).toBe('Négociation commerciale et défense des marges');
    expect(titles(b)[0]).toBe(titles(a)[0]);
  });

  it('returns an empty list for a challenge the catalogue does not cover', async () => {
    const res = await generate('xqzwv plorbt');
    expect(res.status).toBe(200);
    expect(generateTrainingResponseSchema.parse(res.body).recommendations).toEqual([]);
  });

  it('refuses a blank challenge with the documented message', async () => {
    for (const blank of ['', '   \n ']) {
      const res = await generate(blank);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'invalid_input', message: messages.needRequired });
    }
  });

  it('refuses a 100 KB challenge with a French length message', async () => {
    const res = await generate('a'.repeat(100 * 1024));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'invalid_input', message: messages.tooLong(2000) });
  });

  it('refuses wrong types and bodies that are not objects', async () => {
    expect((await generate(42)).body).toEqual({
      error: 'invalid_input',
      message: messages.needRequired,
    });
    expect((await generate('ok', { teamSize: 12 })).body).toEqual({
      error: 'invalid_input',
      message: messages.invalidValue,
    });
    expect((await call('generate-training', [1, 2])).body).toEqual({
      error: 'invalid_input',
      message: messages.invalidForm,
    });
    expect((await call('generate-training', { formData: 'x' })).status).toBe(400);
    const notJson = await call('generate-training', '{nope');
    expect(notJson.status).toBe(400);
    expect(notJson.body?.error).toBe('invalid_json');
  });

  it('needs a signed-in user', async () => {
    const res = await call('generate-training', { formData: { searchTerm: 'Excel' } }, null);
    expect(res.status).toBe(401);
    const anonKeyAsToken = await call(
      'generate-training',
      { formData: { searchTerm: 'Excel' } },
      backend.anonKey,
    );
    expect(anonKeyAsToken.status).toBe(401);
  });
});

describe('estimate-training (local engine)', () => {
  it('estimates duration and cost from the nearest catalogue trainings and explains it', async () => {
    const res = await estimate({
      topic: 'Excel avancé',
      description: 'Tableaux croisés dynamiques et tableaux de bord',
      format: 'remote',
    });
    expect(res.status).toBe(200);
    const parsed = estimateTrainingResponseSchema.parse(res.body);
    expect(parsed.engine).toBe('local');
    expect(parsed.duration).toBeGreaterThanOrEqual(7);
    expect(parsed.duration).toBeLessThanOrEqual(21);
    expect(parsed.cost).toBeGreaterThanOrEqual(1550);
    expect(parsed.cost).toBeLessThanOrEqual(2600);
    expect(parsed.cost % 50).toBe(0);
    expect(parsed.explanation).toContain('Excel avancé : tableaux croisés et tableaux de bord');
  });

  it('falls back to the catalogue medians, and says so, when nothing is close', async () => {
    const res = await estimate({
      topic: 'xqzwv',
      description: 'plorbt gnarf',
      format: 'in_person',
    });
    expect(res.status).toBe(200);
    const parsed = estimateTrainingResponseSchema.parse(res.body);
    expect(parsed.duration).toBeGreaterThanOrEqual(1);
    expect(parsed.explanation).toMatch(/^Aucune formation de notre catalogue/);
  });

  it('refuses a missing topic or description with the documented message', async () => {
    for (const data of [
      { topic: '', description: 'x', format: 'remote' },
      { topic: 'Excel', description: '  ', format: 'remote' },
      { description: 'x', format: 'remote' },
      { topic: 3, description: 'x', format: 'remote' },
    ]) {
      const res = await estimate(data);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: 'invalid_input',
        message: messages.estimateNeedsTopicAndDescription,
      });
    }
  });

  it('refuses an unknown format, a 100 KB description and a body that is not an object', async () => {
    expect(
      (await estimate({ topic: 'Excel', description: 'x', format: 'e_learning' })).body,
    ).toEqual({
      error: 'invalid_input',
      message: messages.formatRequired,
    });
    expect(
      (await estimate({ topic: 'Excel', description: 'é'.repeat(100 * 1024), format: 'remote' }))
        .body,
    ).toEqual({
      error: 'invalid_input',
      message: messages.tooLong(5000),
    });
    expect((await call('estimate-training', 'null')).body).toEqual({
      error: 'invalid_input',
      message: messages.invalidForm,
    });
  });
});
