// Running the real Claude Code CLI offline, against the scripted model server:
// the environment it gets (nothing inherited but PATH and locale, every kind
// of traffic but the model's off), the hook wiring of a project, and one
// bounded `claude -p` run whose stream-json lines are handed over as they come.
import { spawn, spawnSync } from 'node:child_process';
import { clientEnv } from './bounded-process.js';

export const HOOK_EVENTS = ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'PostToolUseFailure', 'Stop', 'SubagentStart', 'SubagentStop', 'PreCompact'] as const;

/** Tools the scripted model may call without a permission prompt (`-p` mode has nobody to ask). */
export const ALLOWED_TOOLS = ['Bash', 'Write', 'Edit', 'Read'];

/** The API key Claude Code sends the scripted server: not a key anything else accepts. */
export const SCRIPTED_API_KEY = 'sk-ant-scripted-offline-key';

/** One line of `--output-format stream-json` (with `--include-hook-events`). */
export type StreamEvent = Record<string, any> & { type: string; subtype?: string };

/**
 * The environment Claude Code runs in: nothing inherited but PATH and locale,
 * so a surrounding agent's variables (CLAUDE_*, ANTHROPIC_*) never leak in.
 * Every variable that would make it talk to anything but the scripted server is off.
 * `<home>/bin` and the directory of `node` come first on PATH.
 */
export function claudeEnv(home: string, baseUrl: string, extra: Record<string, string> = {}, node = process.execPath): NodeJS.ProcessEnv {
  return clientEnv(
    home,
    {
      ANTHROPIC_BASE_URL: baseUrl,
      ANTHROPIC_API_KEY: SCRIPTED_API_KEY,
      // No traffic but the model's: no telemetry, error reports, updates, feature flags.
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      DISABLE_TELEMETRY: '1',
      DISABLE_ERROR_REPORTING: '1',
      DISABLE_AUTOUPDATER: '1',
      DISABLE_UPDATES: '1',
      DISABLE_GROWTHBOOK: '1',
      DISABLE_INSTALLATION_CHECKS: '1',
      CLAUDE_CODE_ENABLE_TELEMETRY: '0',
      // No retries on a failed request: a broken script fails fast instead of waiting out back-off.
      CLAUDE_CODE_MAX_RETRIES: '0',
      ...extra,
    },
    node,
  );
}

/** `.claude/settings.json` wiring every hook event to one command (`<node> <cli> hook claude-code`). */
export function hookSettings(command: string): { hooks: Record<string, unknown> } {
  const entry = (matcher?: string) => [{ ...(matcher ? { matcher } : {}), hooks: [{ type: 'command', command, timeout: 30 }] }];
  const hooks: Record<string, unknown> = {};
  for (const event of HOOK_EVENTS) hooks[event] = entry(event === 'PreToolUse' || event === 'PostToolUse' || event === 'PostToolUseFailure' ? '*' : undefined);
  return { hooks };
}

/** `claude --version` with an empty home, or null when the file does not answer like Claude Code. */
export function claudeVersion(bin: string, home: string): string | null {
  const r = spawnSync(bin, ['--version'], { encoding: 'utf8', timeout: 30_000, env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home } });
  if (r.status !== 0 || typeof r.stdout !== 'string') return null;
  const m = /^(\d+\.\d+\.\d+)\S*\s*\(Claude Code\)/m.exec(r.stdout.trim());
  return m ? m[1]! : null;
}

export interface ClaudeRunOptions {
  bin: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  prompt: string;
  /** Extra CLI arguments (`--resume ID`, …). */
  args?: string[];
  /** `stream-json` (default: every message and hook event on stdout) or `text` (what a person sees). */
  outputFormat?: 'stream-json' | 'text';
  /** Claude Code and everything it started are killed after this long; the result says `timedOut`. */
  timeoutMs: number;
  /** Each stream-json line, as it arrives. */
  onEvent?: (event: StreamEvent) => void;
  /** Kill Claude Code (and everything it started) as soon as a stream line matches: a crash at a chosen moment. */
  crashWhen?: (event: StreamEvent) => boolean;
  log?: (line: string) => void;
}

export interface ClaudeRunResult {
  stdout: string;
  stderr: string;
  /** stdout parsed: Claude Code's stream-json events, hook events included. */
  stream: StreamEvent[];
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  /** Killed by `crashWhen`. */
  crashed: boolean;
  durationMs: number;
}

/** Running `claude -p` processes, so that an interrupted caller can end them (see killRunning). */
const running = new Set<number>();

/** One `claude -p PROMPT` run, bounded by `timeoutMs`; Claude Code runs in a process group of its own. */
export async function runClaude(o: ClaudeRunOptions): Promise<ClaudeRunResult> {
  const log = o.log ?? (() => {});
  const format = o.outputFormat === 'text' ? ['--output-format', 'text'] : ['--output-format', 'stream-json', '--verbose', '--include-hook-events'];
  const args = ['-p', o.prompt, '--allowedTools', ...ALLOWED_TOOLS, ...format, ...(o.args ?? [])];
  const started = Date.now();
  const child = spawn(o.bin, args, { cwd: o.cwd, env: o.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  if (child.pid) running.add(child.pid);
  let stdout = '';
  let stderr = '';
  let crashed = false;
  let scanned = 0;
  const stream: StreamEvent[] = [];
  child.stdout.on('data', (d) => {
    stdout += d;
    if (o.outputFormat === 'text') return;
    const end = stdout.lastIndexOf('\n');
    if (end < scanned) return;
    const lines = parseJsonLines(stdout.slice(scanned, end)) as StreamEvent[];
    scanned = end + 1;
    for (const e of lines) {
      stream.push(e);
      if (crashed) continue;
      o.onEvent?.(e);
      if (o.crashWhen?.(e)) {
        crashed = true;
        log('claude: crashing Claude Code on a stream event');
        killGroup(child.pid);
      }
    }
  });
  child.stderr.on('data', (d) => (stderr += d));
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    log(`claude: killing Claude Code after ${o.timeoutMs} ms`);
    killGroup(child.pid);
  }, o.timeoutMs);
  try {
    const { code, signal } = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', (c, s) => resolve({ code: c, signal: s }));
    });
    if (o.outputFormat !== 'text' && scanned < stdout.length) stream.push(...(parseJsonLines(stdout.slice(scanned)) as StreamEvent[]));
    return { stdout, stderr, stream, exitCode: code, signal, timedOut, crashed, durationMs: Date.now() - started };
  } finally {
    clearTimeout(timer);
    killGroup(child.pid); // hooks or shells it left behind
    if (child.pid) running.delete(child.pid);
  }
}

/** Kills every running `claude -p` started here, with what it started (an interrupted demo leaves nothing behind). */
export function killRunning(): void {
  for (const pid of running) killGroup(pid);
}

export function parseJsonLines(text: string): Record<string, any>[] {
  const out: Record<string, any>[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      out.push(JSON.parse(line));
    } catch {
      out.push({ type: 'unparsed', line });
    }
  }
  return out;
}

function killGroup(pid: number | undefined): void {
  if (!pid) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** A word for a POSIX shell command line. */
export function shellWord(s: string): string {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}
