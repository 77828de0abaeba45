// Runs the real pi (pinned, scripts/install-agent-clients.mjs) against the
// scripted chat-completions server, in a project set up by
// `continuity init --agent pi`, with a home of its own, as
// src/demo/real-client/pi-process.ts does for the demo.
import { AgentProject, clientBinary, type LoggedEvent, type ProcessResult, type ProjectOptions } from './agent-project.js';
import { runPiOnce } from '../../src/demo/real-client/pi-process.js';
import { startChatServer, type ChatRequest, type ChatScenario } from './chat-completions-server.js';

export interface PiRunOptions extends ChatScenario {
  prompt: string;
  continueLast?: boolean;
  /** The model's context window (pi compacts once a turn's tokens pass it less its 16384-token reserve). */
  contextWindow?: number;
  timeoutMs?: number;
}

export interface PiRunResult extends ProcessResult {
  requests: ChatRequest[];
  conversation: ChatRequest[];
  hooks: LoggedEvent[];
  files: Record<string, string>;
  ledgerStatus: any;
}

export class PiProject extends AgentProject {
  constructor(opts: ProjectOptions = {}) {
    super('pi', opts);
  }

  async run(o: PiRunOptions): Promise<PiRunResult> {
    const timeoutMs = o.timeoutMs ?? 90_000;
    const log = process.env.CONTINUITY_REAL_CLIENT_DEBUG ? (l: string) => process.stderr.write(`${l}\n`) : () => {};
    const bin = clientBinary('pi');
    const server = await startChatServer(o, { lifetimeMs: timeoutMs + 10_000, log });
    const before = this.events().length;
    try {
      const run = await runPiOnce({ bin, prompt: o.prompt, cwd: this.dir, home: this.home, env: this.baseEnv(), baseUrl: server.url, timeoutMs, continueLast: o.continueLast, contextWindow: o.contextWindow, log });
      return {
        ...run,
        requests: server.requests,
        conversation: server.conversation(),
        hooks: this.events().slice(before).filter((e) => e.source === 'hook:pi'),
        files: this.files(),
        ledgerStatus: this.status(),
      };
    } finally {
      await server.close();
    }
  }
}

export function piProject(opts: ProjectOptions = {}): PiProject {
  return new PiProject(opts);
}

/** The hook calls of one pi event in a run (recorded under its Claude Code name, with pi's kept). */
export function piHooks(r: PiRunResult, event: string): LoggedEvent[] {
  return r.hooks.filter((h) => h.input?.agent_event_name === event || h.kind === `pi:${event}`);
}
