// The OpenClaw plugin's cost per hook call, in process (no process start: the
// plugin runs in the gateway): the hook as OpenClaw calls it, through the
// translation, the rules and the ledger's spool, in a project with a plan.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { registerContinuity, type OpenClawApi } from '../src/adapters/openclaw/plugin.js';

const PLAN = '# Plan\n\n### Task 1: One\n\n- [ ] **Step 1: a**\n\n### Task 2: Two\n\n- [ ] **Step 1: b**\n';

export interface PluginHookTiming {
  label: string;
  medianMs: number;
  p90Ms: number;
}

export async function benchOpenClawPlugin(root: string, runs = 400): Promise<PluginHookTiming[]> {
  const project = mkdtempSync(join(tmpdir(), 'continuity-bench-openclaw-'));
  try {
    mkdirSync(join(project, 'docs'), { recursive: true });
    writeFileSync(join(project, 'docs', 'plan.md'), PLAN);
    spawnSync('git', ['init', '-q'], { cwd: project });
    const r = spawnSync(process.execPath, [join(root, 'dist', 'cli.cjs'), 'plan', 'import', 'docs/plan.md'], { cwd: project, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`plan import failed: ${r.stderr}`);
    const hooks: Record<string, (event: unknown, ctx: unknown) => Promise<unknown>> = {};
    const api: OpenClawApi = { on: (name, handler) => void (hooks[name] = handler as never), logger: { warn: () => {} } };
    registerContinuity(api, { env: {} });
    const agent = { runId: 'bench-run', agentId: 'main', sessionKey: 'agent:main:bench', sessionId: 'bench', workspaceDir: project, trigger: 'user' };
    const tool = (name: string) => ({ toolName: name, agentId: 'main', sessionKey: 'agent:main:bench', sessionId: 'bench', runId: 'bench-run', toolCallId: 'call' });
    // The session's workspace becomes known at its first agent hook, as in a real run.
    await hooks.before_prompt_build!({ prompt: 'go', messages: [] }, agent);
    const cases: [string, () => Promise<unknown>][] = [
      ['before_tool_call · read (decides nothing)', () => hooks.before_tool_call!({ toolName: 'read', params: { path: 'docs/plan.md' } }, tool('read'))],
      ['before_tool_call · exec `ls -la` (wrapped in continuity\'s own wall)', () => hooks.before_tool_call!({ toolName: 'exec', params: { command: 'ls -la' } }, tool('exec'))],
      ['after_tool_call · read (decides nothing)', () => hooks.after_tool_call!({ toolName: 'read', params: { path: 'docs/plan.md' }, result: { content: [] } }, tool('read'))],
      ['before_tool_call · write to the plan file', () => hooks.before_tool_call!({ toolName: 'write', params: { path: 'docs/plan.md', content: 'x' } }, tool('write'))],
    ];
    const out: PluginHookTiming[] = [];
    for (const [label, call] of cases) {
      for (let i = 0; i < 50; i++) await call();
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        const t = process.hrtime.bigint();
        await call();
        times.push(Number(process.hrtime.bigint() - t) / 1e6);
      }
      times.sort((a, b) => a - b);
      out.push({ label, medianMs: times[Math.floor(times.length / 2)]!, p90Ms: times[Math.floor(times.length * 0.9)]! });
    }
    return out;
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
}
