// Runs the real Claude Code CLI (pinned, installed by scripts/install-claude-code.mjs)
// against the scripted model server, in a throwaway git project whose
// .claude/settings.json wires continuity's hooks, with a home of its own.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { claudeEnv as baseEnv, hookSettings as settingsFor, parseJsonLines, runClaude, shellWord as sh, type ClaudeRunResult, type StreamEvent } from '../../src/demo/real-client/claude-process.js';
import { startModelServer, type ModelServer, type RecordedRequest, type Scenario } from '../../src/demo/real-client/model-server.js';
import { PLAN, PLAN_PATH } from '../../src/demo/real-client/story.js';
import { CLAUDE_UNDER_TEST } from './claude-version.js';

export { HOOK_EVENTS, type StreamEvent } from '../../src/demo/real-client/claude-process.js';
// The three-task plan of the demo's real session: the scenarios and the demo use the same project.
export { PLAN, PLAN_PATH } from '../../src/demo/real-client/story.js';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The built CLI the hooks run (CONTINUITY_REAL_CLIENT_CLI points at another build). */
export const CLI = resolve(process.env.CONTINUITY_REAL_CLIENT_CLI ?? join(REPO_ROOT, 'dist', 'cli.cjs'));
/** The Node that runs the hooks and the `continuity` command (the suite's runtime unless told). */
export const NODE = process.env.CONTINUITY_TEST_NODE ?? process.execPath;

/** The environment Claude Code runs in (src/demo/real-client/claude-process.ts), with the suite's Node first on PATH. */
export function claudeEnv(home: string, baseUrl: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return baseEnv(home, baseUrl, extra, NODE);
}

const claudeBins = new Map<string, string>();
/**
 * A Claude Code binary: the one this run of the suite checks (CLAUDE_UNDER_TEST),
 * or the pinned or the newest one checked here; installed when absent. A
 * failed install fails the test with the installer's message.
 */
export function claudeBinary(which: 'pinned' | 'newest' = CLAUDE_UNDER_TEST.which): string {
  const known = claudeBins.get(which);
  if (known) return known;
  const args = [join(REPO_ROOT, 'scripts', 'install-claude-code.mjs'), '--print-path', ...(which === 'newest' ? ['--newest'] : [])];
  const r = spawnSync(process.execPath, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (r.status !== 0) throw new Error(`Claude Code could not be installed: ${(r.stderr || r.error?.message || '').trim()}`);
  const bin = r.stdout.trim().split('\n').pop()!;
  claudeBins.set(which, bin);
  return bin;
}


export interface ProjectOptions {
  plan?: { path: string; content: string } | null;
  /** Extra files of the project (relative path → content). */
  files?: Record<string, string>;
  /** `.continuity/config.json`, when the scenario needs one. */
  config?: unknown;
  /** `.claude/settings.json` (default: continuity's hooks wired by hand); written before the import, which takes it as authorised. */
  settings?: unknown;
}

export interface RunOptions extends Scenario {
  prompt: string;
  /** Which Claude Code runs: the one this run of the suite checks (default), or the pinned or the newest one. */
  claude?: 'pinned' | 'newest';
  /** Kill Claude Code (and its hooks) after this long; the result says `timedOut`. */
  timeoutMs?: number;
  env?: Record<string, string>;
  /** Extra CLI arguments for `claude`. */
  args?: string[];
  /** `stream-json` (default: every message and hook event on stdout, parsed into `stream`) or `text` (what a person sees). */
  outputFormat?: 'stream-json' | 'text';
  log?: (line: string) => void;
  /**
   * Kill Claude Code (and everything it started) as soon as a line of its
   * stream matches: a crash at a chosen moment. The result says `crashed`.
   */
  crashWhen?: (event: StreamEvent) => boolean;
}

export interface RunResult extends ClaudeRunResult {
  /** Every request the server received, in order. */
  requests: RecordedRequest[];
  /** The requests of the main conversation (they carry `tools`), in order. */
  conversation: RecordedRequest[];
  /** The requests of subagents' conversations, in order. */
  subagentRequests: RecordedRequest[];
  /** Paths the server did not know. */
  unknownPaths: string[];
  /** The project's files after the run (text, relative paths; .git and .continuity left out). */
  files: Record<string, string>;
  /** `continuity status --json` after the run. */
  ledgerStatus: any;
  /** Claude Code's own session id (from its stream, else its transcript). */
  sessionId: string | null;
  /**
   * What this run wrote to the session transcripts under the isolated HOME
   * (~/.claude/projects/<project>/<session>.jsonl, and its subagents'): what
   * its UI shows, e.g. a hook's `systemMessage` as an attachment of type
   * `hook_system_message`. A resumed session's earlier lines are left out.
   */
  transcript: Record<string, any>[];
}

export class Project {
  readonly dir: string;
  readonly home: string;
  readonly base: string;

  constructor(opts: ProjectOptions = {}) {
    // Under the temporary folder, unlike the other clients' places (places.ts, deep in this repository's node_modules):
    // there Claude Code's own sandbox (init's wall) did not start ("Failed to create bridge sockets after 5 attempts",
    // 2.1.197 and 2.1.332 alike: its sockets lie under the home's tmp folder, and a socket's path is limited to 108
    // bytes), while a short folder of the home, outside the temporary folder, passes the wall scenarios.
    this.base = mkdtempSync(join(tmpdir(), 'continuity-real-client-'));
    this.dir = join(this.base, 'project');
    this.home = join(this.base, 'home');
    mkdirSync(this.dir, { recursive: true });
    mkdirSync(join(this.home, 'bin'), { recursive: true });
    mkdirSync(join(this.home, 'tmp'), { recursive: true });
    // `continuity` on the agent's PATH, as after `npm install -g`.
    const shim = join(this.home, 'bin', 'continuity');
    writeFileSync(shim, `#!/bin/sh\nexec ${sh(NODE)} ${sh(CLI)} "$@"\n`);
    chmodSync(shim, 0o755);
    writeFileSync(join(this.home, '.gitconfig'), '[user]\n\tname = Real Client Test\n\temail = test@example.invalid\n[init]\n\tdefaultBranch = main\n');

    const git = spawnSync('git', ['init', '-q'], { cwd: this.dir, env: { PATH: process.env.PATH ?? '', HOME: this.home } });
    if (git.status !== 0) mkdirSync(join(this.dir, '.git')); // a .git marker is all continuity needs to find the root
    const plan = opts.plan === undefined ? { path: PLAN_PATH, content: PLAN } : opts.plan;
    const files: Record<string, string> = { ...(plan ? { [plan.path]: plan.content } : {}), ...opts.files };
    for (const [path, content] of Object.entries(files)) this.writeFile(path, content);
    this.writeFile('.claude/settings.json', JSON.stringify(opts.settings ?? hookSettings(), null, 2) + '\n');
    // The config first: the import that creates the ledger takes its content as the authorised one.
    if (opts.config !== undefined) this.writeFile('.continuity/config.json', JSON.stringify(opts.config, null, 2) + '\n');
    if (plan) this.continuity(['plan', 'import', plan.path]);
  }

  writeFile(path: string, content: string): void {
    mkdirSync(dirname(join(this.dir, path)), { recursive: true });
    writeFileSync(join(this.dir, path), content);
  }

  /** Runs the continuity CLI in the project as the user would from a terminal (not inside an agent). */
  continuity(args: string[]): { code: number; stdout: string; stderr: string } {
    const r = spawnSync(NODE, [CLI, ...args], { cwd: this.dir, encoding: 'utf8', env: { PATH: process.env.PATH ?? '', HOME: this.home, CLAUDE_PROJECT_DIR: this.dir } });
    if (r.error) throw r.error;
    if (r.status !== 0) throw new Error(`continuity ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  }

  status(): any {
    return JSON.parse(this.continuity(['status', '--json']).stdout);
  }

  files(): Record<string, string> {
    const out: Record<string, string> = {};
    const walk = (dir: string): void => {
      for (const name of readdirSync(dir)) {
        const abs = join(dir, name);
        const rel = relative(this.dir, abs);
        if (rel === '.git' || rel === '.continuity') continue;
        const st = statSync(abs);
        if (st.isDirectory()) walk(abs);
        else if (st.isFile() && st.size < 1_000_000) out[rel] = readFileSync(abs, 'utf8');
      }
    };
    walk(this.dir);
    return out;
  }

  /**
   * One `claude -p PROMPT` session against a fresh scripted server. Bounded:
   * Claude Code and everything it started are killed after `timeoutMs`, and the
   * server closes itself 10 s after that at the latest.
   */
  async run(opts: RunOptions): Promise<RunResult> {
    const timeoutMs = opts.timeoutMs ?? 60_000;
    const log = opts.log ?? (process.env.CONTINUITY_REAL_CLIENT_DEBUG ? (l: string) => process.stderr.write(`${l}\n`) : () => {});
    const bin = claudeBinary(opts.claude); // before the clock starts: a first install takes a while
    const server: ModelServer = await startModelServer(opts, { lifetimeMs: timeoutMs + 10_000, log });
    // A resumed session appends to its transcript: only what this run wrote is read back.
    const transcriptsBefore = new Map(transcriptFiles(this.home).map((f) => [f, statSync(f).size]));
    try {
      const run = await runClaude({
        bin,
        cwd: this.dir,
        env: claudeEnv(this.home, server.url, opts.env),
        prompt: opts.prompt,
        args: opts.args,
        outputFormat: opts.outputFormat,
        timeoutMs,
        crashWhen: opts.crashWhen,
        log,
      });
      const transcript = transcriptFiles(this.home).flatMap((f) => parseJsonLines(readFileSync(f).subarray(transcriptsBefore.get(f) ?? 0).toString('utf8')));
      const stream = run.stream;
      const sessionId = (stream.find((e) => e.type === 'system' && e.subtype === 'init')?.session_id as string | undefined) ?? (transcript.find((e) => typeof e.sessionId === 'string')?.sessionId as string | undefined) ?? null;
      const result: RunResult = {
        requests: server.requests,
        conversation: server.conversation(),
        subagentRequests: server.subagentRequests(),
        unknownPaths: server.unknown,
        stdout: run.stdout,
        stderr: run.stderr,
        stream,
        exitCode: run.exitCode,
        signal: run.signal,
        timedOut: run.timedOut,
        crashed: run.crashed,
        durationMs: run.durationMs,
        files: this.files(),
        ledgerStatus: this.status(),
        sessionId,
        transcript,
      };
      dump(result);
      return result;
    } finally {
      await server.close();
    }
  }

  remove(): void {
    rmSync(this.base, { recursive: true, force: true });
  }
}

export function hookSettings(): unknown {
  return settingsFor(`${sh(NODE)} ${sh(CLI)} hook claude-code`);
}

/** CONTINUITY_REAL_CLIENT_DUMP=DIR writes every run (requests, hook events, transcript) to DIR as JSON, to inspect what the client really sent. */
function dump(result: RunResult): void {
  const dir = process.env.CONTINUITY_REAL_CLIENT_DUMP;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const file = join(resolve(dir), `${new Date().toISOString().replace(/[:.]/g, '-')}-${result.sessionId ?? 'no-session'}.json`);
  writeFileSync(file, JSON.stringify(result, null, 2));
  process.stderr.write(`run-claude: wrote ${file}\n`);
}

function transcriptFiles(home: string): string[] {
  const root = join(home, '.claude', 'projects');
  try {
    return readdirSync(root, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.jsonl'))
      .map((f) => join(root, f))
      .sort();
  } catch {
    return [];
  }
}
