/**
 * continuity's own wall around OpenClaw's exec, end to end: the plugin in
 * process (OpenClaw's plugin API stood in for, hook shapes as captured from
 * OpenClaw 2026.9.6) answers before_tool_call with `params` whose command is
 * wrapped in bubblewrap; the command is then run as OpenClaw's host exec runs
 * it ($SHELL --noprofile --norc -c, OPENCLAW_SHELL=exec, the gateway's
 * environment), for real, in a throwaway project: the gateway's token and
 * config are out of reach, continuity's state is read-only, a shell left
 * running (exec's background and pty forms) is inside the wall too.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { registerContinuity } from '../../src/adapters/openclaw/plugin.js';
import { cliCommand, runCli } from '../helpers/cli.js';
import { events, PLAN, planState } from '../helpers/agent-hook.js';

type Handler = (event: unknown, ctx: unknown) => Promise<any>;
const TOKEN = 'gateway-token-0123456789';
const GATEWAY_CONFIG = `{ "gateway": { "auth": { "token": "${TOKEN}" } }, "plugins": { "allow": ["continuity"] } }\n`;
const write = (target: string) => `require('fs').writeFileSync(${target}, 'x');\n`;
const SCRIPTS = {
  'ledger.cjs': write(`['.conti', 'nuity', '/x'].join('')`),
  'gateway.cjs': write(`require('path').join(process.env.OPENCLAW_STATE_DIR, 'open' + 'claw.json')`),
};

/** An OpenClaw state folder, its workspace holding the project (OpenClaw's default layout), the plugin registered with the gateway's environment. */
function setUp() {
  const base = mkdtempSync(join(tmpdir(), 'continuity-openclaw-wall-'));
  const stateDir = join(base, 'home', '.openclaw');
  const project = join(stateDir, 'workspace');
  mkdirSync(join(project, '.git'), { recursive: true });
  mkdirSync(join(project, 'docs', 'plans'), { recursive: true });
  writeFileSync(join(project, 'docs', 'plans', 'payments-export.md'), PLAN);
  for (const [name, text] of Object.entries(SCRIPTS)) writeFileSync(join(project, name), text);
  writeFileSync(join(stateDir, 'openclaw.json'), GATEWAY_CONFIG);
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: join(base, 'home'), SHELL: '/bin/bash', OPENCLAW_STATE_DIR: stateDir, OPENCLAW_GATEWAY_TOKEN: TOKEN, CONTINUITY_STATE_HOME: join(base, 'continuity-state') };
  const r = runCli(['plan', 'import', 'docs/plans/payments-export.md'], { cwd: project, env });
  assert.equal(r.code, 0, r.stderr);
  const hooks: Record<string, Handler> = {};
  registerContinuity({ on: (name, handler) => void (hooks[name] = handler as Handler), logger: { warn: () => {} } }, { env });
  return { base, stateDir, project, env, hooks };
}

let n = 0;
type World = ReturnType<typeof setUp>;

async function session(w: World, text = 'Go on.') {
  const ctx = { runId: `run-${++n}`, agentId: 'main', sessionKey: 'agent:main:main', sessionId: `sid-${n}`, workspaceDir: w.project, trigger: 'user' };
  const built = await w.hooks.before_prompt_build!({ prompt: text, messages: [] }, ctx);
  await w.hooks.before_agent_run!({ prompt: text, messages: [], senderIsOwner: true }, ctx);
  return { ctx, built };
}

/** before_tool_call of exec: OpenClaw's merged parameters (`{ ...params, ...returned }`). */
async function before(w: World, ctx: Record<string, unknown>, params: Record<string, unknown>, id: string) {
  const tool = { toolName: 'exec', agentId: 'main', sessionKey: ctx.sessionKey, sessionId: ctx.sessionId, runId: ctx.runId, toolCallId: id };
  const r = await w.hooks.before_tool_call!({ toolName: 'exec', params, runId: ctx.runId, toolCallId: id }, tool);
  assert.notEqual(r?.block, true, r?.blockReason);
  const merged = { ...params, ...r?.params };
  assert.match(String(merged.command), /^\/\S*bwrap /);
  return { merged, tool };
}

/** One exec call: before, the wrapped command run as OpenClaw's host exec runs it, after (with the parameters as they ran). */
async function exec(w: World, ctx: Record<string, unknown>, command: string, id = `call-${++n}`) {
  const { merged, tool } = await before(w, ctx, { command, workdir: w.project }, id);
  const r = spawnSync('/bin/bash', ['--noprofile', '--norc', '-c', String(merged.command)], { cwd: w.project, encoding: 'utf8', env: { ...w.env, OPENCLAW_SHELL: 'exec' } });
  await w.hooks.after_tool_call!({ toolName: 'exec', params: merged, runId: ctx.runId, toolCallId: id, result: { content: [{ type: 'text', text: r.stdout }], details: { status: 'completed', exitCode: r.status } } }, tool);
  return r;
}

const cli = (args: string) => `${[cliCommand([]).cmd, ...cliCommand([]).args].map((a) => `'${a}'`).join(' ')} ${args}`;

test("OpenClaw: exec's command comes back as params wrapped in continuity's wall: the gateway's token and config are out of reach, continuity's state read-only", async () => {
  const w = setUp();
  const { ctx } = await session(w);
  const token = await exec(w, ctx, 'echo "env=[$OPENCLAW_GATEWAY_TOKEN]"; cat "$OPENCLAW_STATE_DIR/openclaw.json"; ls -A "$OPENCLAW_STATE_DIR"');
  assert.match(token.stdout, /^env=\[\]\nworkspace\n$/);
  assert.match(token.stderr, /No such file or directory/);
  assert.ok(!token.stdout.includes(TOKEN));
  for (const script of ['ledger.cjs', 'gateway.cjs']) await exec(w, ctx, `node ${script}`);
  assert.equal(existsSync(join(w.project, '.continuity', 'x')), false);
  assert.equal(readFileSync(join(w.stateDir, 'openclaw.json'), 'utf8'), GATEWAY_CONFIG);
  // The records keep the command the agent asked for, before and after.
  const posts = (await events(w.project)).filter((e) => e.kind === 'PostToolUse').map((e) => (e.input as { tool_input: { command: string } }).tool_input.command);
  assert.ok(posts.includes('node gateway.cjs'));
  assert.ok(posts.every((c) => !c.includes('bwrap')));
});

test('OpenClaw: a shell left running (background, pty) takes commands inside the wall; a detached job too', async () => {
  const w = setUp();
  const { ctx } = await session(w);
  // exec with background/pty: the process OpenClaw keeps is the wrapped shell; the process tool writes to its stdin.
  const { merged } = await before(w, ctx, { command: 'bash', background: true, pty: true, workdir: w.project }, 'call-bg');
  assert.equal(merged.background, true);
  assert.equal(merged.pty, true);
  const shell = spawn('script', ['-qfec', String(merged.command), '/dev/null'], { cwd: w.project, env: { ...w.env, OPENCLAW_SHELL: 'exec' }, stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  shell.stdout.on('data', (d) => (out += d));
  shell.stdin.write("node ledger.cjs; echo token=[$OPENCLAW_GATEWAY_TOKEN]; nohup sh -c 'sleep 1; node ledger.cjs' > job.log 2>&1 &\nexit\n");
  await new Promise((done) => shell.on('close', done));
  await new Promise((done) => setTimeout(done, 2000));
  assert.match(out, /EROFS|read-only file system/i);
  assert.match(out, /token=\[\]/);
  assert.equal(existsSync(join(w.project, '.continuity', 'x')), false);
  assert.match(readFileSync(join(w.project, 'job.log'), 'utf8'), /read-only file system/i);
});

test('OpenClaw: inside the wall ordinary work works (a workspace write, git) and continuity task done goes through the inbox; the operator still approves', async () => {
  const w = setUp();
  const { ctx } = await session(w, 'approve');
  assert.equal(planState(w.project), 'approved');
  // The repository is the person's to make (a `git init` in place writes git's config and hooks, which the agent may not): made at their terminal.
  assert.equal(spawnSync('git', ['init', '-q'], { cwd: w.project }).status, 0);
  const work = await exec(w, ctx, `echo "it's done" > notes.txt && git add notes.txt && git -c user.email=a@example.com -c user.name=a commit -qm notes && git log --oneline | wc -l`);
  assert.equal(work.status, 0, work.stderr);
  assert.equal(work.stdout, '1\n');
  const done = await exec(w, ctx, cli('task done 1'));
  assert.equal(done.status, 0, done.stderr);
  assert.match(done.stdout, /request waits in \.continuity-inbox/);
  const tasks = JSON.parse(runCli(['plan', 'show', '--json'], { cwd: w.project, env: w.env }).stdout).tasks as { id: string; state: string }[];
  assert.equal(tasks.find((t) => t.id === '1')?.state, 'complete');
});

test("OpenClaw: code mode's exec (JavaScript) is not wrapped as a shell command", async () => {
  const w = setUp();
  const { ctx } = await session(w);
  const tool = { toolName: 'exec', agentId: 'main', sessionKey: ctx.sessionKey, sessionId: ctx.sessionId, runId: ctx.runId, toolCallId: 'call-js' };
  const r = await w.hooks.before_tool_call!({ toolName: 'exec', toolKind: 'code_mode_exec', params: { command: 'return 1', code: 'return 1' }, runId: ctx.runId, toolCallId: 'call-js' }, tool);
  // Whatever else is said of the cell (the node:vm executor is refused), no bwrap command line is put in its place.
  assert.equal(r?.params, undefined);
});
