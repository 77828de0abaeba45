// Runs the real Gemini CLI (pinned, scripts/install-agent-clients.mjs) against
// the scripted Gemini API server, in a project set up by
// `continuity init --agent gemini`, with a home of its own, set up as
// src/demo/real-client/gemini-process.ts does for the demo.
import { AgentProject, clientBinary, runProcess, type LoggedEvent, type ProcessResult, type ProjectOptions } from './agent-project.js';
import { geminiArgs, geminiEnvVars, writeGeminiUserSettings } from '../../src/demo/real-client/gemini-process.js';
import { startGeminiServer, type GeminiRequest, type GeminiScenario } from '../../src/demo/real-client/gemini-server.js';

export interface GeminiRunOptions extends GeminiScenario {
  prompt: string;
  /** Resume a saved session (`--resume <id|latest>`). */
  resume?: string;
  timeoutMs?: number;
}

export interface GeminiRunResult extends ProcessResult {
  requests: GeminiRequest[];
  conversation: GeminiRequest[];
  /** Gemini CLI's compression requests. */
  compressions: GeminiRequest[];
  unknownPaths: string[];
  /** `gemini -o stream-json` events. */
  events: Record<string, any>[];
  hooks: LoggedEvent[];
  files: Record<string, string>;
  ledgerStatus: any;
}

export class GeminiProject extends AgentProject {
  constructor(opts: ProjectOptions = {}) {
    super('gemini', opts);
    writeGeminiUserSettings(this.home);
  }

  env(baseUrl: string): NodeJS.ProcessEnv {
    return this.baseEnv(geminiEnvVars(this.home, baseUrl));
  }

  async run(o: GeminiRunOptions): Promise<GeminiRunResult> {
    const timeoutMs = o.timeoutMs ?? 90_000;
    const log = process.env.CONTINUITY_REAL_CLIENT_DEBUG ? (l: string) => process.stderr.write(`${l}\n`) : () => {};
    const bin = clientBinary('gemini');
    const server = await startGeminiServer(o, { lifetimeMs: timeoutMs + 10_000, log });
    const before = this.events().length;
    try {
      const args = geminiArgs(o.prompt, o.resume);
      const run = await runProcess({ bin, args, cwd: this.dir, env: this.env(server.url), timeoutMs, log });
      const events = run.stdout
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Record<string, any>);
      return {
        ...run,
        requests: server.requests,
        conversation: server.conversation(),
        compressions: server.compressions(),
        unknownPaths: server.unknown,
        events,
        hooks: this.events().slice(before).filter((e) => e.source === 'hook:gemini'),
        files: this.files(),
        ledgerStatus: this.status(),
      };
    } finally {
      await server.close();
    }
  }
}

export function geminiProject(opts: ProjectOptions = {}): GeminiProject {
  return new GeminiProject(opts);
}

/** The hook calls of one Gemini CLI event in a run (recorded under its Claude Code name, with the agent's name kept). */
export function geminiHooks(r: GeminiRunResult, event: string): LoggedEvent[] {
  return r.hooks.filter((h) => h.input?.agent_event_name === event || h.kind === `gemini:${event}`);
}
