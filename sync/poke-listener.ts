// The engine's side of the poke port: listens while this tab leads, ignores its own device's pushes
// and tables it does not replicate, and asks for one pull per burst of pokes (pokes within delayMs
// share it). Also reports the channel's state (live or not) and asks for a pull when the channel
// (re)joins: what changed while no poke could arrive is fetched then.
import type { EnvPort } from './ports';
import type { Poke, PokePort, PokeState } from './poke';
import type { SyncTable } from './types';

export type PokeListenerDeps = {
  port: PokePort;
  env: Pick<EnvPort, 'setTimeout' | 'clearTimeout'>;
  delayMs: number;
  tables: readonly SyncTable[];
  deviceId: () => Promise<string>;
  /** Pull now (the engine skips it while it backs off after a failure). */
  pull: () => void;
  /** The channel is joined (true) or not (false). */
  onLive: (live: boolean) => void;
};

export class PokeListener {
  readonly #deps: PokeListenerDeps;
  #stop: (() => void) | null = null;
  #timer: unknown = null;
  #deviceId: string | null = null;
  #live = false;
  /** Pokes that asked for a pull (tests and the benchmark). */
  pokes = 0;

  constructor(deps: PokeListenerDeps) {
    this.#deps = deps;
  }

  get live(): boolean {
    return this.#live;
  }

  start(): void {
    if (this.#stop) return;
    this.#deps.deviceId().then(
      (id) => (this.#deviceId = id),
      () => undefined,
    );
    this.#stop = this.#deps.port.subscribe({
      onPoke: (poke) => this.#onPoke(poke),
      onState: (state) => this.#onState(state),
    });
  }

  stop(): void {
    const stop = this.#stop;
    this.#stop = null;
    if (this.#timer !== null) this.#deps.env.clearTimeout(this.#timer);
    this.#timer = null;
    stop?.();
    this.#live = false;
  }

  #onPoke(poke: Poke): void {
    if (!this.#stop) return;
    // This device's own push: its cycle pulled right after pushing.
    if (poke.device !== null && poke.device === this.#deviceId) return;
    if (!poke.tables.some((t) => this.#deps.tables.includes(t))) return;
    this.pokes++;
    if (this.#timer !== null) return;
    this.#timer = this.#deps.env.setTimeout(() => {
      this.#timer = null;
      this.#deps.pull();
    }, this.#deps.delayMs);
  }

  #onState(state: PokeState): void {
    const live = state === 'live' && this.#stop !== null;
    if (live === this.#live) return;
    this.#live = live;
    this.#deps.onLive(live);
    if (live) this.#deps.pull();
  }
}
