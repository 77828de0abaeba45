import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
// Imported statically so the bundler inlines its JavaScript (a dozen CommonJS
// files fewer to resolve per hook call); the native addon is loaded by path.
import Database from 'better-sqlite3';
import { wrapDatabase, type DriverFactory } from '../driver.js';

/** better-sqlite3: the driver for Node versions without node:sqlite (Node 20). */
export function loadBetterSqlite3(): DriverFactory {
  const nativeBinding = locateAddon(createRequire(import.meta.url));
  // Without it better-sqlite3 would fall back to the `bindings` package, which
  // cannot run inside an ES module bundle; saying so here lets the driver
  // selection report it (e.g. the Claude Code plugin's CLI on Node 20).
  if (!nativeBinding) throw new Error('its native addon (better_sqlite3.node) is not installed where continuity can find it');
  return (path, opts) => {
    const db = new Database(path, { fileMustExist: !!opts.mustExist, readonly: !!opts.readonly, nativeBinding });
    return wrapDatabase('better-sqlite3', db as unknown as Parameters<typeof wrapDatabase>[1]);
  };
}

const ADDON = join('better-sqlite3', 'build', 'Release', 'better_sqlite3.node');

// better-sqlite3 finds its addon with the `bindings` package, which probes a
// dozen paths on every start. The bundle sits in dist/ (or a folder below it)
// of the installed package, so the addon is first looked for beside it, then
// through Node's resolution.
function locateAddon(require: NodeJS.Require): string | undefined {
  const here = dirname(fileURLToPath(import.meta.url));
  for (const up of ['..', join('..', '..')]) {
    const candidate = join(here, up, 'node_modules', ADDON);
    if (existsSync(candidate)) return candidate;
  }
  try {
    const addon = join(dirname(dirname(require.resolve('better-sqlite3/package.json'))), ADDON);
    return existsSync(addon) ? addon : undefined;
  } catch {
    return undefined;
  }
}
