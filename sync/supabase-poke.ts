// The poke port over supabase-js's Realtime client: the private Broadcast channel
// `sync:<user id>`, event 'poke' (sent by the database, supabase/migrations/*_live_pokes.sql). The
// same code for hosted Supabase and the embedded backend.
//
// The client is the app's (it holds the user's session): supabase-js gives Realtime the access
// token on connect, on every heartbeat and on each refresh, and the server checks it and the RLS
// policy of realtime.messages at join. Phoenix rejoins by itself after a refused join or a lost
// socket; a channel the server closes (token expired, rights lost) is opened again here after a
// delay. Nothing here is needed for correctness: without pokes the engine's other triggers and its
// periodic pull bring everything.
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { parsePoke, type PokePort } from './poke';

export type SupabasePokeOptions = {
  /** The app's supabase-js client, with the signed-in user's session. */
  getClient: () => Promise<SupabaseClient>;
  userId: string;
  /** Delay before opening again a channel the server closed (attempt 0, 1, ...). */
  reopenDelayMs?: (attempt: number) => number;
  setTimeout?: (fn: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
};

export const syncTopic = (userId: string) => `sync:${userId}`;

const defaultDelay = (attempt: number) => Math.min(30_000, 1_000 * 2 ** attempt);

export function createSupabasePoke(opts: SupabasePokeOptions): PokePort {
  const later = opts.setTimeout ?? ((fn, ms) => setTimeout(fn, ms));
  const cancel =
    opts.clearTimeout ?? ((h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>));
  const delay = opts.reopenDelayMs ?? defaultDelay;
  const topic = syncTopic(opts.userId);

  return {
    subscribe({ onPoke, onState }) {
      let stopped = false;
      let client: SupabaseClient | null = null;
      let channel: RealtimeChannel | null = null;
      let timer: unknown = null;
      let attempt = 0;

      const reopen = () => {
        if (stopped || timer !== null) return;
        timer = later(() => {
          timer = null;
          void open();
        }, delay(attempt++));
      };

      const open = async () => {
        if (stopped) return;
        onState('connecting');
        try {
          client = await opts.getClient();
          // channel() hands back an existing channel of the same topic, even one still leaving
          // (a previous engine of this user): let it go first.
          const previous = client.getChannels().find((c) => c.topic === `realtime:${topic}`);
          if (previous) await client.removeChannel(previous);
        } catch {
          reopen();
          return;
        }
        if (stopped) return;
        const ch = client.channel(topic, { config: { private: true } });
        channel = ch;
        ch.on('broadcast', { event: 'poke' }, (message: { payload?: unknown }) => {
          const poke = parsePoke(message.payload);
          if (poke && !stopped && channel === ch) onPoke(poke);
        }).subscribe((status) => {
          if (stopped || channel !== ch) return;
          if (status === 'SUBSCRIBED') {
            attempt = 0;
            onState('live');
          } else if (status === 'CLOSED') {
            // Closed by the server: no automatic rejoin, open a new channel.
            channel = null;
            onState('connecting');
            void client?.removeChannel(ch);
            reopen();
          } else {
            // CHANNEL_ERROR, TIMED_OUT: Phoenix rejoins on its own (with the current token).
            onState('connecting');
          }
        });
      };

      void open();
      return () => {
        stopped = true;
        if (timer !== null) cancel(timer);
        timer = null;
        const ch = channel;
        channel = null;
        if (ch && client) void client.removeChannel(ch);
        onState('off');
      };
    },
  };
}
