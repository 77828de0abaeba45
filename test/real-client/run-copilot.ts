// Runs the real GitHub Copilot CLI (pinned, scripts/install-agent-clients.mjs)
// against the scripted chat-completions server, in a project set up by
// `continuity init --agent copilot`, with a home of its own in which the
// person has trusted the project (src/demo/real-client/copilot-process.ts).
import { AgentProject, clientBinary, runProcess, type LoggedEvent, type ProcessResult, type ProjectOptions } from './agent-project.js';
import { copilotArgs, copilotEnvVars, writeCopilotUserConfig } from '../../src/demo/real-client/copilot-process.js';
import { startChatServer, type ChatRequest, type ChatScenario, type ChatServerOptions } from './chat-completions-server.js';

export interface CopilotRunOptions extends ChatScenario {
  prompt: string;
  resume?: string;
  timeoutMs?: number;
  /** Variables of Copilot CLI's own for this run (its BYOK model limits, say). */
  env?: Record<string, string>;
  /** Answers some requests from another script (a subagent's own conversation): the scripted server's `route`. */
  route?: ChatServerOptions['route'];
}

export interface CopilotRunResult extends ProcessResult {
  requests: ChatRequest[];
  conversation: ChatRequest[];
  unknownPaths: string[];
  hooks: LoggedEvent[];
  files: Record<string, string>;
  ledgerStatus: any;
}

export class CopilotProject extends AgentProject {
  constructor(opts: ProjectOptions = {}) {
    super('copilot', opts);
    writeCopilotUserConfig(this.home, this.dir);
  }

  env(baseUrl: string): NodeJS.ProcessEnv {
    return this.baseEnv(copilotEnvVars(baseUrl));
  }

  async run(o: CopilotRunOptions): Promise<CopilotRunResult> {
    const timeoutMs = o.timeoutMs ?? 90_000;
    const log = process.env.CONTINUITY_REAL_CLIENT_DEBUG ? (l: string) => process.stderr.write(`${l}\n`) : () => {};
    const bin = clientBinary('copilot');
    const server = await startChatServer(o, { lifetimeMs: timeoutMs + 10_000, log, ...(o.route ? { route: o.route } : {}) });
    const before = this.events().length;
    try {
      const run = await runProcess({ bin, args: copilotArgs(o.prompt, o.resume), cwd: this.dir, env: { ...this.env(server.url), ...o.env }, timeoutMs, log });
      return {
        ...run,
        requests: server.requests,
        conversation: server.conversation(),
        unknownPaths: server.unknown,
        hooks: this.events().slice(before).filter((e) => e.source === 'hook:copilot'),
        files: this.files(),
        ledgerStatus: this.status(),
      };
    } finally {
      await server.close();
    }
  }
}

export function copilotProject(opts: ProjectOptions = {}): CopilotProject {
  return new CopilotProject(opts);
}

/** The hook calls of one event in a run. */
export function copilotHooks(r: CopilotRunResult, event: string): LoggedEvent[] {
  return r.hooks.filter((h) => h.kind === event);
}
