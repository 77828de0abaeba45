import { writeSync } from 'node:fs';

/**
 * Writes all of `text` to a file descriptor (1: stdout, 2: stderr) directly.
 * A hook writes one answer and exits; creating process.stdout would load the
 * stream machinery for that one write (several milliseconds under Bun). A
 * pipe the reader has not drained yet answers EAGAIN; the write is retried.
 */
export function writeFd(fd: 1 | 2, text: string): void {
  // Encoded by TextEncoder, not Buffer.from: the same bytes, without Buffer's string encoding, which a hook call pays for at its first use (Bun).
  let buffer = new TextEncoder().encode(text);
  let pause: Int32Array | undefined;
  while (buffer.length > 0) {
    try {
      buffer = buffer.subarray(writeSync(fd, buffer));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') throw err;
      pause ??= new Int32Array(new SharedArrayBuffer(4));
      Atomics.wait(pause, 0, 0, 2);
    }
  }
}
