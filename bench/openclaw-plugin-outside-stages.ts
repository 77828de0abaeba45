// How much of the OpenClaw plugin's CPU time is outside the stages it marks
// (src/adapters/openclaw/stage-times.ts), in process: turns of the load
// run's shape (a prompt, an exec and a read, a stop, the run's end) one after
// another, each hook call's whole CPU time (process.cpuUsage around it: with
// nothing else running, all of it is the plugin's) against the sum of its
// stages. In the gateway the stages can be summed, not the whole calls: 16
// sessions' calls interleave across their awaits there.
//   node --import tsx bench/openclaw-plugin-outside-stages.ts [TURNS]   (default 300)
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { registerContinuity, type OpenClawApi } from '../src/adapters/openclaw/plugin.js';

const PLAN = '# Load plan\n\n### Task 1: Read\n\nRead the log.\n\n### Task 2: Write\n\nWrite the log.\n';
const turns = Number(process.argv[2] ?? 300);
const root = resolve(import.meta.dirname, '..');
const base = mkdtempSync(join(tmpdir(), 'continuity-bench-outside-stages-'));
try {
  const project = join(base, 'project');
  mkdirSync(join(project, 'docs'), { recursive: true });
  writeFileSync(join(project, 'docs', 'plan.md'), PLAN);
  spawnSync('git', ['init', '-q'], { cwd: project });
  const r = spawnSync(process.execPath, [join(root, 'dist', 'cli.cjs'), 'plan', 'import', 'docs/plan.md'], { cwd: project, encoding: 'utf8', env: { ...process.env, CONTINUITY_STATE_HOME: join(base, 'state') } });
  if (r.status !== 0) throw new Error(`plan import failed: ${r.stderr}`);
  const stagesFile = join(base, 'stages.json');
  const hooks: Record<string, (event: unknown, ctx: unknown) => Promise<unknown>> = {};
  const api: OpenClawApi = { on: (name, handler) => void (hooks[name] = handler as never), logger: { warn: () => {} } };
  const plugin = registerContinuity(api, { env: { PATH: process.env.PATH, HOME: base, CONTINUITY_STATE_HOME: join(base, 'state'), CONTINUITY_STAGE_TIMES: stagesFile }, storePath: join(base, 'store.json') });
  const whole: Record<string, number> = {};
  const call = async (hook: string, event: unknown, ctx: unknown) => {
    const u = process.cpuUsage();
    await hooks[hook]!(event, ctx);
    const d = process.cpuUsage(u);
    whole[hook] = (whole[hook] ?? 0) + (d.user + d.system) / 1000;
  };
  const turn = async (n: number) => {
    const runId = `run-${n}`;
    const agent = { runId, agentId: 'main', sessionKey: `agent:main:s${n % 16}`, sessionId: `sid-${n % 16}`, workspaceDir: project, trigger: 'user' };
    const tool = (name: string, id: string) => ({ toolName: name, agentId: 'main', sessionKey: agent.sessionKey, sessionId: agent.sessionId, runId, toolCallId: id });
    await call('before_prompt_build', { prompt: `LOAD work ${n}`, messages: [] }, agent);
    await call('before_agent_run', { prompt: `LOAD work ${n}`, messages: [], senderIsOwner: true }, agent);
    const exec = { toolName: 'exec', params: { command: `echo ${n} >> load.log` }, runId, toolCallId: `e${n}` };
    await call('before_tool_call', exec, tool('exec', `e${n}`));
    await call('after_tool_call', { ...exec, result: { content: [{ type: 'text', text: '' }], details: { status: 'completed', exitCode: 0 } } }, tool('exec', `e${n}`));
    const read = { toolName: 'read', params: { path: 'load.log' }, runId, toolCallId: `r${n}` };
    await call('before_tool_call', read, tool('read', `r${n}`));
    await call('after_tool_call', { ...read, result: { content: [{ type: 'text', text: `${n}\n` }] } }, tool('read', `r${n}`));
    await call('before_agent_finalize', { runId, sessionId: agent.sessionId, sessionKey: agent.sessionKey, stopHookActive: false, lastAssistantMessage: `Turn ${n} done.` }, agent);
    await call('agent_end', { runId, success: true }, agent);
  };
  for (let n = 0; n < 30; n++) await turn(n);
  // The warm-up's sums are left out: the stage file is read before and after. Written through the process's sums
  // (stage-times.ts), not by gateway_stop: that closes the kept ledger connections, and every later call would open its own.
  (globalThis as unknown as Record<symbol, { flush(): void }>)[Symbol.for('continuity.openclaw-stage-times')]!.flush();
  const read = () => JSON.parse(readFileSync(stagesFile, "utf8")) as { stages: Record<string, { cpuMs: number; n: number }> };
  const stageSum = () => Object.values(read().stages).reduce((s, x) => s + x.cpuMs, 0);
  const beforeStages = read().stages;
  const before = stageSum();
  for (const k of Object.keys(whole)) delete whole[k];
  for (let n = 30; n < 30 + turns; n++) await turn(n);
  await hooks.gateway_stop!({}, {});
  plugin.close();
  const staged = stageSum() - before;
  const all = Object.values(whole).reduce((s, x) => s + x, 0);
  const per = (ms: number) => `${(ms / turns).toFixed(2)} ms`;
  console.log(`OpenClaw plugin in process, ${turns} turns (a prompt, an exec, a read, a stop, the run's end; 8 hook calls a turn):`);
  console.log(`  whole hook calls ${per(all)} of CPU a turn; the stages ${per(staged)}; outside them ${per(all - staged)} (${((100 * (all - staged)) / all).toFixed(0)}%)`);
  for (const [hook, ms] of Object.entries(whole).sort((a, b) => b[1] - a[1])) console.log(`    ${hook.padEnd(24)} ${per(ms).padStart(10)}`);
  // The stages themselves, the largest first (the warm-up's sums taken out).
  const stages = Object.entries(read().stages)
    .map(([name, s]) => [name, s.cpuMs - (beforeStages[name]?.cpuMs ?? 0), s.n - (beforeStages[name]?.n ?? 0)] as const)
    .sort((a, b) => b[1] - a[1]);
  console.log('  by stage (CPU a turn):');
  for (const [name, ms, n] of stages.filter(([, ms]) => ms / turns >= 0.05)) console.log(`    ${name.padEnd(40)} ${per(ms).padStart(10)}  (${(n / turns).toFixed(1)} a turn)`);
} finally {
  rmSync(base, { recursive: true, force: true });
}
