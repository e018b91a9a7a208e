// On a PostgreSQL server, every statement of a lite transaction is awaited before the next one is
// sent (kysely runs a transaction's queries one at a time), so each is a round trip, even those
// whose answer nobody reads: kysely's `begin`, and the request settings (server/db/request-context.ts).
// An RPC's request was BEGIN, the settings, the call, the response settings read and COMMIT: five
// round trips inside the transaction.
//
// `pipelineStatements` sends such a statement at once but answers without waiting: the next
// statement of the transaction, sent right after on the same reserved connection, goes in the same
// write (postgres.js pipelines the queries of a connection), and its answer waits for the ones
// before it. PostgreSQL runs them in order; if one of them fails, the error thrown is the first
// one, with the next statement's answer (a failed statement aborts the transaction, so what follows
// fails too: nothing runs outside it or past an error). An RPC now takes three round trips in its
// transaction: BEGIN + settings + call, the response settings read, COMMIT.
// The next statement's answer is then a plain promise: a cursor (kysely's stream) right after one
// of these would fail with kysely-postgres-js's "does not support streaming"; lite streams nothing.
import { liteDriver, wrapReserved, type Sql, type Unsafe } from './pg-driver';

/** What kysely-postgres-js reads of an answer (command, count, rows): none of it is used. */
const unread = (command: string) => Object.freeze(Object.assign([], { command, count: 0 }));

function pipelining(sql: Sql, unanswered: (text: string) => boolean): Sql {
  const unsafe = sql.unsafe;
  let sent: Promise<unknown>[] = [];
  sql.unsafe = function (this: unknown, text, parameters, options) {
    if (!options && unanswered(text)) {
      // Promise.resolve calls the query's then(): postgres.js sends it now.
      const answer = Promise.resolve(unsafe.call(this, text, parameters, options));
      answer.catch(() => undefined); // awaited with the next statement
      sent.push(answer);
      return Promise.resolve(unread(text === 'begin' ? 'BEGIN' : 'SELECT'));
    }
    const answer = unsafe.call(this, text, parameters, options);
    if (sent.length === 0) return answer;
    const before = sent;
    sent = [];
    return Promise.all([...before, answer]).then((answers) => answers.at(-1));
  } as Unsafe;
  return sql;
}

/**
 * Pipelines, on `connection`'s reserved connections (lite's transactions), kysely's `begin` and the
 * statements `unanswered` names with the statement that follows them.
 */
export function pipelineStatements(
  connection: unknown,
  unanswered: (text: string) => boolean,
): boolean {
  const driver = liteDriver(connection);
  if (!driver) return false;
  const pipelined = (text: string) => text === 'begin' || unanswered(text);
  wrapReserved(driver, (reserved) => pipelining(reserved, pipelined));
  return true;
}
