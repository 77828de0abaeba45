
/**
 * True when running as the compiled executable, whose modules live in Bun's
 * embedded file system (`file:///$bunfs/…`, on Windows `file:///B:/~BUN/…`).
 * Read from the URL by hand rather than with node:url's fileURLToPath: every
 * hook call asks (src/util/running-program.ts), and in the compiled hook
 * loading node:url costs close to a millisecond per call.
 */
export function isCompiled(moduleUrl: string): boolean {
  if (!moduleUrl.startsWith('file:')) return false;
  // The compiled executable's own URLs on Linux and macOS, taken without the URL parser (whose first use costs a fifth of a
  // millisecond there): nothing in them that the parser would decode or resolve (`%`, `\`, `.` segments, a query).
  // Tested with string methods, not a regular expression: its first use compiles it, at every hook call.
  if (moduleUrl.startsWith('file:///$bunfs/') && !moduleUrl.includes('%') && !moduleUrl.includes('\\') && !moduleUrl.includes('?') && !moduleUrl.includes('#') && !moduleUrl.includes('/.')) return true;
  let path: string;
  try {
    path = decodeURIComponent(new URL(moduleUrl).pathname);
  } catch {
    return false;
  }
  return path.startsWith('/$bunfs/') || /^\/?[A-Z]:[\\/]~BUN[\\/]/i.test(path);
}
