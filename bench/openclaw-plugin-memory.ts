// The OpenClaw plugin's own memory over many turns, in process (the plugin
// lives in the gateway for weeks): 16 sessions over 4 workspaces, each turn
// a prompt, an exec and a read, a stop and the run's end, every fourth turn
// a subagent spawned, started, finished and announced (the watchdog's
// receipts), with OpenClaw's plugin API stood in for. The heap after a
// forced collection is read after 100 turns and at the end: what the plugin
// keeps must not grow with the turns (its maps are per live session and run;
// its store is capped). The gateway's own memory under the same load is the
// real-client load run's (bench/openclaw-load.ts).
//   node --expose-gc --import tsx bench/openclaw-plugin-memory.ts [TURNS]   (default 5000)
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { registerContinuity, type OpenClawApi } from '../src/adapters/openclaw/plugin.js';

const PLAN = '# Plan\n\n### Task 1: One\n\n- [ ] **Step 1: a**\n\n### Task 2: Two\n\n- [ ] **Step 1: b**\n';

export interface PluginMemory {
  turns: number;
  sessions: number;
  workspaces: number;
  /** Heap used (bytes) after a forced collection: after the warm-up's 100 turns, and at the end. */
  heapAt100: number;
  heapAtEnd: number;
  /** The heap after 100 turns and after every 1,000: [turns, bytes]. */
  heapAt: [number, number][];
  hookCalls: number;
  ms: number;
}

type Hook = (event: unknown, ctx: unknown) => Promise<unknown>;

export async function benchOpenClawPluginMemory(root: string, turns = 5000, sessions = 16, workspaces = 4): Promise<PluginMemory> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with node --expose-gc');
  const base = mkdtempSync(join(tmpdir(), 'continuity-bench-openclaw-memory-'));
  try {
    const projects = Array.from({ length: workspaces }, (_, i) => {
      const dir = join(base, `workspace-${i}`);
      mkdirSync(join(dir, 'docs'), { recursive: true });
      writeFileSync(join(dir, 'docs', 'plan.md'), PLAN);
      spawnSync('git', ['init', '-q'], { cwd: dir });
      const r = spawnSync(process.execPath, [join(root, 'dist', 'cli.cjs'), 'plan', 'import', 'docs/plan.md'], { cwd: dir, encoding: 'utf8', env: { ...process.env, CONTINUITY_STATE_HOME: join(base, 'state') } });
      if (r.status !== 0) throw new Error(`plan import failed: ${r.stderr}`);
      return dir;
    });
    const hooks: Record<string, Hook> = {};
    let calls = 0;
    const api: OpenClawApi = {
      on: (name, handler) => void (hooks[name] = handler as Hook),
      runtime: { subagent: { run: async (p: { idempotencyKey?: string }) => ({ runId: p.idempotencyKey ?? 'run' }), getSessionMessages: async () => ({ messages: [] }) } },
      logger: { warn: () => {} },
    } as OpenClawApi;
    registerContinuity(api, { env: { PATH: process.env.PATH, OPENCLAW_STATE_DIR: join(base, 'openclaw'), CONTINUITY_STATE_HOME: join(base, 'state') } });
    const call = async (name: string, event: unknown, ctx: unknown) => {
      calls++;
      await hooks[name]?.(event, ctx);
    };
    let heapAt100 = 0;
    const heapAt: [number, number][] = [];
    const started = performance.now();
    for (let t = 0; t < turns; t++) {
      const s = t % sessions;
      const workspaceDir = projects[s % workspaces]!;
      const sessionKey = `agent:main:load-${s}`;
      const sessionId = `sid-${s}`;
      const runId = `run-${t}`;
      const agent = { runId, agentId: 'main', sessionKey, sessionId, workspaceDir, trigger: 'user' };
      const tool = (toolName: string, toolCallId: string) => ({ toolName, agentId: 'main', sessionKey, sessionId, runId, toolCallId });
      await call('before_prompt_build', { prompt: `Turn ${t}.`, messages: [] }, agent);
      await call('before_agent_run', { prompt: `Turn ${t}.`, messages: [], senderIsOwner: true }, agent);
      for (const [name, params] of [['exec', { command: `echo turn ${t}` }], ['read', { path: 'docs/plan.md' }]] as const) {
        const id = `call-${t}-${name}`;
        await call('before_tool_call', { toolName: name, params, runId, toolCallId: id }, tool(name, id));
        await call('after_tool_call', { toolName: name, params, runId, toolCallId: id, result: { content: [{ type: 'text', text: 'ok' }] } }, tool(name, id));
      }
      if (t % 4 === 0) {
        const child = `agent:main:subagent:load-${t}`;
        const childRun = `child-run-${t}`;
        const id = `call-${t}-spawn`;
        const params = { task: `Look at part ${t}.`, label: 'helper' };
        await call('before_tool_call', { toolName: 'sessions_spawn', params, runId, toolCallId: id }, tool('sessions_spawn', id));
        const details = { status: 'accepted', childSessionKey: child, runId: childRun, mode: 'run' };
        await call('after_tool_call', { toolName: 'sessions_spawn', params, runId, toolCallId: id, result: { content: [{ type: 'text', text: JSON.stringify(details) }], details } }, tool('sessions_spawn', id));
        await call('subagent_spawned', { runId: childRun, childSessionKey: child, agentId: 'main', label: 'helper', requester: {}, mode: 'run' }, { runId: childRun, childSessionKey: child, requesterSessionKey: sessionKey });
        const childCtx = { runId: childRun, agentId: 'main', sessionKey: child, sessionId: `child-${t}`, workspaceDir, trigger: 'subagent' };
        await call('before_agent_finalize', { runId: childRun, sessionId: `child-${t}`, sessionKey: child, stopHookActive: false, lastAssistantMessage: `Part ${t} looks fine.` }, childCtx);
        await call('subagent_ended', { targetSessionKey: child, targetKind: 'subagent', reason: 'subagent-complete', runId: childRun, endedAt: Date.now(), outcome: 'ok' }, { runId: childRun, childSessionKey: child, requesterSessionKey: sessionKey });
      }
      await call('before_agent_finalize', { runId, sessionId, sessionKey, stopHookActive: false, lastAssistantMessage: `Done with turn ${t}.` }, agent);
      await call('agent_end', { messages: [], success: true }, agent);
      if (t + 1 === Math.min(100, turns) || (t + 1) % 1000 === 0) {
        gc();
        heapAt.push([t + 1, process.memoryUsage().heapUsed]);
        if (t + 1 === Math.min(100, turns)) heapAt100 = heapAt.at(-1)![1];
      }
    }
    const ms = performance.now() - started;
    // Words for the person and recoveries go out after the hook answered: let them finish before measuring.
    await new Promise((r) => setTimeout(r, 200));
    gc();
    return { turns, sessions, workspaces, heapAt100, heapAtEnd: process.memoryUsage().heapUsed, heapAt, hookCalls: calls, ms };
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

export function reportOpenClawPluginMemory(m: PluginMemory): void {
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
  console.log(`OpenClaw plugin in process, ${m.sessions} sessions over ${m.workspaces} workspaces, ${m.turns} turns (${m.hookCalls} hook calls in ${(m.ms / 1000).toFixed(0)} s; a subagent every 4th turn)`);
  console.log(`  heap after 100 turns ${mb(m.heapAt100)}   after ${m.turns} turns ${mb(m.heapAtEnd)}   (${(m.heapAtEnd / m.heapAt100).toFixed(2)}×)`);
  console.log(`  heap by turns: ${m.heapAt.map(([t, b]) => `${t} ${mb(b)}`).join(', ')}`);
  console.log("  (the plugin's tables fill up to their bounds first: the newest 256 workspaces, runs and children, 2,000 exec windows; what grows past them is V8's compiled code warming up)");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { resolve, dirname } = await import('node:path');
  const { fileURLToPath } = await import('node:url');
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  reportOpenClawPluginMemory(await benchOpenClawPluginMemory(root, Number(process.argv[2] ?? 5000)));
}
