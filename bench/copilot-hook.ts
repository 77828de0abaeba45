// continuity's hooks on the real GitHub Copilot CLI (pinned,
// scripts/install-agent-clients.mjs): whole `copilot -p` sessions against the
// scripted chat-completions server, one bash call and an answer each,
// interleaved in one run:
//   floor      the project without continuity's hook file (Copilot CLI alone);
//   continuity the same project wired by `continuity init --agent copilot`
//              (the compiled hook when it is built), every event hooked, the
//              bash call wrapped in continuity's own wall.
// Reported: the sessions' medians, and from Copilot CLI's own record of each
// hooked session (events.jsonl: `hook.start` and `hook.end` of every hook
// call, with their times) the time it spent waiting on continuity's hooks,
// per session and per call, beside the session's own length: a figure the
// machine's noise between sessions does not blur.
// Standalone: `node --import tsx bench/copilot-hook.ts` (after a build);
// BENCH_COPILOT_RUNS sets the sessions per variant (default 5; 0 skips).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { clientEnv, runProcess } from '../src/demo/real-client/bounded-process.js';
import { copilotArgs, copilotEnvVars, writeCopilotUserConfig } from '../src/demo/real-client/copilot-process.js';
import { say, startChatServer, tool } from '../test/real-client/chat-completions-server.js';
import { fmt } from './measure.js';

const PLAN = '# Plan\n\n### Task 1: One\n\n- [ ] **Step 1: a**\n\n### Task 2: Two\n\n- [ ] **Step 1: b**\n';

export interface CopilotHookBench {
  runs: number;
  floorMs: number[];
  hookedMs: number[];
  /** Hook calls per hooked session (median, from Copilot CLI's record). */
  hookCalls: number;
  /** Per hooked session, from Copilot CLI's record: the time spent in hook calls, their count, and the session's length. */
  inHooks: { ms: number; calls: number; sessionMs: number; perCall: number[] }[];
}

/** The hook calls of the newest session in a home, from Copilot CLI's own record. */
export function hookTimes(home: string): { ms: number; calls: number; sessionMs: number; perCall: number[] } {
  const dir = join(home, '.copilot', 'session-state');
  const newest = readdirSync(dir).map((d) => join(dir, d, 'events.jsonl')).filter(existsSync).sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0]!;
  const started = new Map<string, number>();
  const perCall: number[] = [];
  let first = NaN;
  let last = NaN;
  for (const line of readFileSync(newest, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const e = JSON.parse(line) as { type: string; timestamp?: string; data?: { hookInvocationId?: string } };
    const at = e.timestamp ? Date.parse(e.timestamp) : NaN;
    if (!Number.isNaN(at)) {
      if (Number.isNaN(first)) first = at;
      last = at;
    }
    const id = e.data?.hookInvocationId;
    if (e.type === 'hook.start' && id) started.set(id, at);
    if (e.type === 'hook.end' && id && started.has(id)) perCall.push(at - started.get(id)!);
  }
  return { ms: perCall.reduce((a, b) => a + b, 0), calls: perCall.length, sessionMs: last - first, perCall };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2) : NaN;
};

export async function benchCopilotHook(root: string, runs = Number(process.env.BENCH_COPILOT_RUNS ?? 5)): Promise<CopilotHookBench | null> {
  if (runs <= 0) return null;
  const install = spawnSync(process.execPath, [join(root, 'scripts', 'install-agent-clients.mjs'), '--print-path', 'copilot'], { encoding: 'utf8' });
  if (install.status !== 0) throw new Error(`Copilot CLI could not be installed: ${install.stderr.trim()}`);
  const bin = install.stdout.trim().split('\n').pop()!;
  // Homes outside /tmp, as the real-client suite keeps them.
  const cache = join(root, 'node_modules', '.cache', 'continuity-bench');
  mkdirSync(cache, { recursive: true });
  // Its real path: Copilot CLI trusts a folder by the path it resolves (node_modules may be a link).
  const base = realpathSync(mkdtempSync(join(cache, 'copilot-')));
  const compiled = join(root, 'dist', 'bin', 'continuity');
  const cli = existsSync(compiled) ? [compiled] : [process.execPath, join(root, 'dist', 'cli.cjs')];
  try {
    const make = (name: string, wired: boolean) => {
      const dir = join(base, name, 'project');
      const home = join(base, name, 'home');
      mkdirSync(join(home, 'tmp'), { recursive: true });
      mkdirSync(join(dir, 'docs'), { recursive: true });
      spawnSync('git', ['init', '-q'], { cwd: dir });
      writeFileSync(join(dir, 'docs', 'plan.md'), PLAN);
      const run = (args: string[]) => {
        const r = spawnSync(cli[0]!, [...cli.slice(1), ...args], { cwd: dir, encoding: 'utf8', env: { PATH: process.env.PATH ?? '', HOME: home } });
        if (r.status !== 0) throw new Error(`continuity ${args.join(' ')}: ${r.stderr}`);
      };
      run(['plan', 'import', 'docs/plan.md']);
      if (wired) run(['init', '--agent', 'copilot', '--no-gitignore']);
      writeCopilotUserConfig(home, dir);
      return { dir, home };
    };
    const floor = make('floor', false);
    const hooked = make('hooked', true);
    const out: CopilotHookBench = { runs, floorMs: [], hookedMs: [], hookCalls: 0, inHooks: [] };
    // One warm-up each (Copilot CLI unpacks its runtime into the home's cache on first start), then interleaved.
    for (let i = -1; i < runs; i++) {
      for (const [variant, place] of [['floor', floor], ['hooked', hooked]] as const) {
        const server = await startChatServer({ turns: [[say('Running.'), tool('bash', { command: 'echo hi > out.txt', description: 'write' })], [say('Done.\n\ncontinuity-closure: waiting_user — nothing more to do')]] }, { lifetimeMs: 120_000 });
        try {
          const r = await runProcess({ bin, args: copilotArgs('Write the file.'), cwd: place.dir, env: clientEnv(place.home, copilotEnvVars(server.url)), timeoutMs: 120_000 });
          if (r.exitCode !== 0) throw new Error(`copilot (${variant}) exited ${r.exitCode}: ${r.stderr.slice(-400)}`);
          if (i >= 0) (variant === 'floor' ? out.floorMs : out.hookedMs).push(r.durationMs);
          if (i >= 0 && variant === 'hooked') out.inHooks.push(hookTimes(place.home));
        } finally {
          await server.close();
        }
      }
    }
    out.hookCalls = median(out.inHooks.map((h) => h.calls));
    return out;
  } finally {
    if (!process.env.BENCH_KEEP) rmSync(base, { recursive: true, force: true });
    // Leave the cache folder as it was when nothing else is in it.
    if (existsSync(cache) && readdirSync(cache).length === 0) rmSync(cache, { recursive: true, force: true });
  }
}

export function reportCopilotHook(b: CopilotHookBench | null): void {
  if (!b) {
    console.log('GitHub Copilot CLI sessions: skipped (BENCH_COPILOT_RUNS=0)');
    return;
  }
  const floor = median(b.floorMs);
  const hooked = median(b.hookedMs);
  console.log(`GitHub Copilot CLI, whole \`copilot -p\` sessions (one bash call, an answer), ${b.runs} interleaved runs each`);
  console.log(`  floor (no continuity hooks)            median ${fmt(floor)}`);
  console.log(`  with continuity's hooks and own wall   median ${fmt(hooked)}   ${(hooked / floor).toFixed(2)}× the floor`);
  const inHooks = median(b.inHooks.map((h) => h.ms));
  const session = median(b.inHooks.map((h) => h.sessionMs));
  console.log(`  from Copilot CLI's own record of the hooked sessions: median ${fmt(inHooks)} waiting on continuity's hooks per session (${b.hookCalls.toFixed(0)} hook calls; per call median ${fmt(median(b.inHooks.flatMap((h) => h.perCall)))}), of a session of median ${fmt(session)}: ${((100 * inHooks) / session).toFixed(0)}%`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  reportCopilotHook(await benchCopilotHook(resolve(dirname(fileURLToPath(import.meta.url)), '..'), Number(process.env.BENCH_COPILOT_RUNS ?? 5)));
}
