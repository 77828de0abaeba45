/**
 * The three clients whose hooks arrive through an extension, a plugin or a
 * hook file (pi, OpenCode, Copilot CLI), driven as each drives continuity:
 * its own captured payloads (test/fixtures/agents/), moved into a throwaway
 * project wired with `continuity init --agent <client>` and a home of its own.
 * A shell call is played whole: the Pre hook, the command it hands back (the
 * wall's) run for real with `bash -c`, then the Post hook.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from './cli.js';
import { agentHook, planProject } from './agent-hook.js';

export type NewerClient = 'pi' | 'opencode' | 'copilot';

export interface Wired {
  client: NewerClient;
  project: string;
  home: string;
  env: NodeJS.ProcessEnv;
}

const FIXTURES: Record<NewerClient, string> = { pi: 'pi-0.73.1', opencode: 'opencode-1.18.33', copilot: 'copilot-1.0.102' };
const COPILOT_CAPTURED_PROJECT = '/work/scratch-copilot/proj';

function fixture(client: NewerClient, name: string): Record<string, any> {
  return JSON.parse(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'agents', FIXTURES[client], `${name}.json`), 'utf8')) as Record<string, any>;
}

/** A project with a draft plan, wired for `client` by `continuity init`, its home beside it (`files`: more files, written first). */
export function wiredProject(client: NewerClient, files: Record<string, string> = {}): Wired {
  const project = planProject(files);
  const home = join(project, '..', `${project.split('/').pop()}-home`);
  mkdirSync(home, { recursive: true });
  const env: NodeJS.ProcessEnv = { HOME: home, XDG_CONFIG_HOME: join(home, '.config'), ...(client === 'copilot' ? { COPILOT_PROJECT_DIR: project } : {}) };
  const init = runCli(['init', '--agent', client], { cwd: project, env });
  assert.equal(init.code, 0, init.stderr);
  return { client, project, home, env };
}

function payload(w: Wired, kind: 'write' | 'bash-before' | 'bash-after', fields: { path?: string; content?: string; command?: string }): Record<string, any> {
  if (w.client === 'pi') {
    const p = fixture('pi', kind === 'write' ? 'tool-call-write' : kind === 'bash-before' ? 'tool-call-bash' : 'tool-result-bash');
    p.session_id = 'pi-session-1';
    p.transcript_path = join(w.project, '.pi-session.jsonl');
    p.cwd = w.project;
    p.input = kind === 'write' ? { path: fields.path, content: fields.content } : { command: fields.command };
    return p;
  }
  if (w.client === 'opencode') {
    const p = fixture('opencode', kind === 'write' ? 'tool-execute-before-write' : kind === 'bash-before' ? 'tool-execute-before-bash' : 'tool-execute-after-bash');
    p.directory = w.project;
    if (kind === 'write') p.output.args = { filePath: fields.path, content: fields.content };
    else if (kind === 'bash-before') p.output.args = { command: fields.command, description: 'run' };
    else p.input.args = { command: fields.command, description: 'run' };
    return p;
  }
  const text = readFileSync(join(import.meta.dirname, '..', 'fixtures', 'agents', FIXTURES.copilot, `${kind === 'write' ? 'pre-tool-use-write' : kind === 'bash-before' ? 'pre-tool-use-bash' : 'post-tool-use-bash'}.json`), 'utf8');
  const p = JSON.parse(text.split(COPILOT_CAPTURED_PROJECT).join(w.project)) as Record<string, any>;
  p.session_id = 'copilot-session-1';
  delete p.transcript_path;
  p.tool_input = kind === 'write' ? { path: fields.path, file_text: fields.content } : { command: fields.command, description: 'run' };
  return p;
}

function hook(w: Wired, p: Record<string, unknown>) {
  const r = agentHook(w.client, w.project, p, w.env);
  assert.equal(r.code, 0, r.stderr);
  return r.out;
}

/** The refusal in a Pre hook's answer, as each client reads it; null when the call may go on. */
function refusal(w: Wired, out: Record<string, unknown> | null): string | null {
  if (!out) return null;
  if (w.client === 'pi') return typeof out.block === 'string' ? out.block : null;
  if (w.client === 'opencode') return typeof out.deny === 'string' ? out.deny : null;
  return out.permissionDecision === 'deny' ? String(out.permissionDecisionReason) : null;
}

/** The client's file tool writing `path` (any form it accepts): the refusal, or null when the write may go on. */
export function fileWrite(w: Wired, path: string, content = 'export default {}\n'): string | null {
  return refusal(w, hook(w, payload(w, 'write', { path, content })));
}

/** The command the client runs for `command` after its Pre hook: the wall's rewrite, or the command itself. */
function rewritten(w: Wired, out: Record<string, unknown> | null, command: string): string {
  const args = w.client === 'pi' ? out?.input : w.client === 'opencode' ? out?.args : out?.modifiedArgs;
  const c = (args as { command?: unknown } | undefined)?.command;
  return typeof c === 'string' ? c : command;
}

export interface ShellCall {
  refused: string | null;
  status: number | null;
  stderr: string;
  /** What the Post hook said to the model. */
  after: string;
}

/** A shell call played whole: Pre, the command the client would run (for real), Post. */
export function shellCall(w: Wired, command: string): ShellCall {
  const before = hook(w, payload(w, 'bash-before', { command }));
  const refused = refusal(w, before);
  if (refused) return { refused, status: null, stderr: '', after: '' };
  const run = rewritten(w, before, command);
  const r = spawnSync('bash', ['-c', run], { cwd: w.project, encoding: 'utf8', env: { ...process.env, ...w.env } });
  const after = hook(w, payload(w, 'bash-after', { command: run }));
  return { refused: null, status: r.status, stderr: r.stderr, after: JSON.stringify(after ?? '') };
}

/** A command that writes `content` to `path` through a name built at run time, which no reading of the command line sees (the wall alone stands). */
export function hidden(path: string, content: string): string {
  const hex = (s: string) => Buffer.from(s).toString('hex');
  return `node -e "const fs=require('fs');const p=Buffer.from('${hex(path)}','hex').toString();fs.mkdirSync(require('path').dirname(p),{recursive:true});fs.writeFileSync(p,Buffer.from('${hex(content)}','hex').toString())"`;
}
