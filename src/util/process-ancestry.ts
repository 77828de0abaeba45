/**
 * The processes above this one, nearest first: who started the hook or the
 * command. Linux reads /proc (a few small files); macOS and the BSDs ask
 * `ps` once. Elsewhere (Windows) nothing is known and the list is empty.
 * Never throws: an unreadable step ends the list.
 */
import { createRequire } from 'node:module';
import { readFileSync, readlinkSync } from 'node:fs';
import { basename } from 'node:path';

export interface AncestorProcess {
  pid: number;
  /** The executable's file name (`claude`, `node`, `bash`). */
  name: string;
  /** The command line, for interpreters (`node …/gemini-cli/…`). */
  args: string[];
  /** Its session id (Linux: /proc/<pid>/stat); absent where the platform's list does not give it. */
  sid?: number;
}

const MAX_ANCESTORS = 64;

/** The processes above `startPid`; null where this platform gives no way to know (Windows). */
export function ancestors(startPid: number = process.ppid): AncestorProcess[] | null {
  if (process.platform === 'linux') return linuxAncestors(startPid);
  if (process.platform === 'win32') return null;
  return psAncestors(startPid);
}

function linuxAncestors(startPid: number): AncestorProcess[] {
  const out: AncestorProcess[] = [];
  for (let pid = startPid; pid > 1 && out.length < MAX_ANCESTORS; ) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      break;
    }
    // pid (comm) state ppid …: comm may hold spaces and parentheses, so read after the last ')'.
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    // state ppid pgrp session …
    const fields = stat.slice(close + 2).split(' ');
    const ppid = Number(fields[1]);
    const sid = Number(fields[3]);
    let exe = comm;
    try {
      exe = basename(readlinkSync(`/proc/${pid}/exe`).replace(/ \(deleted\)$/, ''));
    } catch {
      // another user's process: its name from stat is what there is
    }
    let args: string[] = [];
    try {
      args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    } catch {
      // unreadable
    }
    out.push({ pid, name: exe, args, ...(Number.isInteger(sid) ? { sid } : {}) });
    if (!Number.isInteger(ppid) || ppid === pid) break;
    pid = ppid;
  }
  return out;
}

function psAncestors(startPid: number): AncestorProcess[] {
  // node:child_process is loaded only here (where /proc is missing): at every hook's start it would cost a few milliseconds.
  const { spawnSync } = createRequire(import.meta.url)('node:child_process') as typeof import('node:child_process');
  const r = spawnSync('ps', ['-A', '-o', 'pid=,ppid=,comm='], { encoding: 'utf8', timeout: 2000 });
  if (r.status !== 0 || typeof r.stdout !== 'string') return [];
  const table = new Map<number, { ppid: number; comm: string }>();
  for (const line of r.stdout.split('\n')) {
    const m = /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line);
    if (m) table.set(Number(m[1]), { ppid: Number(m[2]), comm: m[3]!.trim() });
  }
  const out: AncestorProcess[] = [];
  for (let pid = startPid; pid > 1 && out.length < MAX_ANCESTORS; ) {
    const p = table.get(pid);
    if (!p) break;
    out.push({ pid, name: basename(p.comm), args: [p.comm] });
    pid = p.ppid;
  }
  return out;
}

/**
 * The agent clients among a list of processes, nearest first: Claude Code
 * (its native executable, or `node …/claude-code/cli.js`), Codex, Gemini
 * CLI, Cursor's agent, OpenClaw, pi, GitHub Copilot CLI (its native executable,
 * or `node …/@github/copilot/npm-loader.js`), OpenCode (its npm package runs the native `opencode.exe`). Editors that host a terminal are not agents.
 */
export function agentClients(list: readonly AncestorProcess[]): AncestorProcess[] {
  return list.filter(isAgentClient);
}

const AGENT_EXECUTABLES = /^(claude|claude\.exe|codex|codex-[\w-]+|cursor-agent|gemini|openclaw|pi|copilot|opencode|opencode\.exe)$/i;
const AGENT_SCRIPTS = /(@anthropic-ai[\\/]claude-code|@openai[\\/]codex|@google[\\/]gemini-cli|[\\/]openclaw[\\/]|cursor-agent|@mariozechner[\\/]pi-coding-agent|@github[\\/]copilot)/i;

/**
 * The process title OpenClaw gives itself (`process.title`): `openclaw-gateway`
 * for the gateway, `openclaw-<command>` for every CLI command (`openclaw-agent`,
 * `openclaw-node`, …). Node writes it over its command line, so /proc shows
 * the executable `node` and the title as the only argument.
 */
const OPENCLAW_TITLE = /^openclaw(-[a-z][\w-]*)?$/i;

/**
 * pi (0.73.1) sets `process.title = "pi"` as it starts: /proc then shows the
 * interpreter as the executable and `pi` as the only argument.
 */
const PI_TITLE = (p: AncestorProcess) => p.args[0] === 'pi' && /^(node|bun)(\.exe)?$/i.test(p.name);

export function isAgentClient(p: AncestorProcess): boolean {
  if (AGENT_EXECUTABLES.test(p.name)) return true;
  if (OPENCLAW_TITLE.test(p.args[0] ?? '') || PI_TITLE(p)) return true;
  // An interpreter running a client's script: the script's path names the client, or it is the client's command
  // (`node /usr/local/bin/gemini`, `node …/node_modules/.bin/gemini`: the link npm makes, as the shebang runs it).
  return /^(node|bun|deno)(\.exe)?$/i.test(p.name) && p.args.slice(1, 3).some(isClientScript);
}

/**
 * Which client a process is (`gemini`, `claude`, …), or null: its executable's
 * name, or the command its interpreter runs. Used to tell a client that
 * relaunches itself (Gemini CLI starts a child of itself with a larger heap)
 * from a client started inside another.
 */
export function clientKind(p: AncestorProcess): string | null {
  if (OPENCLAW_TITLE.test(p.args[0] ?? '') && !AGENT_EXECUTABLES.test(p.name)) return 'openclaw';
  if (PI_TITLE(p)) return 'pi';
  if (AGENT_EXECUTABLES.test(p.name)) return p.name.toLowerCase().replace(/\.exe$/, '').replace(/^codex-.*/, 'codex');
  if (!isAgentClient(p)) return null;
  const script = p.args.slice(1, 3).find(isClientScript)!;
  const known = /(claude-code|codex|gemini-cli|openclaw|cursor-agent|pi-coding-agent|copilot)/i.exec(script)?.[1]?.toLowerCase();
  const kind = known ?? basename(script).toLowerCase();
  return kind === 'claude-code' ? 'claude' : kind === 'gemini-cli' ? 'gemini' : kind === 'pi-coding-agent' ? 'pi' : kind;
}

/** A client's own arguments: after its executable, or after the script its interpreter runs (the interpreter's options left out). */
export function clientArguments(p: AncestorProcess): string[] {
  // A retitled process (the OpenClaw gateway) has no arguments left to read.
  if ((OPENCLAW_TITLE.test(p.args[0] ?? '') && !AGENT_EXECUTABLES.test(p.name)) || PI_TITLE(p)) return [];
  if (AGENT_EXECUTABLES.test(p.name)) return p.args.slice(1);
  const script = p.args.findIndex((a, i) => i > 0 && isClientScript(a));
  return script < 0 ? p.args.slice(1) : p.args.slice(script + 1);
}

function isClientScript(arg: string): boolean {
  return AGENT_SCRIPTS.test(arg) || (!arg.startsWith('-') && AGENT_EXECUTABLES.test(basename(arg)));
}

/**
 * Processes that run an agent's hooks: the agent clients, and the Cursor
 * editor, whose agent runs hooks from the editor itself (an editor that
 * merely hosts a terminal is not an agent client: see isAgentClient).
 */
export function isHookRunner(p: AncestorProcess): boolean {
  return isAgentClient(p) || /^cursor( helper.*)?(\.exe)?$/i.test(p.name);
}

/** How an agent client is named in words: its executable, or the script an interpreter runs. */
export function describeClient(p: AncestorProcess): string {
  if ((OPENCLAW_TITLE.test(p.args[0] ?? '') && !AGENT_EXECUTABLES.test(p.name)) || PI_TITLE(p)) return `${p.args[0]} (${p.name}, pid ${p.pid})`;
  const script = p.args.slice(1, 3).find(isClientScript);
  return `${p.name}${script ? ` ${script}` : ''} (pid ${p.pid})`;
}

/** The agent names continuity's targets use, by clientKind. */
const AGENT_OF_KIND: Readonly<Record<string, string>> = { claude: 'claude-code', codex: 'codex', gemini: 'gemini', 'cursor-agent': 'cursor', openclaw: 'openclaw', pi: 'pi', copilot: 'copilot', opencode: 'opencode' };

/**
 * The agent whose command this process is: the nearest agent client among
 * the ancestors, by the name continuity's hooks use (`claude-code`, `codex`,
 * …); `unknown` when none is (a person, a script, a process the agent left
 * behind) or the platform does not say. Never read from the environment:
 * an agent's command can set that to anything.
 */
export function callerAgent(list: readonly AncestorProcess[] | null = ancestors()): string {
  const nearest = list ? agentClients(list)[0] : undefined;
  const kind = nearest ? clientKind(nearest) : null;
  return (kind && AGENT_OF_KIND[kind]) ?? 'unknown';
}
