/**
 * A module's code, imported at its first use and the same promise given to
 * every later one. Node keeps a module once it is loaded, but an `import()`
 * still resolves its specifier again at each call: with loader hooks
 * registered (tsx running the sources) each resolution is a round trip to
 * the hooks' own thread, over 1 ms of the process's CPU a hook call in a
 * long-lived process that runs several (the OpenClaw plugin run in process
 * from the sources, bench/openclaw-plugin-outside-stages.ts). The bundles the
 * clients load (the gateway's openclaw/lib/index.js among them) inline these
 * imports and never paid this. A failed import is not kept: the next use
 * tries again, as a plain `import()` would.
 *
 * The loader stays a literal `import('./x.js')` at its call site, so that the
 * bundlers still see which module it loads.
 */
export function importedOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () =>
    (loading ??= load().catch((err: unknown) => {
      loading = null;
      throw err;
    }));
}
