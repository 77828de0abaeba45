// The plumbing the scripted model servers share: a free port on 127.0.0.1,
// and a close that ends open connections and pending answers, run by itself
// after the server's lifetime so that no test leaves one behind; and a
// request's body, read whole.
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface Loopback {
  url: string;
  close(): Promise<void>;
}

export async function listenOnLoopback(server: Server, opts: { lifetimeMs: number; timers: Set<NodeJS.Timeout> }): Promise<Loopback> {
  const sockets = new Set<Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => ok());
  });
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | null = null;
  const close = (): Promise<void> =>
    (closing ??= new Promise<void>((ok) => {
      clearTimeout(lifetime);
      for (const t of opts.timers) clearTimeout(t);
      server.close(() => ok());
      for (const s of sockets) s.destroy();
    }));
  const lifetime = setTimeout(() => void close(), opts.lifetimeMs);
  lifetime.unref();
  return { url: `http://127.0.0.1:${port}`, close };
}

/** Reads a request's body whole, then hands it over: the JSON it holds (its text when it is not JSON, null when empty), and its text. */
export function readBody(req: IncomingMessage, handle: (body: any, raw: string) => void): void {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const raw = Buffer.concat(chunks).toString('utf8');
    let body: any = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      body = raw;
    }
    handle(body, raw);
  });
}
