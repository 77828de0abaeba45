/**
 * continuity's own wall where the project, the home and the temporary folder
 * are reached through a linked folder (a home on another disk, a checkout
 * whose parent is a link): the command runs, the agent's work and git go
 * on, and what the wall keeps read-only stays read-only. End to end: the
 * real `continuity hook gemini` wraps each command, which then runs as
 * Gemini CLI runs it (`bash -c`) in real bubblewrap.
 */
import assert from 'node:assert/strict';
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { runCli } from '../helpers/cli.js';
import { agentHook, PLAN } from '../helpers/agent-hook.js';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'agents', 'gemini-cli-0.61.0');
// Outside the temporary folder: the links under test are the only way to these folders.
const HOMES = join(import.meta.dirname, '..', '..', 'node_modules', '.cache', 'continuity-wall-homes');
mkdirSync(HOMES, { recursive: true });
const REAL = mkdtempSync(join(HOMES, 'linked-'));
const LINKED = `${REAL}-link`;
symlinkSync(REAL, LINKED);
after(() => {
  rmSync(LINKED, { force: true });
  rmSync(REAL, { recursive: true, force: true });
});
const PROJECT = join(LINKED, 'project');
const HOME = join(LINKED, 'home');
const STATE = join(LINKED, 'state');
const NPX_BIN = ['.npm', '_npx', '1415fee72ff6294b', 'node_modules', 'cowsay', 'bin', 'cowsay'];
const GIT_ID = { GIT_AUTHOR_NAME: 'a', GIT_AUTHOR_EMAIL: 'a@example.com', GIT_COMMITTER_NAME: 'a', GIT_COMMITTER_EMAIL: 'a@example.com' };
const env = (): NodeJS.ProcessEnv => ({ ...process.env, CONTINUITY_STATE_HOME: STATE, HOME, TMPDIR: join(HOME, 'tmp'), ...GIT_ID });

for (const dir of [PROJECT, join(HOME, 'tmp'), STATE, join(HOME, ...NPX_BIN.slice(0, -1))]) mkdirSync(dir, { recursive: true });
writeFileSync(join(HOME, ...NPX_BIN), "#!/bin/sh\necho the person's copy\n", { mode: 0o755 });
mkdirSync(join(PROJECT, 'docs', 'plans'), { recursive: true });
writeFileSync(join(PROJECT, 'docs', 'plans', 'payments-export.md'), PLAN);
mkdirSync(join(PROJECT, '.gemini'));
writeFileSync(join(PROJECT, '.gemini', 'settings.json'), '{"hooks":{"BeforeTool":[{"hooks":[{"type":"command","command":"continuity hook gemini"}]}]}}\n');
for (const c of ['git init -q', 'git add -A', 'git commit -qm one']) assert.equal(spawnSync('bash', ['-c', c], { cwd: PROJECT, env: env() }).status, 0, c);
assert.equal(runCli(['plan', 'import', 'docs/plans/payments-export.md'], { cwd: PROJECT, env: { CONTINUITY_STATE_HOME: STATE, HOME } }).code, 0);

/** One shell call of the agent, wrapped by the hook, run as Gemini CLI runs it. */
function inWall(command: string): SpawnSyncReturns<string> {
  const p = JSON.parse(readFileSync(join(FIXTURES, 'before-tool-run-shell-command.json'), 'utf8')) as Record<string, unknown>;
  const r = agentHook('gemini', PROJECT, { ...p, cwd: PROJECT, transcript_path: join(PROJECT, '.gemini-chat.jsonl'), tool_input: { ...(p.tool_input as object), command } }, { GEMINI_PROJECT_DIR: PROJECT, CONTINUITY_STATE_HOME: STATE, HOME, TMPDIR: join(HOME, 'tmp') });
  assert.equal(r.code, 0, r.stderr);
  const wrapped = String((r.out?.hookSpecificOutput as { tool_input?: { command?: string } } | undefined)?.tool_input?.command);
  assert.match(wrapped, /^\/\S*bwrap /, JSON.stringify(r.out));
  return spawnSync('bash', ['-c', wrapped], { cwd: PROJECT, encoding: 'utf8', env: env() });
}

test("through a linked folder, continuity's own wall runs the agent's command: its work, git add and commit, a temporary file", () => {
  const r = inWall('echo two > b.txt && git add b.txt && git commit -qm two && echo x > "$TMPDIR/t" && git log --oneline | wc -l');
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, '2\n');
  assert.equal(readFileSync(join(PROJECT, 'b.txt'), 'utf8'), 'two\n');
});

test("through a linked folder, what the wall keeps read-only stays so: git's config, continuity's ledger, the person's npx copy", () => {
  const config = readFileSync(join(PROJECT, '.git', 'config'), 'utf8');
  // Scripts whose target is built at run time: only the wall stands in their way.
  for (const [i, target] of ["['.git', 'config']", "['.continuity', 'forged']", `[process.env.HOME, ${NPX_BIN.map((s) => `'${s}'`).join(', ')}]`].entries()) {
    writeFileSync(join(PROJECT, `attack-${i}.cjs`), `require('fs').writeFileSync(${target}.join('/'), 'x');\n`);
    const r = inWall(`node attack-${i}.cjs`);
    assert.notEqual(r.status, 0, `${target} was written: ${r.stdout}${r.stderr}`);
    // npx's folder is the call's own empty one: the person's package is not even there to write to.
    assert.match(r.stderr, /EROFS|ENOENT/, target);
  }
  assert.equal(readFileSync(join(PROJECT, '.git', 'config'), 'utf8'), config);
  assert.equal(existsSync(join(PROJECT, '.continuity', 'forged')), false);
  assert.equal(readFileSync(join(HOME, ...NPX_BIN), 'utf8'), "#!/bin/sh\necho the person's copy\n");
});
