// Runs the real Codex CLI (pinned, scripts/install-agent-clients.mjs) against
// the scripted Responses API server, in a project set up by
// `continuity init --agent codex`, with a home of its own; what a person sets
// by hand (the provider, the trusted project and hooks) as
// src/demo/real-client/codex-process.ts writes it.
import { join } from 'node:path';
import { AgentProject, clientBinary, runProcess, type LoggedEvent, type ProcessResult, type ProjectOptions } from './agent-project.js';
import { CODEX_SCRIPTED_ENV, codexHookList, projectHooksTrusted, writeCodexCatalog, writeCodexConfig, type CodexHook, type TrustedHook } from '../../src/demo/real-client/codex-process.js';
import { startResponsesServer, type ResponsesRequest, type ResponsesScenario } from '../../src/demo/real-client/responses-server.js';

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
  private trusted: TrustedHook[] = [];

  constructor(opts: CodexProjectOptions = {}) {
    super('codex', opts);
    this.sandbox = opts.sandbox ?? 'off';
    this.codexHome = join(this.home, '.codex');
    writeCodexCatalog(this.codexHome);
  }

  env(): NodeJS.ProcessEnv {
    return this.baseEnv({ CODEX_HOME: this.codexHome, ...CODEX_SCRIPTED_ENV });
  }

  writeConfig(baseUrl: string, extra: string[] = [], approvalPolicy = 'never'): void {
    // Most scenarios look at the hooks alone (the `--sandbox` flag of run() is what takes the project's wall away).
    writeCodexConfig({ codexHome: this.codexHome, project: this.dir, baseUrl, trusted: this.trusted, approvalPolicy, fullAccess: this.sandbox === 'off', extra });
  }

  /** The hooks Codex finds for the project, with their hashes and trust (its app server's `hooks/list`). */
  async listHooks(): Promise<CodexHook[]> {
    this.writeConfig('http://127.0.0.1:9');
    return codexHookList(clientBinary('codex'), this.dir, this.env());
  }

  /** What a person does in `/hooks`: trusts every hook of the project as it is now. */
  async trustHooks(): Promise<void> {
    this.trusted = projectHooksTrusted(await this.listHooks());
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

/** The hook calls of one event in a run (Codex's event name, as recorded). */
export function codexHooks(r: CodexRunResult, event: string): LoggedEvent[] {
  return r.hooks.filter((h) => h.kind === event || h.kind === `codex:${event}`);
}
