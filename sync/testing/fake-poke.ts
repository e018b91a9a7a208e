// An in-memory poke channel for tests: every subscriber of the hub gets the pokes sent to it; joins
// are immediate unless the hub is told to hold them.
import type { Poke, PokeHandlers, PokePort, PokeState } from '../poke';

export class FakePokeHub {
  readonly subscribers = new Set<PokeHandlers>();
  /** Subscriptions made so far (one per leader start). */
  subscriptions = 0;
  #state: PokeState = 'live';

  port(): PokePort {
    return {
      subscribe: (handlers) => {
        this.subscriptions++;
        this.subscribers.add(handlers);
        handlers.onState('connecting');
        const state = this.#state;
        queueMicrotask(() => {
          if (this.subscribers.has(handlers)) handlers.onState(state);
        });
        return () => {
          this.subscribers.delete(handlers);
          handlers.onState('off');
        };
      },
    };
  }

  poke(poke: Poke): void {
    for (const h of this.subscribers) h.onPoke(poke);
  }

  /** The channel's state for every subscriber (e.g. 'connecting' on a lost socket, then 'live'). */
  setState(state: PokeState): void {
    this.#state = state;
    for (const h of this.subscribers) h.onState(state);
  }
}
