// Runs the real OpenCode (pinned, or the newest: CONTINUITY_REAL_CLIENT_OPENCODE)
// against the scripted chat-completions server, in a project set up by
// `continuity init --agent opencode` (its plugin in .opencode/plugins/), with
// a home of its own outside the temporary folder (continuity's own wall
// leaves that folder writable), set up as src/demo/real-client/opencode-process.ts
// does for the demo.
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { AgentProject, CLI, NODE, clientBinary, runProcess, type LoggedEvent, type ProcessResult, type ProjectOptions } from './agent-project.js';
import { OPENCODE_ENV, openCodeArgs, writeOpenCodeUserConfig } from '../../src/demo/real-client/opencode-process.js';
import { say, startChatServer, type ChatRequest, type ChatScenario, type Turn } from './chat-completions-server.js';
import { shellWord as sh } from '../../src/demo/real-client/claude-process.js';

/** `pinned` (default) or `newest`: scripts/test-real-client.mjs names the pass; the version is CONTINUITY_OPENCODE_NEWEST. */
export const OPENCODE_UNDER_TEST = process.env.CONTINUITY_REAL_CLIENT_OPENCODE === 'newest' ? 'newest' : 'pinned';

export interface OpenCodeRunOptions extends ChatScenario {
  prompt: string;
  /** Go on in the last session (`opencode run --continue`), as the person does in the TUI with a next prompt. */
  continueSession?: boolean;
  /** Go on in this session (`opencode run --session ID`). */
  session?: string;
  /** The model's context window in tokens (OpenCode compacts past it; see `usage` in the scripted server). */
  contextLimit?: number;
  timeoutMs?: number;
}

export interface OpenCodeRunResult extends ProcessResult {
  requests: ChatRequest[];
  /** The main conversation's requests (not the title requests, which carry no tools). */
  conversation: ChatRequest[];
  /** The requests of subagent sessions (the task tool's). */
  subagentRequests: ChatRequest[];
  unknownPaths: string[];
  hooks: LoggedEvent[];
  files: Record<string, string>;
  ledgerStatus: any;
}

export class OpenCodeProject extends AgentProject {
  constructor(opts: ProjectOptions = {}) {
    super('opencode', opts);
    const capture = process.env.CONTINUITY_REAL_CLIENT_CAPTURE;
    if (capture && !opts.join) this.capturePayloads(resolve(capture));
  }

  bin(): string {
    const newest = process.env.CONTINUITY_OPENCODE_NEWEST;
    return OPENCODE_UNDER_TEST === 'newest' && newest ? clientBinary('opencode', newest) : clientBinary('opencode');
  }

  async run(o: OpenCodeRunOptions): Promise<OpenCodeRunResult> {
    const timeoutMs = o.timeoutMs ?? 120_000;
    const log = process.env.CONTINUITY_REAL_CLIENT_DEBUG ? (l: string) => process.stderr.write(`${l}\n`) : () => {};
    const bin = this.bin();
    // A subagent's requests (the task tool's child session) are answered from `subagent`, in order.
    let subNext = 0;
    const route = (rec: ChatRequest): Turn | null => {
      if (!o.subagent || !isOpenCodeSubagent(rec)) return null;
      return o.subagent[subNext++] ?? o.subagentAfterLast ?? [say('Done.')];
    };
    const server = await startChatServer(o, { lifetimeMs: timeoutMs + 10_000, log, route });
    const before = this.events().length;
    try {
      writeOpenCodeUserConfig(this.home, server.url, { contextLimit: o.contextLimit });
      const run = await runProcess({ bin, args: openCodeArgs(o.prompt, { continue: o.continueSession, session: o.session }), cwd: this.dir, env: this.baseEnv({ ...OPENCODE_ENV }), timeoutMs, log });
      return {
        ...run,
        requests: server.requests,
        conversation: server.conversation().filter((q) => !isOpenCodeSubagent(q)),
        subagentRequests: server.requests.filter(isOpenCodeSubagent),
        unknownPaths: server.unknown,
        hooks: this.events().slice(before).filter((e) => e.source === 'hook:opencode'),
        files: this.files(),
        ledgerStatus: this.status(),
      };
    } finally {
      await server.close();
    }
  }

  /**
   * CONTINUITY_REAL_CLIENT_CAPTURE=DIR: every payload the plugin hands the
   * hook is also written to DIR (`opencode-<time>.json`), for the fixtures.
   * The plugin runs a wrapper that saves stdin first; the person accepts the
   * changed plugin at a terminal (`script` gives it one).
   */
  private capturePayloads(dir: string): void {
    mkdirSync(dir, { recursive: true });
    this.wrapHook('capture-hook', `#!/bin/sh\nf=${sh(dir)}/opencode-$(date +%s%N).json\ncat > "$f"\nexec "$@" < "$f"\n`);
  }

  /**
   * OpenCode dies (SIGKILL) right after the hook has taken a subagent's
   * final answer (its SubagentStop), before the task tool hands it to the
   * caller: the moment a result is lost. The hook runs as OpenCode's child.
   */
  killAfterSubagentStop(): void {
    const f = `${sh(this.home)}/payload-$$.json`;
    this.wrapHook(
      'kill-after-subagent-stop',
      `#!/bin/sh\ncat > ${f}\n"$@" < ${f}\nrc=$?\nif grep -q '"hook_event_name":"experimental.text.complete"' ${f} && grep -q '"parent_session":"' ${f}; then kill -9 $PPID; fi\nrm -f ${f}\nexit $rc\n`,
    );
  }

  /** The plugin runs `wrapper` with the hook command as its arguments. */
  private wrapHook(name: string, script: string): void {
    const wrapper = join(this.home, 'bin', name);
    writeFileSync(wrapper, script);
    chmodSync(wrapper, 0o755);
    const file = '.opencode/plugins/continuity.js';
    const text = readFileSync(join(this.dir, file), 'utf8');
    const m = /^const HOOK = (\[.*\]);$/m.exec(text)!;
    this.writeFile(file, text.replace(m[0], `const HOOK = ${JSON.stringify([wrapper, ...(JSON.parse(m[1]!) as string[])])};`));
    // The plugin is guarded wiring: the person accepts the edit, at a terminal (`script` gives it one).
    const r = spawnSync('script', ['-qec', `${sh(NODE)} ${sh(CLI)} config accept`, '/dev/null'], { cwd: this.dir, encoding: 'utf8', env: { PATH: `${dirname(NODE)}:${process.env.PATH ?? ''}`, HOME: this.home, TERM: 'dumb' } });
    if (r.status !== 0) throw new Error(`continuity config accept (for ${name}) exited ${r.status}: ${r.stdout}${r.stderr}`);
  }
}

export function openCodeProject(opts: ProjectOptions = {}): OpenCodeProject {
  return new OpenCodeProject(opts);
}

/** The hook calls of one OpenCode hook in a run (recorded under its Claude Code name, with OpenCode's kept). */
export function openCodeHooks(r: OpenCodeRunResult, hook: string): LoggedEvent[] {
  return r.hooks.filter((h) => h.input?.agent_event_name === hook || h.kind === `opencode:${hook}`);
}

/**
 * A request of a subagent's session: OpenCode (1.18.33) gives a session the
 * task tool started every tool but `task` (a subagent starts none of its own).
 */
export function isOpenCodeSubagent(rec: Pick<ChatRequest, 'body'>): boolean {
  const tools = (rec.body?.tools ?? []) as { function?: { name?: string } }[];
  return tools.length > 0 && !tools.some((t) => t.function?.name === 'task');
}
