// Lite provisions row-level security on a connection's first request with a user context
// (`ensureRlsContext`: CREATE ROLE anon/authenticated/service_role if missing, then GRANT ... ON ALL
// TABLES / SEQUENCES and ALTER DEFAULT PRIVILEGES in every schema that has an RLS table). It caches
// the result only after its first await, so on a PostgreSQL server every request arriving meanwhile
// ran the same GRANTs on another pooled connection, and two transactions rewriting the same catalog
// rows fail with XX000 "tuple concurrently updated" (HTTP 500 on concurrent first pushes, issue 17).
// Here it runs once: single-flight, and on a PostgreSQL server before the API listens. (PGlite has
// one session and serialises requests: no race; its provisioning stays on the first request, off the
// cold start.)
import type { Connection } from '@supabase/lite';

type RlsConnection = { ensureRlsContext?: () => Promise<boolean> };

/** Makes lite's RLS provisioning single-flight on this connection; returns a function running it. */
export function singleFlightRlsProvisioning(connection: Connection): () => Promise<void> {
  const conn = connection as unknown as RlsConnection;
  const original = conn.ensureRlsContext?.bind(conn);
  if (!original) return async () => {};
  let pending: Promise<boolean> | null = null;
  conn.ensureRlsContext = () => {
    pending ??= original().catch((e: unknown) => {
      pending = null; // a failure (e.g. the database restarting) is retried by the next request
      throw e;
    });
    return pending;
  };
  return async () => {
    await conn.ensureRlsContext!();
  };
}
