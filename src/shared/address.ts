/**
 * The shared ledger's address, split into what the project may record (host,
 * port, database) and what it never does (user name and password). Pure.
 */
export interface SharedAddress {
  host: string;
  port: number;
  database: string;
}

export type ParsedUrl = { ok: true; address: SharedAddress; hasPassword: boolean } | { ok: false; why: string };

/**
 * A `postgres://` (or `postgresql://`) URL; the host may be a socket folder,
 * given as `?host=/path` as libpq allows. Written out here rather than taken
 * from pg-connection-string: the hook path must not load the client library,
 * and only three fields are needed.
 */
export function parseSharedUrl(text: string): ParsedUrl {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return { ok: false, why: 'not a URL (expected postgres://host:port/database)' };
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') return { ok: false, why: `the scheme is ${url.protocol.replace(/:$/, '')}, not postgres` };
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!database || database.includes('/')) return { ok: false, why: 'no database named (postgres://host:port/database)' };
  const socket = url.searchParams.get('host');
  const host = socket && socket.startsWith('/') ? socket : decodeURIComponent(url.hostname);
  if (!host) return { ok: false, why: 'no host named' };
  const port = url.port ? Number(url.port) : 5432;
  return { ok: true, address: { host, port, database }, hasPassword: url.password !== '' };
}

/** The address as said to a person: never a credential. */
export function describeAddress(a: SharedAddress): string {
  return a.host.startsWith('/') ? `${a.database} on the socket in ${a.host} (port ${a.port})` : `${a.database} on ${a.host}:${a.port}`;
}

/** Whether a URL found in the environment or a credentials file names the address the project records. */
export function sameAddress(a: SharedAddress, b: SharedAddress): boolean {
  return a.host === b.host && a.port === b.port && a.database === b.database;
}
