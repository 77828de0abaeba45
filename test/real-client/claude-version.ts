import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// Not run-claude.ts's: it imports this module.
const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

function declared(name: string): string {
  const source = readFileSync(join(REPO_ROOT, 'scripts', 'install-claude-code.mjs'), 'utf8');
  const m = new RegExp(`export const ${name} = '([^']+)'`).exec(source);
  if (!m) throw new Error(`scripts/install-claude-code.mjs does not declare ${name}`);
  return m[1]!;
}

/** The pinned Claude Code version, read from the installer so there is one place to change it. */
export const CLAUDE_CODE_VERSION: string = declared('CLAUDE_CODE_VERSION');
/**
 * The newest Claude Code: the registry's latest, as the suite's runner asked
 * it (CONTINUITY_CLAUDE_CODE_NEWEST), else asked here by the installer
 * (`--print-newest`: `npm view` with a short timeout, the installer's
 * CLAUDE_CODE_NEWEST offline), and passed on to the installs this process starts.
 */
export const CLAUDE_CODE_NEWEST: string = newest();

function newest(): string {
  const given = process.env.CONTINUITY_CLAUDE_CODE_NEWEST;
  if (given) return given;
  const r = spawnSync(process.execPath, [join(REPO_ROOT, 'scripts', 'install-claude-code.mjs'), '--print-newest'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const version = r.status === 0 ? r.stdout.trim() : declared('CLAUDE_CODE_NEWEST');
  process.env.CONTINUITY_CLAUDE_CODE_NEWEST = version;
  return version;
}
/** Both, for the scenarios that run on every version: the pinned one first. */
export const CLAUDE_CODE_VERSIONS: readonly string[] = [...new Set([CLAUDE_CODE_VERSION, CLAUDE_CODE_NEWEST])];

/**
 * The Claude Code this run of the suite checks: `npm run test:real-client`
 * (scripts/test-real-client.mjs) runs every scenario once per version in
 * CLAUDE_CODE_VERSIONS, naming it in CONTINUITY_REAL_CLIENT_CLAUDE (pinned or
 * newest); the pinned one when it is not set.
 */
export const CLAUDE_UNDER_TEST: { which: 'pinned' | 'newest'; version: string } =
  process.env.CONTINUITY_REAL_CLIENT_CLAUDE === 'newest' ? { which: 'newest', version: CLAUDE_CODE_NEWEST } : { which: 'pinned', version: CLAUDE_CODE_VERSION };
