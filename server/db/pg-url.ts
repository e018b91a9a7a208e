// DATABASE_URL in libpq's form for a Unix-domain socket (PostgreSQL's own local connection, no TCP):
//   postgresql:///budget?host=/var/run/postgresql
//   postgresql:///budget?host=/var/run/postgresql&port=5433&user=budget&password=...
// postgres.js takes a socket only from its `host` option or PGHOST, and sends every URL parameter
// it does not know as a server setting at start-up (`host` or `user` there fails the connection).
// So, when `host` is a folder, these parameters are taken out of the URL and given as options.
// Any other URL is passed on unchanged.

export type PgUrlOptions = {
  url: string;
  options: { host?: string; port?: number; username?: string; password?: string };
};

export function pgUrlOptions(raw: string): PgUrlOptions {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { url: raw, options: {} };
  }
  const host = url.searchParams.get('host');
  if (!host || !host.startsWith('/')) return { url: raw, options: {} };
  const options: PgUrlOptions['options'] = { host };
  const port = url.searchParams.get('port');
  if (port !== null) {
    // A mistyped port fails the start here, not by reaching another server on 5432.
    if (!/^\d{1,5}$/.test(port) || Number(port) < 1 || Number(port) > 65535)
      throw new Error(`Invalid port in DATABASE_URL: ${port}`);
    options.port = Number(port);
  }
  const user = url.searchParams.get('user');
  if (user) options.username = user;
  const password = url.searchParams.get('password');
  if (password) options.password = password;
  for (const k of ['host', 'port', 'user', 'password']) url.searchParams.delete(k);
  return { url: url.toString(), options };
}
