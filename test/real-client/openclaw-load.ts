// Many sessions at once through one real OpenClaw gateway (pinned,
// scripts/install-openclaw.mjs), with continuity's plugin or without it,
// against a scripted model that answers each request from the request
// alone. Shared by the bench (`npm run bench`, bench/openclaw-load.ts) and
// the real-client suite (openclaw-load.scenario.ts).
//
// Set-up: N workspaces, each a project with continuity's ledger and a plan
// (a draft: no stop is held, so each turn is the operator's and ends when
// the model stops), one OpenClaw agent per workspace (`agents.list`), and S
// sessions spread over them. Turns go through the gateway's own
// OpenAI-compatible endpoint (`POST /v1/chat/completions`, the same agent
// run as `openclaw agent`, with `x-openclaw-session-key`), all S sessions at
// once, each session's turns one after the other. A turn is `exec`, then
// `read`, then the model's answer (a stop); each session's second turn spawns
// a subagent instead (its run, its announce). A small second plugin
// (openclaw-load-counter/) writes one line per hook call the gateway makes,
// in both runs, so the ledger can be held against the calls made.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { freePort } from './run-openclaw.js';
import { clientEnv } from '../../src/demo/real-client/bounded-process.js';
import { newPlace } from './places.js';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { contentText, exec, isAnnounce, isCompaction, isSubagentRun, say, startChatServer, tool, userTexts, type ChatRequest, type Turn } from './chat-completions-server.js';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const CLI = join(REPO_ROOT, 'dist', 'cli.cjs');
const NODE = process.execPath;
const TOKEN = 'load-token';

export interface LoadOptions {
  /** Sessions at once (16 or more asked for). */
  sessions: number;
  workspaces: number;
  /** Turns in all, spread evenly over the sessions. */
  turns: number;
  /** continuity's plugin in the gateway, or the same gateway without it. */
  plugin: boolean;
  /** Without continuity: a plugin of continuity's hooks that does nothing in them (openclaw-load-floor/), OpenClaw's own cost of such a plugin. */
  floor?: boolean;
  /** Turns done after which the gateway's RSS is read (besides the end). */
  rssAt?: number[];
  /** The gateway's garbage collections summed by the counter plugin (`gc()`): the bench's, not the scenario's, which asserts the ledgers alone. */
  gc?: boolean;
  log?: (line: string) => void;
}

export interface HookCall {
  hook: string;
  sessionKey: string | null;
  runId: string | null;
  toolCallId: string | null;
  toolName: string | null;
}

export interface LoadResult {
  /** Each turn's time, from the request to the gateway's answer, in ms. */
  turnMs: number[];
  failed: string[];
  /** The gateway's RSS (its process group) after so many turns, in KiB. */
  rss: { turns: number; kib: number }[];
  calls: HookCall[];
  /** Per workspace: the ledger's events recorded by the plugin (`continuity log --json`). */
  ledgers: { workspace: string; agent: string; events: { kind: string; input: any; sessionId: string | null }[] }[];
  /** The gateway's CPU time over the turns (user + system, its process group), in ms. */
  cpuMs: number;
  wallMs: number;
  /** Where the plugin's time went, summed over the run (src/adapters/openclaw/stage-times.ts); null without the plugin. */
  stages: StageSums | null;
}

export interface StageSums {
  calls: Record<string, number>;
  /** cpuMs: the gateway process's CPU over each stage; threadCpuMs: its main thread's, where its Node tells it. */
  stages: Record<string, { n: number; wallMs: number; cpuMs: number; threadCpuMs?: number }>;
}

interface OpenClawPaths {
  node: string;
  pathDir: string;
  openclaw: string;
}

function openclawPaths(): OpenClawPaths {
  const r = spawnSync(NODE, [join(REPO_ROOT, 'scripts', 'install-openclaw.mjs'), '--print-paths'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`openclaw could not be installed: ${(r.stderr || r.error?.message || '').trim()}`);
  return JSON.parse(r.stdout.trim().split('\n').pop()!) as OpenClawPaths;
}

const PLAN = '# Load plan\n\n### Task 1: Read\n\nRead the log.\n\n### Task 2: Write\n\nWrite the log.\n\n### Task 3: Check\n\nCheck the log.\n';

/** The model: a turn's step is how many tool results follow the operator's message. */
export function loadRoute(rec: ChatRequest): Turn | null {
  if (isCompaction(rec)) return [say('Summary.')];
  if (isSubagentRun(rec) || userTexts(rec).join('\n').includes('[Subagent Context]')) return [say('The child looked; nothing to change.')];
  if (isAnnounce(rec)) return [say('Noted.')];
  // The operator's message (OpenClaw puts its own context after the tool results, as another user-role message).
  const msgs = (rec.body?.messages ?? []) as { role?: string; content?: unknown }[];
  let at = -1;
  let m: RegExpExecArray | null = null;
  for (let i = 0; i < msgs.length; i++) {
    const hit = msgs[i]!.role === 'user' ? /LOAD (work|spawn) (\S+)/.exec(contentText(msgs[i]!.content)) : null;
    if (hit) {
      at = i;
      m = hit;
    }
  }
  if (!m) return [say('Done.')];
  const step = msgs.slice(at + 1).filter((x) => x.role === 'tool').length;
  const [, kind, id] = m;
  if (kind === 'spawn') return step === 0 ? [tool('sessions_spawn', { task: `Look at load.log for ${id}`, label: `helper-${id}` })] : [say('A helper is looking.')];
  if (step === 0) return [exec(`echo ${id} >> load.log`)];
  if (step === 1) return [tool('read', { path: 'load.log' })];
  return [say(`Turn ${id} done.`)];
}

function processGroupStat(pgid: number): { rssKib: number; cpuMs: number } {
  const r = spawnSync('ps', ['-o', 'rss=,times=', '-g', String(pgid)], { encoding: 'utf8' });
  let rssKib = 0;
  let cpu = 0;
  for (const line of r.stdout.split('\n')) {
    const [rss, times] = line.trim().split(/\s+/);
    if (!rss) continue;
    rssKib += Number(rss);
    cpu += Number(times ?? 0);
  }
  return { rssKib, cpuMs: cpu * 1000 };
}

/** Clock ticks of the group's CPU time, finer than `ps`'s seconds: /proc/<pid>/stat utime + stime of each member. */
function groupCpuMs(pgid: number): number {
  const r = spawnSync('ps', ['-o', 'pid=', '-g', String(pgid)], { encoding: 'utf8' });
  const tick = 100;
  let ticks = 0;
  for (const pid of r.stdout.split('\n').map((l) => l.trim()).filter(Boolean)) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone
    }
  }
  return (ticks * 1000) / tick;
}

/** One run: a gateway started, the turns, the gateway stopped, the ledgers read. */
export async function runOpenClawLoad(o: LoadOptions): Promise<LoadResult> {
  const g = await startOpenClawLoad(o);
  let turns: LoadTurns;
  try {
    turns = await g.turns(o.turns, o.rssAt ?? []);
  } catch (err) {
    await g.finish(false);
    throw err;
  }
  return { ...turns, ...(await g.finish())! };
}

/** What a batch of turns measured: each turn's time, the failures, the RSS read after some, and the gateway's CPU over them. */
export interface LoadTurns {
  turnMs: number[];
  /** The failed turns, then what the gateway's log said of why. */
  failed: string[];
  /** How many turns failed (the first entries of `failed`). */
  failedTurns: number;
  rss: { turns: number; kib: number }[];
  /** The gateway's CPU time over the turns (user + system, its process group), in ms. */
  cpuMs: number;
  wallMs: number;
}

/** A gateway kept up between batches of turns, so that several gateways' batches can be run in turn (bench/openclaw-load.ts). */
export interface LoadGateway {
  /** `turns` turns spread evenly over the sessions, all sessions at once; each session's turns carry on from its last batch's. */
  turns(turns: number, rssAt?: readonly number[]): Promise<LoadTurns>;
  /**
   * Waits for the subagents' announces and the last hook calls, stops the gateway, and reads what it left (the hook calls,
   * the ledgers, the stage sums; `read` false: nothing is read), then removes its folder.
   */
  finish(read?: boolean): Promise<Pick<LoadResult, 'calls' | 'ledgers' | 'stages'> | null>;
  /** Waits until the gateway's hook calls stop coming (the subagents' announces), at most two minutes. */
  settle(): Promise<void>;
  /** The gateway's CPU time so far (its process group), in ms. */
  cpuMs(): number;
  /** The plugin's stage sums as last written (every two seconds: read after `settle`); null without the plugin. */
  stages(): StageSums | null;
  /** The gateway's collections so far, as the counter plugin last wrote them (every second: read after `settle`); null: none written. */
  gc(): GcSums | null;
}

/** A gateway's garbage collections so far by kind (count, pause ms: Node's `gc` performance entries), and its heap's used size. */
export interface GcSums {
  minor: { n: number; ms: number };
  major: { n: number; ms: number };
  incremental: { n: number; ms: number };
  weakcb: { n: number; ms: number };
  other: { n: number; ms: number };
  heapUsedMiB: number;
}

export async function startOpenClawLoad(o: Omit<LoadOptions, 'turns' | 'rssAt'>): Promise<LoadGateway> {
  const log = o.log ?? (() => {});
  const p = openclawPaths();
  const base = newPlace(`openclaw-load-${o.plugin ? 'plugin' : o.floor ? 'floor' : 'bare'}-`);
  const home = join(base, 'home');
  const stateDir = join(home, '.openclaw');
  const configPath = join(stateDir, 'openclaw.json');
  const callsFile = join(base, 'calls.jsonl');
  const stagesFile = join(base, 'stages.json');
  const gcFile = join(base, 'gc.json');
  mkdirSync(join(home, 'bin'), { recursive: true });
  mkdirSync(join(home, 'tmp'), { recursive: true });
  mkdirSync(stateDir, { recursive: true });
  const shim = join(home, 'bin', 'continuity');
  writeFileSync(shim, `#!/bin/sh\nexec '${NODE}' '${CLI}' "$@"\n`);
  chmodSync(shim, 0o755);
  const cliEnv = { PATH: `${dirname(NODE)}:${process.env.PATH ?? ''}`, HOME: home, CONTINUITY_STATE_HOME: join(base, 'continuity-state') };
  const agents = Array.from({ length: o.workspaces }, (_, i) => {
    const dir = join(base, `workspace-${i + 1}`);
    mkdirSync(join(dir, 'docs', 'plans'), { recursive: true });
    spawnSync('git', ['init', '-q'], { cwd: dir });
    writeFileSync(join(dir, 'docs', 'plans', 'load.md'), PLAN);
    const r = spawnSync(NODE, [CLI, 'plan', 'import', 'docs/plans/load.md'], { cwd: dir, env: cliEnv, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`plan import in ${dir}: ${r.stderr}`);
    return { id: `w${i + 1}`, dir };
  });
  const server = await startChatServer({ turns: [] }, { lifetimeMs: 3 * 3600_000, route: loadRoute, keepBodies: false });
  const port = await freePort();
  const floor = !o.plugin && !!o.floor;
  const ids = [...(o.plugin ? ['continuity'] : floor ? ['continuity-load-floor'] : []), 'continuity-load-counter'];
  const pluginDirs = [...(o.plugin ? [join(REPO_ROOT, 'openclaw')] : floor ? [join(REPO_ROOT, 'test', 'real-client', 'openclaw-load-floor')] : []), join(REPO_ROOT, 'test', 'real-client', 'openclaw-load-counter')];
  const config = {
    models: { mode: 'replace', providers: { scripted: { baseUrl: `${server.url}/v1`, apiKey: 'scripted-offline-key', api: 'openai-completions', models: [{ id: 'scripted', name: 'Scripted', reasoning: false, input: ['text'], cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 }, contextWindow: 128000, maxTokens: 4096 }] } } },
    agents: { defaults: { model: { primary: 'scripted/scripted' }, skipBootstrap: true, workspace: agents[0]!.dir }, list: agents.map((a, i) => ({ id: a.id, workspace: a.dir, ...(i === 0 ? { default: true } : {}) })) },
    plugins: { allow: ids, load: { paths: pluginDirs }, entries: Object.fromEntries(ids.map((id) => [id, { enabled: true, hooks: { allowConversationAccess: true } }])) },
    gateway: { mode: 'local', port, bind: 'loopback', auth: { mode: 'token', token: TOKEN }, http: { endpoints: { chatCompletions: { enabled: true } } } },
    tools: { toolSearch: false },
    logging: { file: join(home, 'openclaw.log') },
  };
  writeFileSync(configPath, `${JSON.stringify(config, null, 2)}\n`);
  const env = clientEnv(home, {
    // OpenClaw's own Node before this one.
    PATH: `${join(home, 'bin')}:${p.pathDir}:${dirname(NODE)}:${process.env.PATH ?? '/usr/bin:/bin'}`,
    CONTINUITY_STATE_HOME: cliEnv.CONTINUITY_STATE_HOME,
    OPENCLAW_STATE_DIR: stateDir,
    OPENCLAW_CONFIG_PATH: configPath,
    OPENCLAW_DISABLE_BONJOUR: '1',
    OPENCLAW_NO_AUTO_UPDATE: '1',
    OPENCLAW_GATEWAY_TOKEN: TOKEN,
    CONTINUITY_OPENCLAW_LOAD_CALLS: callsFile,
    CONTINUITY_STAGE_TIMES: stagesFile,
    ...(o.gc ? { CONTINUITY_OPENCLAW_LOAD_GC: gcFile } : {}),
  });
  let output = '';
  const gateway: ChildProcess = spawn(p.openclaw, ['gateway', 'run', '--port', String(port), '--bind', 'loopback', '--auth', 'token', '--token', TOKEN], { cwd: base, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  gateway.stdout!.on('data', (d) => (output = (output + d).slice(-20000)));
  gateway.stderr!.on('data', (d) => (output = (output + d).slice(-20000)));
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (gateway.pid && gateway.exitCode === null) {
      try {
        process.kill(-gateway.pid, 'SIGTERM');
      } catch {
        // gone
      }
      await Promise.race([new Promise((ok) => gateway.once('exit', ok)), new Promise((ok) => setTimeout(ok, 8000).unref())]);
      try {
        process.kill(-gateway.pid, 'SIGKILL');
      } catch {
        // gone
      }
    }
    await server.close();
  };
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (gateway.exitCode !== null) throw new Error(`openclaw gateway exited ${gateway.exitCode}:\n${output.slice(-3000)}`);
      if (Date.now() > deadline) throw new Error(`openclaw gateway not ready after 120 s:\n${output.slice(-3000)}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/healthz`)).status < 500) break;
      } catch {
        // not yet
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    log(`gateway ready (${o.plugin ? 'with continuity' : floor ? 'with a plugin of the same hooks doing nothing' : 'without continuity'}), ${o.sessions} sessions over ${o.workspaces} workspaces`);
  } catch (err) {
    await stop();
    if (!process.env.CONTINUITY_REAL_CLIENT_KEEP) rmSync(base, { recursive: true, force: true });
    throw err;
  }
  const pgid = gateway.pid!;
  /** Each session's next turn (its second spawns a subagent). */
  const next = Array.from({ length: o.sessions }, () => 0);
  let total = 0;
  const settle = async () => {
    let lines = -1;
    for (let i = 0; i < 60; i++) {
      const now = existsSync(callsFile) ? readFileSync(callsFile, 'utf8').split('\n').length : 0;
      if (now === lines) break;
      lines = now;
      await new Promise((r) => setTimeout(r, 2000));
    }
  };
  const turns = async (count: number, rssAtList: readonly number[] = []): Promise<LoadTurns> => {
    const perSession = count <= 0 ? 0 : Math.max(total === 0 ? 2 : 1, Math.ceil(count / o.sessions));
    const turnMs: number[] = [];
    const failed: string[] = [];
    const rss: LoadTurns['rss'] = [];
    const rssAt = new Set(rssAtList);
    let done = 0;
    const cpu0 = groupCpuMs(pgid);
    const wall0 = Date.now();
    const turn = async (session: number, n: number): Promise<void> => {
      const agent = agents[session % agents.length]!;
      const id = `s${session}t${n}`;
      const kind = n === 1 ? 'spawn' : 'work';
      const started = performance.now();
      try {
        const r = await fetch(`http://127.0.0.1:${port}/v1/chat/completions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}`, 'x-openclaw-session-key': `agent:${agent.id}:load-${session}` },
          body: JSON.stringify({ model: `openclaw/${agent.id}`, messages: [{ role: 'user', content: `LOAD ${kind} ${id}` }] }),
          signal: AbortSignal.timeout(300_000),
        });
        const body = await r.text();
        if (r.status !== 200) failed.push(`${id}: HTTP ${r.status} ${body.slice(0, 200)}`);
      } catch (err) {
        failed.push(`${id}: ${(err as Error).message}`);
      }
      turnMs.push(performance.now() - started);
      done++;
      if (rssAt.has(done)) {
        rss.push({ turns: done, kib: processGroupStat(pgid).rssKib });
        log(`${done} turns: gateway RSS ${(rss[rss.length - 1]!.kib / 1024).toFixed(0)} MiB`);
      }
    };
    await Promise.all(
      Array.from({ length: o.sessions }, async (_, s) => {
        for (let k = 0; k < perSession; k++) await turn(s, next[s]!++);
      }),
    );
    const cpuMs = groupCpuMs(pgid) - cpu0;
    const wallMs = Date.now() - wall0;
    total += done;
    rss.push({ turns: done, kib: processGroupStat(pgid).rssKib });
    const failedTurns = failed.length;
    // A turn the gateway failed: what it logged of why (its chat-completions endpoint answers only "internal error").
    if (failed.length) failed.push(...gatewayFailures(join(home, 'openclaw.log')));
    return { turnMs, failed, failedTurns, rss, cpuMs, wallMs };
  };
  const finish = async (read = true): Promise<Pick<LoadResult, 'calls' | 'ledgers' | 'stages'> | null> => {
    try {
      if (!read) return null;
      // The subagents' announces and the last hook calls settle.
      await settle();
      await stop();
      const calls = existsSync(callsFile) ? readFileSync(callsFile, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as HookCall) : [];
      const ledgers = o.plugin
        ? agents.map((a) => {
            // `log` gives at most 10,000 events: a ledger with more would be read short, so that is an error here.
            const r = spawnSync(NODE, [CLI, 'log', '--json', '--limit', '10000'], { cwd: a.dir, env: cliEnv, encoding: 'utf8', maxBuffer: 1024 * 1024 * 1024 });
            if (r.status !== 0) throw new Error(`continuity log in ${a.dir}: ${r.stderr}`);
            const all = r.stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l));
            if (all.length >= 10000) throw new Error(`${a.dir}: 10,000 events or more; run fewer turns per workspace`);
            const events = all.filter((e: { source?: string }) => e.source === 'hook:openclaw');
            return { workspace: a.dir, agent: a.id, events };
          })
        : [];
      return { calls, ledgers, stages: stages() };
    } finally {
      await stop();
      if (!process.env.CONTINUITY_REAL_CLIENT_KEEP) rmSync(base, { recursive: true, force: true });
      else log(`kept ${base}`);
    }
  };
  const stages = () => (o.plugin && existsSync(stagesFile) ? (JSON.parse(readFileSync(stagesFile, 'utf8')) as StageSums) : null);
  const gc = (): GcSums | null => {
    try {
      return JSON.parse(readFileSync(gcFile, 'utf8')) as GcSums;
    } catch {
      return null;
    }
  };
  return { turns, finish, settle, stages, gc, cpuMs: () => groupCpuMs(pgid) };
}

/** The ledger held against the hook calls: each tool call recorded once before and once after it ran, each stop once. */
export function ledgerAgainstCalls(r: Pick<LoadResult, 'calls' | 'ledgers'>): { agent: string; toolCalls: number; preMissing: string[]; preDoubled: string[]; postMissing: string[]; postDoubled: string[]; finalizes: number; stops: number }[] {
  return r.ledgers.map((l) => {
    const mine = r.calls.filter((c) => c.sessionKey?.startsWith(`agent:${l.agent}:`));
    const count = (ids: (string | undefined)[]) => ids.reduce((m, id) => (id ? m.set(id, (m.get(id) ?? 0) + 1) : m), new Map<string, number>());
    const pre = count(l.events.filter((e) => e.kind === 'PreToolUse').map((e) => e.input?.tool_use_id));
    const post = count(l.events.filter((e) => e.kind === 'PostToolUse').map((e) => e.input?.tool_use_id));
    const before = mine.filter((c) => c.hook === 'before_tool_call').map((c) => c.toolCallId!);
    const afterIds = mine.filter((c) => c.hook === 'after_tool_call').map((c) => c.toolCallId!);
    return {
      agent: l.agent,
      toolCalls: before.length,
      preMissing: before.filter((id) => !pre.has(id)),
      preDoubled: [...pre].filter(([, n]) => n > 1).map(([id]) => id),
      postMissing: afterIds.filter((id) => !post.has(id)),
      postDoubled: [...post].filter(([, n]) => n > 1).map(([id]) => id),
      finalizes: mine.filter((c) => c.hook === 'before_agent_finalize').length,
      stops: l.events.filter((e) => e.kind === 'Stop' || e.kind === 'SubagentStop').length,
    };
  });
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** The gateway's warnings about failed chat completions (the reason behind an HTTP 500), from its log file. */
function gatewayFailures(logFile: string): string[] {
  if (!existsSync(logFile)) return [`gateway log ${logFile} missing`];
  return readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((l) => /chat completion failed|continuity/i.test(l) && /fail|error/i.test(l))
    .slice(0, 20)
    .map((l) => `gateway: ${l.slice(0, 600)}`);
}
