import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after } from 'node:test';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CLI = join(REPO_ROOT, 'dist', 'cli.cjs');
/** The runtime under test: the suite runs once per runtime (see scripts/test.mjs). */
export const NODE = process.env.CONTINUITY_TEST_NODE ?? process.execPath;
/**
 * The compiled executable (dist/bin/continuity) when the suite runs against it
 * (CONTINUITY_TEST_ENTRY); otherwise the Node bundle under NODE.
 */
export const ENTRY = process.env.CONTINUITY_TEST_ENTRY;

/** The command line that runs `continuity ARGS` with the entry under test. */
export function cliCommand(args: string[]): { cmd: string; args: string[] } {
  return ENTRY ? { cmd: ENTRY, args } : { cmd: NODE, args: [CLI, ...args] };
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * The environment a spawned CLI gets: this process's, with what a test
 * chooses explicitly per call taken out unless the call sets it.
 * Claude Code sets CLAUDE_PROJECT_DIR for hooks; node --test sets
 * FORCE_COLOR=1 in its test processes when run from a terminal.
 */
export function cliEnv(extra: NodeJS.ProcessEnv | undefined): NodeJS.ProcessEnv {
  // An installed package's first-use build fetches Bun: only the tests about it turn it on (test/real-client/packed-install.scenario.ts).
  const env: NodeJS.ProcessEnv = { CONTINUITY_BUILD_EXECUTABLE: 'off', ...process.env, ...extra };
  for (const key of ['CLAUDE_PROJECT_DIR', 'FORCE_COLOR', 'NO_COLOR']) if (!extra || !(key in extra)) delete env[key];
  return env;
}

/** Spawns the real, built CLI as an agent or a user would. */
export function runCli(args: string[], opts: { cwd: string; input?: string; env?: NodeJS.ProcessEnv }): CliResult {
  const env = cliEnv(opts.env);
  const c = cliCommand(args);
  const r = spawnSync(c.cmd, c.args, { cwd: opts.cwd, input: opts.input ?? '', encoding: 'utf8', env });
  if (r.error) throw r.error;
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

export function runCliAsync(args: string[], opts: { cwd: string; input?: string; env?: NodeJS.ProcessEnv }): Promise<CliResult> {
  return new Promise((resolvePromise, reject) => {
    const env = cliEnv(opts.env);
    const c = cliCommand(args);
    const child = spawn(c.cmd, c.args, { cwd: opts.cwd, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolvePromise({ code: code ?? -1, stdout, stderr }));
    child.stdin.end(opts.input ?? '');
  });
}

/** A throwaway project with a `.git` marker, removed after the test file. */
export function tempProject(files: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'continuity-test-'));
  mkdirSync(join(dir, '.git'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A Claude Code hook payload with the common fields every event carries. */
export function payload(project: string, fields: Record<string, unknown>, sessionId = 'session-test-1'): string {
  return JSON.stringify({
    session_id: sessionId,
    transcript_path: join(project, 'transcript.jsonl'),
    cwd: project,
    permission_mode: 'default',
    ...fields,
  });
}

export function hook(project: string, fields: Record<string, unknown>, opts: { sessionId?: string; env?: NodeJS.ProcessEnv } = {}): CliResult {
  return runCli(['hook', 'claude-code'], { cwd: project, input: payload(project, fields, opts.sessionId), env: { CLAUDE_PROJECT_DIR: project, ...opts.env } });
}

export const NO_STACK = /\n\s+at .+:\d+:\d+/;

/**
 * Runs `continuity ARGS` as a person at a terminal would: under `script`,
 * which gives it a pseudo-terminal, with no agent's variables in the
 * environment.
 */
export function runAtTerminal(args: string[], opts: { cwd: string; env?: NodeJS.ProcessEnv; wrap?: (argv: string[]) => string[] }): CliResult {
  const env = Object.fromEntries(Object.entries(cliEnv(opts.env)).filter(([k]) => !/^(CLAUDE|CODEX|GEMINI|CURSOR|AI_AGENT)/.test(k) || (opts.env && k in opts.env)));
  const c = cliCommand(args);
  const line = [c.cmd, ...c.args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const argv = ['script', '-qec', line, '/dev/null'];
  const [cmd, ...rest] = opts.wrap ? opts.wrap(argv) : argv;
  const r = spawnSync(cmd!, rest, { cwd: opts.cwd, env, encoding: 'utf8', input: '' });
  if (r.error) throw r.error;
  // The pseudo-terminal joins stderr to stdout and ends lines with CRLF.
  const out = r.stdout.replace(/\r\n/g, '\n');
  return { code: r.status ?? -1, stdout: out, stderr: out };
}

/**
 * One Bash call of the agent's, as the client runs it: PreToolUse, then the
 * command for real in the project unless it was denied, then PostToolUse.
 * Both hooks must answer with exit 0 (a failing hook lets the call through).
 */
export function bashBetweenHooks(project: string, command: string, opts: { env?: NodeJS.ProcessEnv } = {}): { denied: boolean; pre: string; post: string; ran: number | null } {
  const input = { command };
  const pre = hook(project, { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_use_id: 'toolu_between', tool_input: input }, { env: opts.env });
  if (pre.code !== 0) throw new Error(`PreToolUse exited ${pre.code}: ${pre.stderr}`);
  const denied = pre.stdout.includes('"deny"');
  const ran = denied ? null : spawnSync('bash', ['-c', command], { cwd: project, stdio: 'pipe', env: { ...process.env, ...opts.env } }).status;
  const post = hook(project, { hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_use_id: 'toolu_between', tool_input: input, tool_response: { stdout: '', stderr: '' } }, { env: opts.env });
  if (post.code !== 0) throw new Error(`PostToolUse exited ${post.code}: ${post.stderr}`);
  return { denied, pre: pre.stdout, post: post.stdout, ran };
}

/** A PATH of one directory holding the given executables (none: no agent client anywhere on it). */
export function pathWith(files: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'continuity-path-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  for (const [name, script] of Object.entries(files)) {
    writeFileSync(join(dir, name), script);
    chmodSync(join(dir, name), 0o755);
  }
  return dir;
}
