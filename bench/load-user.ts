// One simulated user of bench:load, over raw HTTP as the app's adapters call the API: sign in
// (password grant), push a batch of 50 new training requests (rpc sync_push), pull until an empty
// answer (rpc sync_pull_many, as the sync engine does), look a budget up (budget API). A 503 or 429
// is retried after its Retry-After, as the sync engine does; every attempt is recorded.
import { randomUUID } from 'node:crypto';
import { TEST_SERVICE_ROLE_KEY } from '../server/testing/known-keys';
import { trainingInsertMutation } from '../server/testing/mutations';
import { SYNC_TABLES, START_CURSOR, type Cursors } from '../sync/types';
import { rpcInit } from './lib/rpc-init';

export type Op = 'signIn' | 'push' | 'pull' | 'lookup';

export type Sample = {
  op: Op;
  ms: number;
  /** HTTP status; 0 = no answer (network error or the client's timeout). */
  status: number;
  /** Set when the attempt counts as an error (not a 503/429 the client retried). */
  error?: string;
  /** The round the user was in (0: the first, which every user starts at the same instant). */
  round?: number;
};

/** What a simulated client reads of a sync_pull_many answer. */
export type PullAnswer = {
  pages?: Record<string, { rows: { sync_version: number; id: string }[] }>;
  more?: boolean;
};

/** Cursors at the start of every table: a new device's first pull. */
export const startCursors = (): Cursors =>
  Object.fromEntries(SYNC_TABLES.map((t) => [t, START_CURSOR])) as Cursors;

/** Moves each table's cursor to the last row of its page, as the engine does; the rows received. */
export function advanceCursors(cursors: Cursors, pages: NonNullable<PullAnswer['pages']>): number {
  let received = 0;
  for (const [table, p] of Object.entries(pages)) {
    const last = p.rows.at(-1);
    received += p.rows.length;
    if (last) cursors[table as keyof Cursors] = { version: Number(last.sync_version), id: last.id };
  }
  return received;
}

export type LoadTarget = { url: string; anonKey: string; budgetApiKey: string };

const CLIENT_TIMEOUT_MS = 30_000;
const MAX_RETRIES = 8;
const BANDS: [string, number, number][] = [
  ['1486', 1, 10],
  ['1486', 11, 49],
  ['1979', 50, 299],
  ['2216', 11, 49],
  ['0843', 1, 10],
];

export class SimUser {
  token = '';
  readonly deviceId = randomUUID();
  cursors: Cursors = startCursors();
  applied = 0;
  #round = 0;

  /** A confirmed user created through the admin API (service role), not signed in yet. */
  static async create(
    target: LoadTarget,
    email: string,
    password: string,
    record: (s: Sample) => void = () => undefined,
  ): Promise<SimUser> {
    const res = await fetch(`${target.url}/auth/v1/admin/users`, {
      method: 'POST',
      headers: {
        apikey: TEST_SERVICE_ROLE_KEY,
        authorization: `Bearer ${TEST_SERVICE_ROLE_KEY}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        email,
        password,
        email_confirm: true,
        user_metadata: { contact_name: 'Charge', contact_email: email },
      }),
    });
    if (!res.ok) throw new Error(`create user: HTTP ${res.status} ${await res.text()}`);
    const { id } = (await res.json()) as { id: string };
    return new SimUser(target, id, email, password, record);
  }

  constructor(
    readonly target: LoadTarget,
    readonly id: string,
    readonly email: string,
    readonly password: string,
    public record: (s: Sample) => void,
  ) {}

  /** One HTTP call with the client's timeout; 503/429 retried after Retry-After. */
  async #call(op: Op, path: string, init: RequestInit): Promise<unknown> {
    for (let attempt = 0; ; attempt++) {
      const t0 = performance.now();
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), CLIENT_TIMEOUT_MS);
      let status = 0;
      try {
        const res = await fetch(`${this.target.url}${path}`, {
          ...init,
          signal: controller.signal,
        });
        status = res.status;
        const body = await res.text();
        const ms = performance.now() - t0;
        if ((status === 503 || status === 429) && attempt < MAX_RETRIES) {
          this.record({ op, ms, status });
          const after = Number(res.headers.get('retry-after') ?? '1');
          const wait = (Number.isFinite(after) ? after : 1) * 1000 * (1 + Math.random() * 0.1);
          await new Promise((r) => setTimeout(r, wait));
          continue;
        }
        if (!res.ok) {
          this.record({ op, ms, status, error: `HTTP ${status} ${body.slice(0, 200)}` });
          return null;
        }
        this.record({ op, ms, status });
        return body ? (JSON.parse(body) as unknown) : null;
      } catch (e) {
        const ms = performance.now() - t0;
        const what = controller.signal.aborted ? 'client timeout (30 s)' : String(e);
        this.record({ op, ms, status, error: what });
        return null;
      } finally {
        clearTimeout(timer);
      }
    }
  }

  #rpc(op: Op, fn: string, args: unknown) {
    return this.#call(op, `/rest/v1/rpc/${fn}`, rpcInit(this.target.anonKey, this.token, args));
  }

  async signIn(): Promise<boolean> {
    const data = (await this.#call('signIn', '/auth/v1/token?grant_type=password', {
      method: 'POST',
      headers: { apikey: this.target.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: this.email, password: this.password }),
    })) as { access_token?: string } | null;
    this.token = data?.access_token ?? '';
    return this.token !== '';
  }

  async push(batch: number): Promise<void> {
    const round = this.#round++;
    const mutations = Array.from({ length: batch }, (_, i) =>
      trainingInsertMutation(this.id, {
        topic: `Formation ${round}-${i}`,
        pedagogical_objectives: 'Objectifs pédagogiques de la formation, sur quelques lignes.',
        format: i % 2 ? 'remote' : 'in_person',
        training_organization: 'Organisme',
        duration: 7 + (i % 30),
        cost: 1000 + i,
        user_name: 'Camille Martin',
        user_email: this.email,
        company_name: 'ACME',
        company_siret: '12345678900011',
        idcc: '1486',
        created_at: new Date().toISOString(),
      }),
    );
    const answers = (await this.#rpc('push', 'sync_push', {
      p_device_id: this.deviceId,
      p_mutations: mutations,
    })) as { status?: string }[] | null;
    if (!answers) return;
    const applied = answers.filter((a) => a.status === 'applied').length;
    this.applied += applied;
    if (applied !== batch)
      this.record({
        op: 'push',
        ms: 0,
        status: 200,
        error: `${batch - applied} mutation(s) not applied: ${JSON.stringify(answers.find((a) => a.status !== 'applied')).slice(0, 200)}`,
      });
  }

  /**
   * Pulls every table as the engine does (sync/engine.ts): until the server answers `more: false`
   * (every table read to its end), or, from a server that does not say, an answer without rows.
   */
  async pull(): Promise<void> {
    for (let page = 0; page < 50; page++) {
      const data = (await this.#rpc('pull', 'sync_pull_many', {
        p_cursors: this.cursors,
        p_limit: 1000,
      })) as PullAnswer | null;
      if (!data?.pages) return;
      const received = advanceCursors(this.cursors, data.pages);
      if (received === 0 || data.more === false) return;
    }
  }

  async lookup(i: number): Promise<void> {
    const [idcc, min, max] = BANDS[i % BANDS.length]!;
    await this.#call('lookup', `/public/pdc/infoPdc/${idcc}/min/${min}/max/${max}`, {
      headers: { 'x-api-key': this.target.budgetApiKey },
    });
  }
}
