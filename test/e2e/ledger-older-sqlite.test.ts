/**
 * The ledger opens on a SQLite older than 3.46, whose parser has a stack of
 * fixed depth (100): the system SQLite of macOS, which Bun's `bun:sqlite` uses
 * there, and Debian's `sqlite3` shell (3.40), which scripts/install-sandbox-tools.mjs
 * installs for this test. A schema statement nested too deeply there makes the
 * whole schema fail to load ("malformed database schema ... parser stack
 * overflow"), so this runs that shell on a ledger written through the real CLI:
 * it reads the events through the view, and writes one through the view's
 * insert trigger (packing and pairing included) that continuity reads back.
 * Needs `node scripts/build.mjs` first (scripts/test.mjs does it).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { hook, runCli, tempProject } from '../helpers/cli.js';

const PLAN = '# Plan\n\n### Task 1: One\n\nDo it.\n\n### Task 2: Two\n\nDo that.\n';

function sqlite3(db: string, sql: string): string {
  const r = spawnSync('sqlite3', [db, sql], { encoding: 'utf8' });
  assert.equal(r.error, undefined, `Debian's sqlite3 shell runs (node scripts/install-sandbox-tools.mjs installs it): ${r.error?.message}`);
  assert.equal(r.status, 0, r.stderr);
  return r.stdout.trim();
}

test("a ledger written by continuity loads, reads and takes an insert on Debian's sqlite3 (a parser of fixed depth)", () => {
  const version = sqlite3(':memory:', 'SELECT sqlite_version()');
  const project = tempProject({ 'docs/plan.md': PLAN });
  assert.equal(runCli(['plan', 'import', 'docs/plan.md'], { cwd: project }).code, 0);
  const file_path = join(project, 'src', 'a.ts');
  const content = `export const a = 1;\n${'// filler\n'.repeat(60)}`;
  const call = { tool_name: 'Write', tool_use_id: 'toolu_01older', tool_input: { file_path, content } };
  assert.equal(hook(project, { hook_event_name: 'PreToolUse', ...call }).code, 0);
  assert.equal(hook(project, { hook_event_name: 'PostToolUse', ...call, tool_response: { type: 'create', filePath: file_path, content, structuredPatch: [], originalFile: null } }).code, 0);
  assert.equal(runCli(['status'], { cwd: project }).code, 0);
  const db = join(project, '.continuity', 'ledger.db');

  // Read through the view: the Post's input comes back whole (its Pre's part joined back, unpacked).
  const post = JSON.parse(sqlite3(db, "SELECT input FROM events WHERE kind = 'PostToolUse' ORDER BY id DESC LIMIT 1")) as { tool_input: { file_path: string }; tool_response: { filePath: string } };
  assert.equal(post.tool_input.file_path, file_path, `SQLite ${version}`);
  assert.equal(post.tool_response.filePath, file_path);

  // Written through the view's insert trigger by that SQLite, read back by continuity.
  const input = JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'ls', description: 'List' }, tool_use_id: 'toolu_01byshell' });
  sqlite3(db, `INSERT INTO events (at, source, kind, session_id, input, decision, client) VALUES ('2026-11-26T12:00:00.000Z', 'hook:claude-code', 'PreToolUse', 'session-shell', '${input}', '{"action":"none","output":null}', 'claude-code')`);
  const log = runCli(['log', '--json', '--limit', '50'], { cwd: project });
  assert.equal(log.code, 0, log.stderr);
  const written = log.stdout.trim().split('\n').map((l) => JSON.parse(l) as { sessionId?: string; session_id?: string; input: unknown }).find((e) => (e.sessionId ?? e.session_id) === 'session-shell');
  assert.deepEqual(written?.input, JSON.parse(input));
});
