// Generates the SAMPLE expert directory used by the local expert search (no Algolia configured):
//   public/data/experts-sample.json   180 FICTITIOUS experts (sample: true), deterministic
//   public/images/experts/<id>.svg    abstract portrait placeholders for the first 12 experts
// Every name, job, description and value is invented: no real person is described. Each expert
// has one gender, and its first name, job titles (« Directrice » / « Directeur ») and portrait
// agree with it (vocabulary in scripts/expert-vocabulary.ts).
// Usage: npx tsx scripts/generate-experts.ts   (then review the diff and commit the outputs)
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expertsDatasetSchema, type SampleExpert } from '../src/lib/expert-search/dataset-schema';
import {
  ALL_SECTORS,
  DOMAINS,
  FIRST_NAMES,
  MARKETS,
  PREVIOUS_JOBS,
  type Gender,
} from './expert-vocabulary';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const COUNT = 180;
const PORTRAITS = 12;

// ---- deterministic randomness (mulberry32) ---------------------------------------------------
let seed = 0x0e4e2026;
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const chance = (p: number) => random() < p;
function sample<T>(items: readonly T[], n: number): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < n && pool.length > 0)
    out.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
  return out;
}

/** Lower-cases the first letter of a label unless it starts an acronym or a proper name (SEO, Python). */
const KEEP_CASE = /^(?:[A-Z]{2,}|Python|React|JavaScript|Excel|PowerPoint|Scrum|Kanban|Lean|ISO)/;
const lower = (label: string) =>
  KEEP_CASE.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1);

const OPENINGS = [
  (n: number, d: string) => `${n} ans d'expérience en ${lower(d)}.`,
  (n: number, d: string) => `Spécialiste ${lower(d)} depuis ${n} ans.`,
  (n: number, d: string) =>
    `Plus de ${n} ans de terrain en ${lower(d)}, en entreprise puis en conseil.`,
];
const MIDDLES = [
  (a: string, b: string, s: string) =>
    `Accompagne les équipes du secteur ${s} sur ${lower(a)} et ${lower(b)}.`,
  (a: string, b: string, s: string) =>
    `Intervient surtout dans le secteur ${s}, avec un focus ${lower(a)} et ${lower(b)}.`,
  (a: string, b: string) => `Forme des équipes de toutes tailles à ${lower(a)} et à ${lower(b)}.`,
];
const CLOSINGS = [
  'Des ateliers concrets, construits à partir de vos cas réels.',
  'Une pédagogie pratique : chaque séance repart avec des outils applicables dès le lendemain.',
  'Sessions courtes, exercices sur vos propres dossiers, suivi entre les séances.',
  'Approche pas à pas, adaptée au niveau de chaque participant.',
];

// ---- generation -------------------------------------------------------------------------------
function expert(index: number): SampleExpert & { gender: Gender } {
  const id = `sample-${String(index + 1).padStart(3, '0')}`;
  const domain = DOMAINS[index % DOMAINS.length]!;
  const gender: Gender = chance(0.5) ? 'female' : 'male';
  const firstname = pick(FIRST_NAMES[gender]);
  const years = int(4, 25);
  const skills = sample(domain.skills, int(3, Math.min(10, domain.skills.length)));
  const tools = sample(domain.tools, int(1, Math.min(6, domain.tools.length)));
  const sector = chance(0.8) ? pick(domain.sectors) : pick(ALL_SECTORS);
  const market = sample(MARKETS, chance(0.35) ? 2 : 1);
  const isIndependent = chance(0.45);
  const hasCurrentJob = !chance(0.1);
  const experiences = [
    ...(hasCurrentJob ? [{ isCurrentJob: true, jobTitle: pick(domain.jobs)[gender] }] : []),
    ...Array.from({ length: int(0, 2) }, () => ({
      isCurrentJob: false,
      jobTitle: pick([...PREVIOUS_JOBS, ...domain.jobs])[gender],
    })),
  ];
  const management = chance(0.4);
  const beginners = chance(0.7);
  const description = [
    pick(OPENINGS)(years, domain.name),
    pick(MIDDLES)(skills[0]!, skills[1] ?? tools[0]!, sector),
    pick(CLOSINGS),
  ].join(' ');
  return {
    objectID: id,
    id,
    sample: true,
    firstname,
    gender,
    expertise_name: domain.name,
    public_experiences: experiences,
    skills,
    tools,
    description,
    pictures_url: [],
    sector,
    market,
    does_guides_beginners: beginners,
    does_guides_intermediates: chance(0.75),
    does_guides_advances: !beginners || chance(0.4),
    has_managerial_responsibilities: management,
    is_independent: isIndependent,
    is_management: management && chance(0.7),
    is_operational: !management || chance(0.5),
  };
}

const experts = Array.from({ length: COUNT }, (_, i) => expert(i));
const dataset = expertsDatasetSchema.parse({
  sample: true,
  version: 1,
  note: "Données d'exemple : experts fictifs générés par scripts/generate-experts.ts. Aucune personne réelle n'est décrite.",
  experts,
});

const lines = dataset.experts.map((e) => `    ${JSON.stringify(e)}`);
const head = JSON.stringify(
  { sample: dataset.sample, version: dataset.version, note: dataset.note },
  null,
  2,
).replace(/\n}$/, ',');
writeFileSync(
  resolve(root, 'public/data/experts-sample.json'),
  `${head}\n  "experts": [\n${lines.join(',\n')}\n  ]\n}\n`,
);

// ---- portrait placeholders (abstract silhouettes; not photographs) ----------------------------
const BACKGROUNDS = ['#dbeafe', '#dcfce7', '#fef3c7', '#fce7f3', '#ede9fe', '#e0f2fe'];
const SKIN = ['#f1c27d', '#e0ac69', '#c68642', '#8d5524', '#ffdbac', '#d2a679'];
const CLOTHES = ['#1d4ed8', '#166534', '#92400e', '#9d174d', '#5b21b6', '#0f766e'];
const HAIR = ['#2b1b12', '#4a2f1b', '#8b5a2b', '#1f1f1f', '#b8860b', '#5a3825'];

/** A silhouette for the expert's gender: long hair for a woman, short hair for a man. */
function portrait(gender: Gender): string {
  const bg = pick(BACKGROUNDS);
  const skin = pick(SKIN);
  const clothes = pick(CLOTHES);
  const hair = pick(HAIR);
  const longHair = gender === 'female';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 160" width="160" height="160" data-gender="${gender}">
  <rect width="160" height="160" fill="${bg}"/>
  ${longHair ? `<path d="M42 78c0-30 16-48 38-48s38 18 38 48v44H42z" fill="${hair}"/>` : ''}
  <path d="M24 160c4-34 28-50 56-50s52 16 56 50z" fill="${clothes}"/>
  <rect x="70" y="92" width="20" height="22" rx="8" fill="${skin}"/>
  <ellipse cx="80" cy="72" rx="27" ry="31" fill="${skin}"/>
  <path d="M52 68c0-22 12-34 28-34s28 12 28 34c-6-10-16-16-28-16s-22 6-28 16z" fill="${hair}"/>
</svg>
`;
}

const imagesDir = resolve(root, 'public/images/experts');
mkdirSync(imagesDir, { recursive: true });
for (const file of readdirSync(imagesDir))
  if (file.endsWith('.svg')) rmSync(resolve(imagesDir, file));
for (const e of experts.slice(0, PORTRAITS))
  writeFileSync(resolve(imagesDir, `${e.id}.svg`), portrait(e.gender));

console.log(`${dataset.experts.length} sample experts, ${PORTRAITS} portraits written`);
