// continuity's cost on the real OpenCode, against OpenCode's own floor in the
// same run: the same scripted session (a prompt, one bash call, a closing
// answer) in a project without continuity and in one with the plugin of
// `continuity init --agent opencode`, interleaved; and one hook call alone
// (the payload of a bash call's `tool.execute.before`) against `true`.
//   BENCH_OPENCODE_RUNS   sessions per variant (default 3; 0 skips): each
//                          `opencode run` takes seconds (OpenCode's own start)
// Standalone: `node --import tsx bench/opencode-hook.ts` (after a build).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { interleaved, type Timing } from './measure.js';
import { startChatServer, say, tool } from '../test/real-client/chat-completions-server.js';
import { OPENCODE_ENV, openCodeArgs, writeOpenCodeUserConfig } from '../src/demo/real-client/opencode-process.js';
import { clientEnv, runProcess } from '../src/demo/real-client/bounded-process.js';

const PLAN = '# Plan\n\n### Task 1: One\n\n- [ ] **Step 1: do it**\n\n### Task 2: Two\n\n- [ ] **Step 1: do it**\n';

export interface OpenCodeHookBench {
  runs: number;
  version: string;
  bareMs: number[];
  pluginMs: number[];
  hookCalls: number;
  call: Timing[];
}

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function place(root: string, plugin: boolean): { dir: string; home: string; base: string } {
  const parent = join(root, 'node_modules', '.cache', 'continuity-opencode-homes');
  mkdirSync(parent, { recursive: true });
  const base = mkdtempSync(join(realpathSync(parent), `bench-${plugin ? 'plugin' : 'bare'}-`));
  const dir = join(base, 'project');
  const home = join(base, 'home');
  for (const d of [join(dir, 'docs'), join(home, 'tmp'), join(home, 'bin')]) mkdirSync(d, { recursive: true });
  writeFileSync(join(dir, 'docs', 'plan.md'), PLAN);
  spawnSync('git', ['init', '-q'], { cwd: dir });
  const cli = (args: string[]) => {
    const r = spawnSync(process.execPath, [join(root, 'dist', 'cli.cjs'), ...args], { cwd: dir, encoding: 'utf8', env: { ...process.env, HOME: home } });
    if (r.status !== 0) throw new Error(`continuity ${args.join(' ')}: ${r.stderr}`);
  };
  if (plugin) {
    cli(['plan', 'import', 'docs/plan.md']);
    cli(['init', '--agent', 'opencode', '--no-gitignore']);
  }
  return { dir, home, base };
}

export async function benchOpenCodeHook(root: string, runs = Number(process.env.BENCH_OPENCODE_RUNS ?? 3)): Promise<OpenCodeHookBench | null> {
  if (!(runs > 0)) return null;
  const install = spawnSync(process.execPath, [join(root, 'scripts', 'install-agent-clients.mjs'), '--print-path', 'opencode'], { encoding: 'utf8' });
  if (install.status !== 0) throw new Error(`OpenCode could not be installed: ${install.stderr.trim()}`);
  const bin = install.stdout.trim().split('\n').pop()!;
  const version = (spawnSync(bin, ['--version'], { encoding: 'utf8', env: { ...process.env, ...OPENCODE_ENV } }).stdout ?? '').trim();
  const bare = place(root, false);
  const plugin = place(root, true);
  const bareMs: number[] = [];
  const pluginMs: number[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      for (const [p, out] of [[bare, bareMs], [plugin, pluginMs]] as const) {
        const server = await startChatServer({ turns: [[tool('bash', { command: 'true', description: 'bench' })], [say('Done.\n\ncontinuity-closure: waiting_user — the bench ends here')]] });
        try {
          writeOpenCodeUserConfig(p.home, server.url);
          const r = await runProcess({ bin, args: openCodeArgs('Run the check.'), cwd: p.dir, env: clientEnv(p.home, { ...OPENCODE_ENV }), timeoutMs: 300_000 });
          if (r.exitCode !== 0) throw new Error(`opencode run exited ${r.exitCode}: ${r.stderr.slice(-400)}`);
          out.push(r.durationMs);
        } finally {
          await server.close();
        }
      }
    }
    const log = spawnSync(process.execPath, [join(root, 'dist', 'cli.cjs'), 'log', '--json', '--limit', '10000'], { cwd: plugin.dir, encoding: 'utf8' });
    const hookCalls = log.stdout.split('\n').filter((l) => l.includes('"hook:opencode"')).length;
    // A run in which the plugin never called the hook measured nothing of continuity's.
    if (hookCalls === 0) throw new Error(`no hook call of OpenCode's was recorded (continuity log: ${log.stderr.trim() || 'nothing'})`);
    const payload = JSON.stringify({ hook_event_name: 'tool.execute.before', directory: plugin.dir, input: { tool: 'bash', sessionID: 'ses_bench', callID: 'call_1' }, output: { args: { command: 'true', description: 'bench' } } });
    // The command the plugin runs, as init wrote it.
    const argv = JSON.parse(/^const HOOK = (\[.*\]);$/m.exec(readFileSync(join(plugin.dir, '.opencode', 'plugins', 'continuity.js'), 'utf8'))![1]!) as string[];
    const call = interleaved(
      [
        { label: 'true', cmd: 'true', args: [] },
        { label: 'hook · tool.execute.before bash', cmd: argv[0]!, args: argv.slice(1), input: payload, cwd: plugin.dir, env: { HOME: plugin.home } },
      ],
      Math.max(5, runs * 5),
    );
    return { runs, version, bareMs, pluginMs, hookCalls, call };
  } finally {
    rmSync(bare.base, { recursive: true, force: true });
    rmSync(plugin.base, { recursive: true, force: true });
  }
}

export function reportOpenCodeHook(b: OpenCodeHookBench | null): void {
  if (!b) {
    console.log('OpenCode with the plugin: skipped (BENCH_OPENCODE_RUNS=0)');
    return;
  }
  const bare = median(b.bareMs);
  const plugin = median(b.pluginMs);
  const perSession = b.hookCalls / b.runs;
  console.log(`OpenCode ${b.version} (real, offline): one scripted session (a prompt, one bash call, an answer), ${b.runs} interleaved runs each`);
  console.log(`  without continuity (OpenCode's floor) median ${bare.toFixed(0)} ms · with the plugin ${plugin.toFixed(0)} ms · +${(plugin - bare).toFixed(0)} ms (${(plugin / bare).toFixed(2)}×) for ${perSession.toFixed(0)} hook calls a session`);
  const t = (label: string) => b.call.find((c) => c.label === label)!;
  const call = t('hook · tool.execute.before bash');
  console.log(`  one hook call (the plugin's command, a bash call's tool.execute.before, wall included): median ${call.medianMs.toFixed(1)} ms (CPU ${call.medianCpuMs.toFixed(1)} ms) · \`true\` ${t('true').medianMs.toFixed(1)} ms`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  reportOpenCodeHook(await benchOpenCodeHook(root));
}
