// continuity's own wall (Gemini CLI, OpenClaw): what it adds to a shell call.
// Interleaved in one run, each shell command as the client runs it:
//   bare      the command alone;
//   before    the wall as it stood before git's exec paths, the engine's deny
//             list and the narrowed caches (the same builder, those facts left out);
//   wall      the command the hook's rewrite gives now;
//   library   the command @anthropic-ai/sandbox-runtime generates for the same
//             spec, run while the process that generated it is alive (as the
//             library requires: see docs/the-wall.md, "The engine"), and the
//             library's own time to generate it, in this process;
// and the hook's own cost for the rewrite: `continuity hook gemini` on a
// harmless run_shell_command with sandbox.mode "off" (no wrap) and "required".
// Standalone: `node --import tsx bench/own-wall.ts` (after a build).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cleanupBwrapMountPoints, wrapCommandWithSandboxLinux } from '@anthropic-ai/sandbox-runtime/dist/sandbox/linux-sandbox-utils.js';
import { ownWallFacts } from '../src/hooks/rules/own-wall.js';
import { wrapCommand } from '../src/wall/bwrap.js';
import { wallSpec, type WallFacts } from '../src/wall/spec.js';
import { interleaved, quantile, type Timing } from './measure.js';

const PLAN = '# Plan\n\n### Task 1: One\n\n- [ ] **Step 1: a**\n\n### Task 2: Two\n\n- [ ] **Step 1: b**\n';

export interface OwnWallBench {
  shell: Timing[];
  hook: Timing[];
  /** The library's own time to generate one wrapped command, in process (median, ms). */
  libraryWrapMs: number;
}

/** The wall as it stood before: the package caches writable whole, no git exec paths, no engine deny list. */
function before(f: WallFacts): WallFacts {
  const home = f.home ?? '/nonexistent';
  const caches = ['.npm', '.cache', '.yarn', '.pnpm-store', '.local/share/pnpm', '.bun/install/cache', '.cargo/registry', '.cargo/git', 'go/pkg/mod', '.m2/repository', '.gradle/caches'].map((c) => join(home, c)).filter((c) => existsSync(c));
  return { ...f, caches, ephemeral: [], gitExec: { files: [], dirs: [] }, mandatory: [] };
}

/** The library's command for the same spec: writable, read-only and hidden as the wall's, the credentials unset. */
async function libraryWrap(f: WallFacts, command: string): Promise<string> {
  const s = wallSpec(f);
  const cwd = process.cwd();
  // The library reads the project from the process's working folder (its deny list is anchored there).
  process.chdir(f.root);
  try {
    return await wrapCommandWithSandboxLinux({
      command,
      needsNetworkRestriction: false,
      bwrapPath: f.bwrap,
      binShell: f.shell.path,
      writeConfig: { allowOnly: [...s.writable, ...s.reopened, ...s.ephemeral], denyWithinAllow: [...s.readOnly] },
      readConfig: { denyOnly: [...s.hidden.dirs, ...s.hidden.files] },
      unsetEnvVars: [...s.unsetEnv],
      setEnvVars: { CONTINUITY_WALL: 'bwrap' },
    });
  } finally {
    process.chdir(cwd);
  }
}

function project(root: string, mode: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'continuity-bench-wall-'));
  mkdirSync(join(dir, 'docs'));
  writeFileSync(join(dir, 'docs', 'plan.md'), PLAN);
  spawnSync('git', ['init', '-q'], { cwd: dir });
  const r = spawnSync(process.execPath, [join(root, 'dist', 'cli.cjs'), 'plan', 'import', 'docs/plan.md'], { cwd: dir, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`plan import failed: ${r.stderr}`);
  writeFileSync(join(dir, '.continuity', 'config.json'), JSON.stringify({ sandbox: { mode } }));
  return dir;
}

const payload = (dir: string, command: string) =>
  JSON.stringify({ session_id: 'bench', transcript_path: join(dir, 't.jsonl'), cwd: dir, hook_event_name: 'BeforeTool', timestamp: '2026-11-26T00:00:00.000Z', tool_name: 'run_shell_command', tool_input: { command, description: 'bench' } });

export async function benchOwnWall(root: string, runs = 25): Promise<OwnWallBench> {
  const walled = project(root, 'required');
  const bare = project(root, 'off');
  try {
    const hook = (dir: string, command: string) => spawnSync(process.execPath, [join(root, 'dist', 'cli.cjs'), 'hook', 'gemini'], { cwd: dir, input: payload(dir, command), encoding: 'utf8' });
    const wrap = (command: string) => {
      const out = JSON.parse(hook(walled, command).stdout) as { hookSpecificOutput?: { tool_input?: { command?: string } } };
      const w = out.hookSpecificOutput?.tool_input?.command;
      if (!w) throw new Error(`no wrapped command for ${command}`);
      return w;
    };
    const facts = ownWallFacts('gemini', walled, process.env, '/usr/bin/bwrap', []);
    const shellCases = ['true', 'ls -la', 'git status --short'];
    const library = new Map<string, string>();
    for (const c of shellCases) library.set(c, await libraryWrap(facts, c));
    const wrapTimes: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      await libraryWrap(facts, 'true');
      wrapTimes.push(performance.now() - t0);
    }
    const shell = interleaved(
      shellCases.flatMap((c) => [
        { label: `bare · ${c}`, cmd: 'bash', args: ['-c', c], cwd: walled },
        { label: `before · ${c}`, cmd: 'bash', args: ['-c', wrapCommand(wallSpec(before(facts)), c)], cwd: walled },
        { label: `wall · ${c}`, cmd: 'bash', args: ['-c', wrap(c)], cwd: walled },
        { label: `library · ${c}`, cmd: 'bash', args: ['-c', library.get(c)!], cwd: walled },
      ]),
      runs,
    );
    // The library's mount points for missing deny paths, left in the project by bubblewrap, go with this process's cleanup.
    cleanupBwrapMountPoints({ force: true });
    const hookTimes = interleaved(
      [
        { label: 'hook gemini · mode off (no wrap)', cmd: process.execPath, args: [join(root, 'dist', 'cli.cjs'), 'hook', 'gemini'], input: payload(bare, 'ls -la'), cwd: bare },
        { label: 'hook gemini · mode required (wrapped)', cmd: process.execPath, args: [join(root, 'dist', 'cli.cjs'), 'hook', 'gemini'], input: payload(walled, 'ls -la'), cwd: walled },
      ],
      runs,
    );
    return { shell, hook: hookTimes, libraryWrapMs: quantile(wrapTimes, 0.5) };
  } finally {
    rmSync(walled, { recursive: true, force: true });
    rmSync(bare, { recursive: true, force: true });
  }
}

export function reportOwnWall(b: OwnWallBench): void {
  const median = (list: Timing[], label: string) => list.find((t) => t.label === label)!.medianMs;
  const cpu = (list: Timing[], label: string) => list.find((t) => t.label === label)!.medianCpuMs;
  console.log("continuity's own wall (Gemini CLI, OpenClaw): the shell call as the client runs it after the rewrite, against the bare one (one interleaved run; wall time, CPU time in brackets)");
  for (const c of ['true', 'ls -la', 'git status --short']) {
    const bare = median(b.shell, `bare · ${c}`);
    const line = ['before', 'wall', 'library'].map((k) => {
      const t = median(b.shell, `${k} · ${c}`);
      return `${k} ${t.toFixed(1).padStart(5)} ms [${cpu(b.shell, `${k} · ${c}`).toFixed(0)}] +${(t - bare).toFixed(1)} ${(t / bare).toFixed(2)}×`;
    });
    console.log(`  ${c.padEnd(20)} bare ${bare.toFixed(1).padStart(5)} ms [${cpu(b.shell, `bare · ${c}`).toFixed(0)}]   ${line.join('   ')}   (target: wall within 10 ms of bare)`);
  }
  console.log(`  the library's own time to generate one command (in process, not counted above): ${b.libraryWrapMs.toFixed(1)} ms`);
  const off = median(b.hook, 'hook gemini · mode off (no wrap)');
  const on = median(b.hook, 'hook gemini · mode required (wrapped)');
  console.log(`  the hook's rewrite: continuity hook gemini ${off.toFixed(1)} ms without, ${on.toFixed(1)} ms with (added ${(on - off).toFixed(1)} ms)`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  reportOwnWall(await benchOwnWall(root, Number(process.env.BENCH_RUNS ?? 25)));
}
