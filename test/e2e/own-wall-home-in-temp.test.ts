/**
 * continuity's own wall with the home folder inside the temporary folder
 * (HOME=/tmp/…, as in some containers) and continuity's state beside it:
 * the folder holding both is a mount point pinned writable (so no rename
 * puts a new file where a read-only one was), and npx's cache still gets the
 * call's own empty folder, the person's copy out of reach. End to end: the
 * real `continuity hook gemini` wraps the command, which then runs as
 * Gemini CLI runs it (`bash -c`) in real bubblewrap.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { runCli } from '../helpers/cli.js';
import { agentHook, PLAN } from '../helpers/agent-hook.js';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'agents', 'gemini-cli-0.61.0');
const BASE = mkdtempSync(join(tmpdir(), 'continuity-home-in-temp-'));
after(() => rmSync(BASE, { recursive: true, force: true }));
const PROJECT = join(BASE, 'project');
const HOME = join(BASE, 'home');
const STATE = join(BASE, 'state');
const NPX_BIN = ['.npm', '_npx', '1415fee72ff6294b', 'node_modules', 'cowsay', 'bin', 'cowsay'];
const PERSONS_COPY = "#!/bin/sh\necho the person's copy\n";

test("a home inside the temporary folder, continuity's state beside it: npx's cache inside the wall is the call's own, the person's copy is not written", () => {
  for (const dir of [join(PROJECT, 'docs', 'plans'), join(PROJECT, '.gemini'), STATE, join(HOME, ...NPX_BIN.slice(0, -1))]) mkdirSync(dir, { recursive: true });
  writeFileSync(join(HOME, ...NPX_BIN), PERSONS_COPY, { mode: 0o755 });
  writeFileSync(join(PROJECT, 'docs', 'plans', 'payments-export.md'), PLAN);
  writeFileSync(join(PROJECT, '.gemini', 'settings.json'), '{"hooks":{"BeforeTool":[{"hooks":[{"type":"command","command":"continuity hook gemini"}]}]}}\n');
  assert.equal(spawnSync('git', ['init', '-q'], { cwd: PROJECT }).status, 0);
  assert.equal(runCli(['plan', 'import', 'docs/plans/payments-export.md'], { cwd: PROJECT, env: { CONTINUITY_STATE_HOME: STATE, HOME } }).code, 0);
  // A script whose target is built at run time: only the wall stands in its way.
  writeFileSync(join(PROJECT, 'npx.cjs'), `require('fs').writeFileSync([process.env.HOME, ${NPX_BIN.map((s) => `'${s}'`).join(', ')}].join('/'), 'x');\n`);
  const p = JSON.parse(readFileSync(join(FIXTURES, 'before-tool-run-shell-command.json'), 'utf8')) as Record<string, unknown>;
  const r = agentHook('gemini', PROJECT, { ...p, cwd: PROJECT, transcript_path: join(PROJECT, '.gemini-chat.jsonl'), tool_input: { ...(p.tool_input as object), command: 'node npx.cjs' } }, { GEMINI_PROJECT_DIR: PROJECT, CONTINUITY_STATE_HOME: STATE, HOME });
  assert.equal(r.code, 0, r.stderr);
  const wrapped = String((r.out?.hookSpecificOutput as { tool_input?: { command?: string } } | undefined)?.tool_input?.command);
  // The folder holding the home and the state is pinned (an anchor of the state's read-only mount).
  assert.ok(wrapped.includes(`--bind-try ${BASE} ${BASE}`), wrapped);
  const run = spawnSync('bash', ['-c', wrapped], { cwd: PROJECT, encoding: 'utf8', env: { ...process.env, HOME, CONTINUITY_STATE_HOME: STATE } });
  assert.notEqual(run.status, 0, `npx's copy was written: ${run.stderr}`);
  // npx's folder is the call's own empty one: the person's package is not even there to write to.
  assert.match(run.stderr, /ENOENT/);
  assert.equal(readFileSync(join(HOME, ...NPX_BIN), 'utf8'), PERSONS_COPY);
});
