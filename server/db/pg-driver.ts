// lite's PostgresConnection runs its statements through postgres.js (`connection.driver`): the
// pool's `unsafe(text, parameters)` for a statement alone, and a connection from `reserve()` for a
// transaction (kysely-postgres-js). server/db/pg-prepared.ts and server/db/pg-pipeline.ts change how
// those statements are sent; this is where both reach them.
export type Unsafe = (
  text: string,
  parameters?: unknown[],
  options?: Record<string, unknown>,
) => unknown;
export type Sql = { unsafe: Unsafe; reserve?: () => Promise<Sql> };
export type Driver = Sql & { reserve: () => Promise<Sql> };

/** The postgres.js driver of a lite PostgresConnection, or null (not one, or another lite). */
export function liteDriver(connection: unknown): Driver | null {
  const driver = (connection as { driver?: Sql } | null)?.driver;
  if (!driver || typeof driver.unsafe !== 'function' || typeof driver.reserve !== 'function')
    return null;
  return driver as Driver;
}

/** Gives every connection reserved from now on (lite's transactions) to `wrap` first. */
export function wrapReserved(driver: Driver, wrap: (reserved: Sql) => Sql): void {
  const reserve = driver.reserve.bind(driver);
  driver.reserve = async () => wrap(await reserve());
}
