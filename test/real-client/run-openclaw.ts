// Runs the real OpenClaw (pinned, scripts/install-openclaw.mjs, on its own
// Node 24) with continuity's plugin loaded from this clone (openclaw/), in a
// project of its own, against the scripted chat-completions server.
//
// What a person does by hand, done here the same way: a config file naming
// a provider (`api: "openai-completions"`, `baseUrl` the scripted server), the
// project as the agent's workspace, the plugin by path (`plugins.load.paths`,
// `plugins.allow`), then `openclaw gateway run` and `openclaw agent` turns
// through it. HOME, OPENCLAW_STATE_DIR and OPENCLAW_CONFIG_PATH are the
// project's own, so nothing of the machine's is read or written.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { after } from 'node:test';
import { AgentProject, REPO_ROOT, runProcess, type LoggedEvent, type ProcessResult, type ProjectOptions } from './agent-project.js';
import { addedUserText, startChatServer, type ChatRequest, type ChatScenario, type ChatServer } from './chat-completions-server.js';

export const SCRIPTED_MODEL = 'scripted';
const TOKEN = 'local-token';

interface OpenClawPaths {
  node: string;
  pathDir: string;
  openclaw: string;
  packageDir: string;
}

let paths: OpenClawPaths | null = null;
/** The pinned OpenClaw and its Node, installed on first use; a failed install fails the test. */
export function openclawPaths(): OpenClawPaths {
  if (paths) return paths;
  const r = spawnSync(process.execPath, [join(REPO_ROOT, 'scripts', 'install-openclaw.mjs'), '--print-paths'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`openclaw could not be installed: ${(r.stderr || r.error?.message || '').trim()}`);
  paths = JSON.parse(r.stdout.trim().split('\n').pop()!) as OpenClawPaths;
  return paths;
}

export interface OpenClawTurn extends ProcessResult {
  /** `openclaw agent --json`'s answer. */
  json: any;
}

export interface OpenClawRunResult {
  turn: OpenClawTurn;
  /** The server's requests since this run began. */
  requests: ChatRequest[];
  conversation: ChatRequest[];
  /** The plugin's calls since this run began, as the ledger recorded them. */
  hooks: LoggedEvent[];
  files: Record<string, string>;
  ledgerStatus: any;
}

/** A port nothing listens on, on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => ok(port));
    });
  });
}

export class OpenClawProject extends AgentProject {
  readonly stateDir: string;
  readonly configPath: string;
  readonly logFile: string;
  private server: ChatServer | null = null;
  private gateway: ChildProcess | null = null;
  private gatewayOutput = '';
  private port = 0;

  /** `tools.toolSearch`: off, every tool is offered directly; on (OpenClaw's default), most are reached through `tool_call`. */
  private readonly toolSearch: boolean;
  /**
   * How the plugin gets into the gateway: `config`, its entries written into
   * openclaw.json with the rest (by hand, as the docs once had it); `cli`,
   * the documented two commands, `openclaw plugins install <clone>/openclaw`
   * then `continuity init --agent openclaw` (their output in `installLog`).
   */
  readonly install: 'config' | 'cli';
  installLog = '';

  constructor(opts: ProjectOptions & { toolSearch?: boolean; install?: 'config' | 'cli' } = {}) {
    super('openclaw', opts);
    this.toolSearch = opts.toolSearch ?? false;
    this.install = opts.install ?? 'config';
    this.stateDir = join(this.home, '.openclaw');
    this.configPath = join(this.stateDir, 'openclaw.json');
    this.logFile = join(this.home, 'openclaw.log');
    mkdirSync(this.stateDir, { recursive: true });
    after(() => this.stop());
  }

  env(): NodeJS.ProcessEnv {
    const p = openclawPaths();
    const capture = process.env.CONTINUITY_REAL_CLIENT_CAPTURE;
    const env = this.baseEnv({ ...(capture ? { CONTINUITY_OPENCLAW_CAPTURE_DIR: resolve(capture) } : {}), OPENCLAW_STATE_DIR: this.stateDir, OPENCLAW_CONFIG_PATH: this.configPath, OPENCLAW_DISABLE_BONJOUR: '1', OPENCLAW_NO_AUTO_UPDATE: '1', OPENCLAW_GATEWAY_TOKEN: TOKEN });
    return { ...env, PATH: `${p.pathDir}:${env.PATH}` };
  }

  private writeConfig(baseUrl: string): void {
    // CONTINUITY_REAL_CLIENT_CAPTURE=DIR: a second plugin saves every hook call's event and context there (fixtures).
    const capture = process.env.CONTINUITY_REAL_CLIENT_CAPTURE;
    const plugins = [join(REPO_ROOT, 'openclaw'), ...(capture ? [join(REPO_ROOT, 'test', 'real-client', 'openclaw-capture')] : [])];
    const ids = ['continuity', ...(capture ? ['continuity-capture'] : [])];
    const config = {
      models: {
        mode: 'replace',
        providers: {
          scripted: {
            baseUrl: `${baseUrl}/v1`,
            apiKey: 'scripted-offline-key',
            api: 'openai-completions',
            models: [{ id: SCRIPTED_MODEL, name: 'Scripted', reasoning: false, input: ['text'], cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 }, contextWindow: 128000, maxTokens: 4096 }],
          },
        },
      },
      agents: { defaults: { model: { primary: `scripted/${SCRIPTED_MODEL}` }, workspace: this.dir, skipBootstrap: true } },
      ...(this.install === 'config' ? { plugins: { allow: ids, load: { paths: plugins }, entries: Object.fromEntries(ids.map((id) => [id, { enabled: true, hooks: { allowConversationAccess: true } }])) } } : {}),
      gateway: { mode: 'local', port: this.port, bind: 'loopback', auth: { mode: 'token', token: TOKEN } },
      // OpenClaw's own default (the key left out) is tool search on.
      ...(this.toolSearch ? {} : { tools: { toolSearch: false } }),
      logging: { file: this.logFile },
    };
    writeFileSync(this.configPath, `${JSON.stringify(config, null, 2)}\n`);
  }

  /** Starts the scripted server and the gateway (once per project), ready for turns. */
  async start(first: ChatScenario): Promise<void> {
    if (this.gateway) {
      this.server!.load(first);
      return;
    }
    const log = process.env.CONTINUITY_REAL_CLIENT_DEBUG ? (l: string) => process.stderr.write(`${l}\n`) : () => {};
    this.server = await startChatServer(first, { lifetimeMs: 600_000, log });
    this.port = await freePort();
    this.writeConfig(this.server.url);
    if (this.install === 'cli') await this.installByCommands();
    await this.spawnGateway();
  }

  /** Starts `openclaw gateway run` on the project's port and waits until it answers. */
  private async spawnGateway(): Promise<void> {
    const p = openclawPaths();
    const child = spawn(p.openclaw, ['gateway', 'run', '--port', String(this.port), '--bind', 'loopback', '--auth', 'token', '--token', TOKEN], { cwd: this.dir, env: this.env(), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    this.gateway = child;
    child.stdout!.on('data', (d) => (this.gatewayOutput += d));
    child.stderr!.on('data', (d) => (this.gatewayOutput += d));
    const deadline = Date.now() + 90_000;
    while (!(await this.gatewayReady())) {
      if (child.exitCode !== null) throw new Error(`openclaw gateway exited ${child.exitCode}:\n${this.gatewayOutput.slice(-3000)}`);
      if (Date.now() > deadline) throw new Error(`openclaw gateway not ready after 90 s:\n${this.gatewayOutput.slice(-3000)}`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }

  /** Kills the gateway at once (SIGKILL, its whole process group): no hook of its own runs, nothing is flushed. */
  async killGateway(): Promise<void> {
    const child = this.gateway;
    this.gateway = null;
    if (!child?.pid || child.exitCode !== null) return;
    const exited = new Promise<void>((ok) => child.once('exit', () => ok()));
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // gone
    }
    await exited;
  }

  /** Starts the gateway again on the same state folder, config and port (the scripted server stays up). */
  async restartGateway(): Promise<void> {
    if (this.gateway) throw new Error('the gateway is still running');
    await this.spawnGateway();
  }

  /** The scripted server's requests so far. */
  requests(): ChatRequest[] {
    return this.server?.requests ?? [];
  }

  /** A new script for the scripted server (the recorded requests are kept). */
  load(s: ChatScenario): void {
    this.server!.load(s);
  }

  /**
   * The two commands the docs give. OpenClaw asks a person at a terminal to
   * confirm a plugin from a local path and to accept its capabilities; run
   * without a terminal, as here, it takes `--force` and
   * `--accept-capabilities` for those answers.
   */
  private async installByCommands(): Promise<void> {
    const p = openclawPaths();
    const source = join(REPO_ROOT, 'openclaw');
    const link = process.env.CONTINUITY_OPENCLAW_INSTALL_LINK ? ['--link'] : [];
    const installed = await runProcess({ bin: p.openclaw, args: ['plugins', 'install', ...link, source, '--force', '--accept-capabilities'], cwd: this.dir, env: this.env(), timeoutMs: 120_000 });
    this.installLog += `$ openclaw plugins install ${[...link, source].join(' ')} --force --accept-capabilities\n${installed.stdout}${installed.stderr}`;
    if (installed.exitCode !== 0) throw new Error(`openclaw plugins install exited ${installed.exitCode}:\n${this.installLog}`);
    const init = this.continuity(['init', '--agent', 'openclaw', '--no-gitignore'], this.openclawEnv());
    this.installLog += `$ continuity init --agent openclaw --no-gitignore\n${init.stdout}${init.stderr}`;
  }

  /** What the person's shell has for OpenClaw: where its state and config are. */
  openclawEnv(): NodeJS.ProcessEnv {
    return { OPENCLAW_STATE_DIR: this.stateDir, OPENCLAW_CONFIG_PATH: this.configPath };
  }

  /** `openclaw plugins inspect continuity --runtime --json`. */
  async inspect(): Promise<ProcessResult & { json: any }> {
    const p = openclawPaths();
    const r = await runProcess({ bin: p.openclaw, args: ['plugins', 'inspect', 'continuity', '--runtime', '--json'], cwd: this.dir, env: this.env(), timeoutMs: 120_000 });
    let json: any = null;
    try {
      json = JSON.parse(r.stdout.slice(r.stdout.indexOf('{')));
    } catch {
      json = null;
    }
    return { ...r, json };
  }

  private async gatewayReady(): Promise<boolean> {
    try {
      const r = await fetch(`http://127.0.0.1:${this.port}/healthz`);
      return r.status < 500;
    } catch {
      return false;
    }
  }

  /**
   * One embedded turn (`openclaw agent --local`), with no gateway: the scripted
   * server and the config are set up on first use; no gateway may run.
   */
  async localTurn(o: ChatScenario & { message: string; session?: string; timeoutMs?: number }): Promise<OpenClawTurn> {
    if (this.gateway) throw new Error('a gateway runs for this state folder: --local refuses to run');
    if (!this.server) {
      const log = process.env.CONTINUITY_REAL_CLIENT_DEBUG ? (l: string) => process.stderr.write(`${l}\n`) : () => {};
      this.server = await startChatServer(o, { lifetimeMs: 600_000, log });
      this.port = await freePort();
      this.writeConfig(this.server.url);
    }
    this.server.load(o);
    const p = openclawPaths();
    const args = ['agent', '--local', '--agent', 'main', '--session-id', o.session ?? 'main', '--message', o.message, '--json'];
    const r = await runProcess({ bin: p.openclaw, args, cwd: this.dir, env: this.env(), timeoutMs: o.timeoutMs ?? 180_000 });
    let json: any = null;
    try {
      json = JSON.parse(r.stdout.slice(r.stdout.indexOf('{')));
    } catch {
      json = null;
    }
    return { ...r, json };
  }

  /** One `openclaw agent` turn through the gateway, in the session `agent:main:<session>`. */
  async turn(o: { message: string; session?: string; timeoutMs?: number }): Promise<OpenClawTurn> {
    const p = openclawPaths();
    const args = ['agent', '--agent', 'main', '--session-key', `agent:main:${o.session ?? 'main'}`, '--message', o.message, '--json'];
    const r = await runProcess({ bin: p.openclaw, args, cwd: this.dir, env: this.env(), timeoutMs: o.timeoutMs ?? 120_000 });
    let json: any = null;
    try {
      json = JSON.parse(r.stdout.slice(r.stdout.indexOf('{')));
    } catch {
      json = null;
    }
    return { ...r, json };
  }

  /** A scenario: the script loaded, one operator turn, then `settle` waited for (continuations run after the turn returns). */
  async run(o: ChatScenario & { message: string; session?: string; settle?: (r: { requests: ChatRequest[]; hooks: () => LoggedEvent[] }) => boolean; settleMs?: number }): Promise<OpenClawRunResult> {
    await this.start(o);
    this.server!.load(o);
    const fromRequest = this.server!.requests.length;
    const before = this.events().length;
    const turn = await this.turn({ message: o.message, session: o.session });
    const requests = () => this.server!.requests.slice(fromRequest);
    const hooks = () => this.events().slice(before).filter((e) => e.source === 'hook:openclaw');
    if (o.settle) {
      const deadline = Date.now() + (o.settleMs ?? 60_000);
      while (!o.settle({ requests: requests(), hooks }) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 500));
    }
    const reqs = requests();
    return {
      turn,
      requests: reqs,
      conversation: reqs.filter((r) => r.kind === 'scenario' || r.kind === 'after-last'),
      hooks: hooks(),
      files: this.files(),
      ledgerStatus: this.status(),
    };
  }

  /** `openclaw sessions compact <key>`: the gateway compacts the session's history (asking the model for a summary). */
  async compact(session = 'main'): Promise<ProcessResult> {
    const p = openclawPaths();
    return runProcess({ bin: p.openclaw, args: ['sessions', 'compact', `agent:main:${session}`, '--json'], cwd: this.dir, env: this.env(), timeoutMs: 60_000 });
  }

  /** What the gateway logged (its log file), for failure messages. */
  gatewayLog(): string {
    return (existsSync(this.logFile) ? readFileSync(this.logFile, 'utf8') : '') + this.gatewayOutput;
  }

  async stop(): Promise<void> {
    const child = this.gateway;
    this.gateway = null;
    if (child?.pid && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // gone
      }
      const exited = new Promise<void>((ok) => child.once('exit', () => ok()));
      const killed = new Promise<void>((ok) =>
        setTimeout(() => {
          try {
            process.kill(-child.pid!, 'SIGKILL');
          } catch {
            // gone
          }
          ok();
        }, 5000).unref(),
      );
      await Promise.race([exited, killed]);
    }
    await this.server?.close();
    this.server = null;
  }
}

/** A compact account of a run, for failure messages: the requests, the plugin's calls, the gateway's words about plugins. */
export function timeline(p: OpenClawProject, r: OpenClawRunResult): string {
  const lines = [`openclaw agent exit ${r.turn.exitCode}${r.turn.timedOut ? ' (killed)' : ''} in ${r.turn.durationMs} ms; ${r.requests.length} requests`];
  r.requests.forEach((q: ChatRequest) => lines.push(`  #${q.seq} [${q.kind}${q.turn !== undefined ? ` turn ${q.turn}` : ''}] ${addedUserText(q).slice(0, 240).replace(/\n/g, ' ⏎ ')}`));
  for (const h of r.hooks) lines.push(`  hook ${h.kind} ${h.sessionId ?? ''} → ${JSON.stringify(h.decision?.output ?? h.decision?.action ?? null).slice(0, 200)}`);
  if (r.turn.stderr.trim()) lines.push(`  stderr: ${r.turn.stderr.trim().slice(-600)}`);
  lines.push(`  gateway log tail: ${p.gatewayLog().split('\n').filter((l) => /continuity|plugin|error/i.test(l)).slice(-15).join('\n    ')}`);
  return lines.join('\n');
}
