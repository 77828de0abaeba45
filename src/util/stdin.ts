import { readFileSync, readSync } from 'node:fs';

/**
 * Reads all of stdin synchronously. Hook payloads are small and arrive
 * complete; a synchronous read avoids the event-loop round trips of a stream.
 * An absent or closed stdin reads as "".
 */
export function readStdin(): string {
  try {
    return readFileSync(0, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EAGAIN') return readNonBlockingStdin();
    if (code === 'EOF' || code === 'ENXIO' || code === 'EBADF') return '';
    throw err;
  }
}

// A non-blocking stdin (some terminals and spawners) answers EAGAIN until data arrives.
function readNonBlockingStdin(): string {
  const chunks: Buffer[] = [];
  const buf = Buffer.alloc(65536);
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    let n: number;
    try {
      n = readSync(0, buf, 0, buf.length, null);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') {
        Atomics.wait(pause, 0, 0, 5);
        continue;
      }
      if (code === 'EOF') break;
      throw err;
    }
    if (n === 0) break;
    chunks.push(Buffer.from(buf.subarray(0, n)));
  }
  return Buffer.concat(chunks).toString('utf8');
}
