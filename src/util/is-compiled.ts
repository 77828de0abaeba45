/**
 * True when running as the compiled executable, whose modules live in Bun's
 * embedded file system (`file:///$bunfs/…`, on Windows `file:///B:/~BUN/…`).
 * Read from the URL by hand rather than with node:url's fileURLToPath: every
 * hook call asks (src/util/running-program.ts), and in the compiled hook
 * loading node:url costs close to a millisecond per call.
 */
export function isCompiled(moduleUrl: string): boolean {
  if (!moduleUrl.startsWith('file:')) return false;
  let path: string;
  try {
    path = decodeURIComponent(new URL(moduleUrl).pathname);
  } catch {
    return false;
  }
  return path.startsWith('/$bunfs/') || /^\/?[A-Z]:[\\/]~BUN[\\/]/i.test(path);
}
