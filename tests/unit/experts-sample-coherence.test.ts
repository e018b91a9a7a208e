// The sample expert directory agrees with itself (issue 16 item 11): each expert's first name,
// job titles and portrait agree with its gender. The directory is generated
// (scripts/generate-experts.ts, vocabulary in scripts/expert-vocabulary.ts): fix the generator and
// regenerate, never the JSON.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expertsDatasetSchema } from '@/lib/expert-search/dataset-schema';
import { DOMAINS, FIRST_NAMES, PREVIOUS_JOBS } from '../../scripts/expert-vocabulary';

const dataset = expertsDatasetSchema.parse(
  JSON.parse(readFileSync('public/data/experts-sample.json', 'utf8')),
);
const jobs = [...PREVIOUS_JOBS, ...DOMAINS.flatMap((d) => d.jobs)];
const titlesOf = {
  female: new Set(jobs.map((j) => j.female)),
  male: new Set(jobs.map((j) => j.male)),
};
const epicene = new Set(jobs.filter((j) => j.female === j.male).map((j) => j.female));

// An oracle independent of the vocabulary, for the titles that vary: word endings only a feminine
// (or masculine) title has (« Directrice », « Consultante », « Chargée » / « Directeur »…).
const FEMININE = /(?:trice|euse|ée|ffe|ante|ière|ure)$/;
const MASCULINE = /(?:teur|eur|[^t]é|Chef|ant|ier)$/;

describe('sample expert directory', () => {
  it('gives every expert a gender its first name agrees with', () => {
    const female = new Set<string>(FIRST_NAMES.female);
    expect(FIRST_NAMES.male.filter((n) => female.has(n))).toEqual([]);
    for (const e of dataset.experts) {
      expect(e.gender, e.id).toBeDefined();
      expect(FIRST_NAMES[e.gender!], `${e.id} ${e.firstname}`).toContain(e.firstname);
    }
    // both genders are represented
    expect(new Set(dataset.experts.map((e) => e.gender))).toEqual(new Set(['female', 'male']));
  });

  it('words every job title in the expert’s gender', () => {
    for (const e of dataset.experts) {
      for (const { jobTitle } of e.public_experiences) {
        const where = `${e.id} ${e.firstname} (${e.gender}): ${jobTitle}`;
        expect(titlesOf[e.gender!].has(jobTitle), where).toBe(true);
        if (epicene.has(jobTitle)) continue;
        const words = jobTitle.split(/[ -]/);
        const wrong = e.gender === 'male' ? FEMININE : MASCULINE;
        expect(
          words.filter((w) => wrong.test(w)),
          where,
        ).toEqual([]);
      }
    }
  });

  it('draws each portrait in the expert’s gender', () => {
    const files = readdirSync('public/images/experts').filter((f) => f.endsWith('.svg'));
    expect(files.length).toBeGreaterThan(0);
    const byId = new Map(dataset.experts.map((e) => [e.id, e]));
    for (const file of files) {
      const expert = byId.get(file.replace(/\.svg$/, ''));
      expect(expert, file).toBeDefined();
      const svg = readFileSync(`public/images/experts/${file}`, 'utf8');
      expect(svg, file).toContain(`data-gender="${expert!.gender}"`);
    }
  });
});
