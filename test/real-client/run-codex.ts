// Runs the real Codex CLI (pinned, scripts/install-agent-clients.mjs) against
// the scripted Responses API server, in a project set up by
// `continuity init --agent codex`, with a home of its own.
//
// What a person does by hand, done here the same way:
// - the model provider: `config.toml` with a provider whose `base_url` is the
//   scripted server (`wire_api = "responses"`), and a model catalog
//   (`model_catalog_json`) naming the scripted model, so Codex offers it its
//   `apply_patch` and subagent tools as it does to its own models;
// - trusting the project (`[projects."<dir>"] trust_level = "trusted"`) and
//   reviewing its hooks: `/hooks` in Codex's UI records each hook's hash as
//   `[hooks.state."<key>"] trusted_hash`; here the hashes come from Codex's
//   own app server (`hooks/list`), the list that UI shows.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AgentProject, clientBinary, runProcess, type LoggedEvent, type ProcessResult, type ProjectOptions } from './agent-project.js';
import { startResponsesServer, type ResponsesRequest, type ResponsesScenario } from './responses-server.js';

export const SCRIPTED_MODEL = 'scripted';

/** The catalog entry Codex needs for a model it does not know (its fields as 0.169.0 requires them). */
const CATALOG = {
  models: [
    {
      slug: SCRIPTED_MODEL,
      display_name: SCRIPTED_MODEL,
      description: 'A scripted model on 127.0.0.1.',
      base_instructions: 'You are a scripted model.',
      supported_reasoning_levels: [],
      shell_type: 'shell_command',
      visibility: 'list',
      supported_in_api: true,
      priority: 1,
      apply_patch_tool_type: 'freeform',
      multi_agent_version: 'v1',
      truncation_policy: { mode: 'tokens', limit: 10000 },
      context_window: 272000,
      input_modalities: ['text'],
      supports_parallel_tool_calls: false,
      support_verbosity: false,
      experimental_supported_tools: [],
    },
  ],
};

export interface CodexRunOptions extends ResponsesScenario {
  prompt: string;
  /** Resume this session (`codex exec resume <id> <prompt>`). */
  resume?: string;
  /** More top-level `config.toml` lines for this run (e.g. `model_auto_compact_token_limit = 100`). */
  config?: string[];
  /** More `codex exec` options for this run (a person's flags: `--sandbox …`). */
  args?: string[];
  /** Codex's `approval_policy` for this run (default `never`: nobody answers an approval prompt here). */
  approvalPolicy?: string;
  timeoutMs?: number;
  /** Polled while Codex runs: kill it (and everything it started) when this says yes. */
  crashWhen?: (p: CodexProject) => boolean;
}

export interface CodexRunResult extends ProcessResult {
  requests: ResponsesRequest[];
  conversation: ResponsesRequest[];
  subagentRequests: ResponsesRequest[];
  /** Codex's compaction requests (its summarisation prompt). */
  compactions: ResponsesRequest[];
  unknownPaths: string[];
  /** `codex exec --json` events. */
  events: Record<string, any>[];
  sessionId: string | null;
  /** The hook calls this run made, as the ledger recorded them. */
  hooks: LoggedEvent[];
  files: Record<string, string>;
  ledgerStatus: any;
}

export interface CodexProjectOptions extends ProjectOptions {
  /**
   * Codex's own sandbox: `off` runs it with `danger-full-access` (what most
   * scenarios look at is the hooks); `project` sets nothing in the user's
   * config, so the project's `.codex/config.toml` (the wall init writes)
   * decides, as it does for a person whose config names no sandbox.
   */
  sandbox?: 'off' | 'project';
}

export class CodexProject extends AgentProject {
  readonly codexHome: string;
  readonly sandbox: 'off' | 'project';
  private trusted: { key: string; hash: string }[] = [];

  constructor(opts: CodexProjectOptions = {}) {
    super('codex', opts);
    this.sandbox = opts.sandbox ?? 'off';
    this.codexHome = join(this.home, '.codex');
    mkdirSync(this.codexHome, { recursive: true });
    writeFileSync(join(this.codexHome, 'catalog.json'), JSON.stringify(CATALOG, null, 2));
  }

  env(): NodeJS.ProcessEnv {
    return this.baseEnv({ CODEX_HOME: this.codexHome, SCRIPTED_API_KEY: 'scripted-offline-key' });
  }

  writeConfig(baseUrl: string, extra: string[] = [], approvalPolicy = 'never'): void {
    const lines = [
      `model = "${SCRIPTED_MODEL}"`,
      'model_provider = "scripted"',
      `model_catalog_json = ${JSON.stringify(join(this.codexHome, 'catalog.json'))}`,
      `approval_policy = ${JSON.stringify(approvalPolicy)}`,
      // Most scenarios look at the hooks alone (the `--sandbox` flag of run() is what takes the project's wall away).
      ...(this.sandbox === 'off' ? ['sandbox_mode = "danger-full-access"'] : []),
      'check_for_update_on_startup = false',
      ...extra,
      '',
      '[model_providers.scripted]',
      'name = "scripted"',
      `base_url = "${baseUrl}/v1"`,
      'wire_api = "responses"',
      'env_key = "SCRIPTED_API_KEY"',
      'request_max_retries = 0',
      'stream_max_retries = 0',
      '',
      `[projects.${JSON.stringify(this.dir)}]`,
      'trust_level = "trusted"',
      '',
      ...this.trusted.flatMap((t) => [`[hooks.state.${JSON.stringify(t.key)}]`, `trusted_hash = ${JSON.stringify(t.hash)}`, '']),
    ];
    writeFileSync(join(this.codexHome, 'config.toml'), lines.join('\n'));
  }

  /** The hooks Codex finds for the project, with their hashes and trust (its app server's `hooks/list`). */
  async listHooks(): Promise<{ key: string; eventName: string; command: string; currentHash: string; trustStatus: string; source: string }[]> {
    this.writeConfig('http://127.0.0.1:9');
    const reply = await appServerCall(clientBinary('codex'), this.dir, this.env(), 'hooks/list', { cwds: [this.dir] });
    const data = (reply as { data?: { hooks?: unknown[] }[] }).data ?? [];
    return data.flatMap((d) => (d.hooks ?? []) as never[]);
  }

  /** What a person does in `/hooks`: trusts every hook of the project as it is now. */
  async trustHooks(): Promise<void> {
    const hooks = await this.listHooks();
    this.trusted = hooks.filter((h) => h.source === 'project').map((h) => ({ key: h.key, hash: h.currentHash }));
  }

  async run(o: CodexRunOptions): Promise<CodexRunResult> {
    const timeoutMs = o.timeoutMs ?? 60_000;
    const log = process.env.CONTINUITY_REAL_CLIENT_DEBUG ? (l: string) => process.stderr.write(`${l}\n`) : () => {};
    const bin = clientBinary('codex');
    const server = await startResponsesServer(o, { lifetimeMs: timeoutMs + 10_000, log });
    const before = this.events().length;
    try {
      this.writeConfig(server.url, o.config, o.approvalPolicy);
      // `sandbox_mode` in the user's config does not override the project's `default_permissions` (0.169.0): a person's flag does.
      const sandbox = this.sandbox === 'off' ? ['--sandbox', 'danger-full-access'] : [];
      const args = ['exec', '--json', ...sandbox, ...(o.args ?? []), ...(o.resume ? ['resume', o.resume] : []), o.prompt];
      const run = await runProcess({ bin, args, cwd: this.dir, env: this.env(), timeoutMs, log, ...(o.crashWhen ? { crashWhen: () => o.crashWhen!(this) } : {}) });
      const events = run.stdout
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Record<string, any>);
      const sessionId = (events.find((e) => e.type === 'thread.started')?.thread_id as string | undefined) ?? null;
      return {
        ...run,
        requests: server.requests,
        conversation: server.conversation(),
        subagentRequests: server.subagentRequests(),
        compactions: server.compactions(),
        unknownPaths: server.unknown,
        events,
        sessionId,
        hooks: this.events().slice(before).filter((e) => e.source === 'hook:codex'),
        files: this.files(),
        ledgerStatus: this.status(),
      };
    } finally {
      await server.close();
    }
  }
}

/** A project set up for Codex, its hooks trusted as a person does in `/hooks`. */
export async function codexProject(opts: CodexProjectOptions = {}): Promise<CodexProject> {
  const p = new CodexProject(opts);
  await p.trustHooks();
  return p;
}

/** One JSON-RPC call to `codex app-server` (stdio), after its `initialize` handshake. */
async function appServerCall(bin: string, cwd: string, env: NodeJS.ProcessEnv, method: string, params: unknown): Promise<unknown> {
  const child = spawn(bin, ['app-server'], { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
  let buf = '';
  const waiting = new Map<number, (m: { result?: unknown; error?: unknown }) => void>();
  child.stdout.on('data', (d) => {
    buf += d;
    for (let i = buf.indexOf('\n'); i >= 0; i = buf.indexOf('\n')) {
      const line = buf.slice(0, i);
      buf = buf.slice(i + 1);
      try {
        const m = JSON.parse(line) as { id?: number; result?: unknown; error?: unknown };
        if (typeof m.id === 'number') waiting.get(m.id)?.(m);
      } catch {
        // not a message
      }
    }
  });
  let id = 0;
  const call = (m: string, p: unknown) =>
    new Promise<unknown>((ok, fail) => {
      const n = ++id;
      const timer = setTimeout(() => fail(new Error(`codex app-server: no answer to ${m}`)), 30_000);
      waiting.set(n, (r) => {
        clearTimeout(timer);
        if (r.error) fail(new Error(`codex app-server ${m}: ${JSON.stringify(r.error)}`));
        else ok(r.result);
      });
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: n, method: m, params: p })}\n`);
    });
  try {
    await call('initialize', { clientInfo: { name: 'continuity-tests', version: '0' } });
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'initialized' })}\n`);
    return await call(method, params);
  } finally {
    child.kill('SIGKILL');
  }
}

/** The hook calls of one event in a run (Codex's event name, as recorded). */
export function codexHooks(r: CodexRunResult, event: string): LoggedEvent[] {
  return r.hooks.filter((h) => h.kind === event || h.kind === `codex:${event}`);
}
