// The hook's cost on pi against pi's own floor, in the same run: the real pi
// (pinned, scripts/install-agent-clients.mjs) answering one scripted prompt
// (a bash call, then a closing text) in a project without continuity, and in
// the same project wired by `continuity init --agent pi` (five hook
// processes: session_start, input, tool_call, tool_result, message_end),
// interleaved. The extension runs `continuity hook pi` once per event, so
// the difference is what pi waits for continuity per prompt.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startChatServer, say, tool } from '../test/real-client/chat-completions-server.js';
import { clientEnv } from '../src/demo/real-client/bounded-process.js';
import { runPiOnce } from '../src/demo/real-client/pi-process.js';
import { fmt, quantile } from './measure.js';

const PLAN = '# Plan\n\n### Task 1: One\n\n- [ ] **Step 1: a**\n\n### Task 2: Two\n\n- [ ] **Step 1: b**\n';

export interface PiHookBench {
  runs: number;
  floorMs: number;
  wiredMs: number;
  floorP90Ms: number;
  wiredP90Ms: number;
  /** Hook processes per wired run. */
  hooks: number;
}

export async function benchPiHook(root: string, runs: number): Promise<PiHookBench> {
  const r = spawnSync(process.execPath, [join(root, 'scripts', 'install-agent-clients.mjs'), '--print-path', 'pi'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`pi could not be installed: ${r.stderr.trim()}`);
  const bin = r.stdout.trim().split('\n').pop()!;
  // A home for the runs, beside the repository's caches (never under /tmp).
  const base = mkdtempSync(join(root, 'node_modules', '.cache', 'continuity-bench-pi-'));
  // Every request answered from itself: a bash call first, a closing text after its result.
  const server = await startChatServer({ turns: [] }, { lifetimeMs: 3_600_000, route: (q) => (JSON.stringify(q.body?.messages?.at(-1) ?? {}).includes('"role":"tool"') ? [say('Done.\n\ncontinuity-closure: waiting_user — nothing more')] : [tool('bash', { command: 'echo hi' })]) });
  try {
    const project = (name: string, wired: boolean) => {
      const dir = join(base, name);
      mkdirSync(join(dir, 'docs'), { recursive: true });
      writeFileSync(join(dir, 'docs', 'plan.md'), PLAN);
      spawnSync('git', ['init', '-q'], { cwd: dir });
      const cli = (args: string[]) => {
        const c = spawnSync(process.execPath, [join(root, 'dist', 'cli.cjs'), ...args], { cwd: dir, encoding: 'utf8', env: { ...process.env, HOME: home } });
        if (c.status !== 0) throw new Error(`continuity ${args.join(' ')}: ${c.stderr}`);
      };
      if (wired) {
        cli(['plan', 'import', 'docs/plan.md']);
        cli(['init', '--agent', 'pi', '--no-gitignore']);
      }
      return dir;
    };
    const home = join(base, 'home');
    mkdirSync(join(home, 'tmp'), { recursive: true });
    const bare = project('bare', false);
    const wired = project('wired', true);
    const env = clientEnv(home);
    const times = { bare: [] as number[], wired: [] as number[] };
    for (let i = 0; i < runs + 2; i++) {
      for (const [key, cwd] of [['bare', bare], ['wired', wired]] as const) {
        const run = await runPiOnce({ bin, prompt: 'Say hi.', cwd, home, env, baseUrl: server.url, timeoutMs: 60_000 });
        if (run.exitCode !== 0) throw new Error(`pi exited ${run.exitCode} in the ${key} project: ${run.stderr.slice(-400)}`);
        if (i >= 2) times[key].push(run.durationMs);
      }
    }
    return { runs, floorMs: quantile(times.bare, 0.5), wiredMs: quantile(times.wired, 0.5), floorP90Ms: quantile(times.bare, 0.9), wiredP90Ms: quantile(times.wired, 0.9), hooks: 5 };
  } finally {
    await server.close();
    rmSync(base, { recursive: true, force: true });
  }
}

export function reportPiHook(b: PiHookBench): void {
  console.log(`pi (the real client, one prompt: a bash call and a closing text; ${b.runs} interleaved runs): wall time of \`pi -p\``);
  console.log(`  pi alone (its floor)                          median ${fmt(b.floorMs)}   p90 ${fmt(b.floorP90Ms)}`);
  console.log(`  pi with continuity's extension (${b.hooks} hooks)      median ${fmt(b.wiredMs)}   p90 ${fmt(b.wiredP90Ms)}   ${(b.wiredMs / b.floorMs).toFixed(2)}× the floor, ${fmt((b.wiredMs - b.floorMs) / b.hooks)} per hook process`);
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const root = join(import.meta.dirname, '..');
  reportPiHook(await benchPiHook(root, Number(process.env.BENCH_RUNS ?? 10)));
}
