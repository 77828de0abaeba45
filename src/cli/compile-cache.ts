import * as nodeModule from 'node:module';

/**
 * Node ≥ 22.1 can cache compiled code between runs; a hook starts hundreds of
 * times an hour, so every start after the first skips compiling the bundle.
 * Older Node and Bun simply do without.
 */
export function enableCompileCache(): void {
  const enable = (nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache;
  if (typeof enable !== 'function' || process.env.NODE_DISABLE_COMPILE_CACHE) return;
  try {
    enable();
  } catch {
    // A read-only or missing cache directory only costs speed.
  }
}
