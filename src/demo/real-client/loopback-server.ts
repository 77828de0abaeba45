// The plumbing the scripted model servers share: a free port on 127.0.0.1,
// and a close that ends open connections and pending answers, run by itself
// after the server's lifetime so that no test leaves one behind.
import type { Server } from 'node:http';
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
