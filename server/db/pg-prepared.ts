// On a PostgreSQL server, lite's queries go through kysely-postgres-js, which runs every statement
// with postgres.js's `unsafe(text, parameters)`: an unnamed statement (postgres.js prepares only
// the queries written as tagged templates). A statement with parameters then costs two round trips
// (Parse + Describe, wait for the parameter types, then Bind + Execute) and is parsed and planned
// again each time. An RPC's request ran 13 round trips this way (PostgreSQL's statement log:
// the caller's user and session lookups, BEGIN, the two settings statements, the call, the
// response settings read, COMMIT); writes to PostgreSQL's socket were 27 % of the backend's CPU
// profile with 100 users pushing (bench:load).
//
// `prepareStatements` makes those statements named prepared statements, cached per connection by
// postgres.js (one round trip each once prepared, planned by PostgreSQL's plan cache), within a
// bound: the first `limit` distinct statement texts of the process only (the app's own statements
// come first and come back; a client sending endless shapes of REST queries gets unnamed
// statements past the bound, as before, and cannot make each pooled connection keep them all).
// Statements without parameters (BEGIN, COMMIT...) keep the simple protocol (one round trip).
// A DATABASE_URL with `?prepare=false` (a transaction-mode pooler that has no prepared statements)
// turns postgres.js's `prepare` off: then nothing is prepared, as before.
import { liteDriver, wrapReserved, type Sql, type Unsafe } from './pg-driver';

/** Distinct statement texts prepared by one process (each pooled connection keeps at most these). */
export const PREPARED_STATEMENTS_LIMIT = 200;

function preparing(sql: Sql, known: Set<string>, limit: number): Sql {
  const unsafe = sql.unsafe;
  sql.unsafe = function (this: unknown, text, parameters, options) {
    const withParameters = Array.isArray(parameters) && parameters.length > 0;
    const prepare =
      withParameters &&
      !(options && 'prepare' in options) &&
      (known.has(text) || (known.size < limit && Boolean(known.add(text))));
    return prepare
      ? unsafe.call(this, text, parameters, { ...options, prepare: true })
      : unsafe.call(this, text, parameters, options);
  } as Unsafe;
  return sql;
}

/** Prepares lite's statements with parameters on `connection` (a lite PostgresConnection). */
export function prepareStatements(connection: unknown, limit = PREPARED_STATEMENTS_LIMIT): boolean {
  const driver = liteDriver(connection);
  if (!driver) return false;
  const known = new Set<string>();
  preparing(driver, known, limit);
  wrapReserved(driver, (reserved) => preparing(reserved, known, limit));
  return true;
}
