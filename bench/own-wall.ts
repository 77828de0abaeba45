// continuity's own wall (Gemini CLI, OpenClaw): what it adds to a shell call.
// The command the client runs after the hook's rewrite (bubblewrap, then the
// same shell) against the bare command, interleaved in one run; and the
// hook's own cost for the rewrite: `continuity hook gemini` on a harmless
// run_shell_command with sandbox.mode "off" (no wrap) and "required".
// Standalone: `node --import tsx bench/own-wall.ts` (after a build).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { interleaved, type Timing } from './measure.js';

const PLAN = '# Plan\n\n### Task 1: One\n\n- [ ] **Step 1: a**\n\n### Task 2: Two\n\n- [ ] **Step 1: b**\n';

export interface OwnWallBench {
  shell: Timing[];
  hook: Timing[];
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
    const shellCases = ['true', 'ls -la', 'git status --short'];
    const shell = interleaved(
      shellCases.flatMap((c) => [
        { label: `bare · ${c}`, cmd: 'bash', args: ['-c', c], cwd: walled },
        { label: `walled · ${c}`, cmd: 'bash', args: ['-c', wrap(c)], cwd: walled },
      ]),
      runs,
    );
    const hookTimes = interleaved(
      [
        { label: 'hook gemini · mode off (no wrap)', cmd: process.execPath, args: [join(root, 'dist', 'cli.cjs'), 'hook', 'gemini'], input: payload(bare, 'ls -la'), cwd: bare },
        { label: 'hook gemini · mode required (wrapped)', cmd: process.execPath, args: [join(root, 'dist', 'cli.cjs'), 'hook', 'gemini'], input: payload(walled, 'ls -la'), cwd: walled },
      ],
      runs,
    );
    return { shell, hook: hookTimes };
  } finally {
    rmSync(walled, { recursive: true, force: true });
    rmSync(bare, { recursive: true, force: true });
  }
}

export function reportOwnWall(b: OwnWallBench): void {
  const median = (list: Timing[], label: string) => list.find((t) => t.label === label)!.medianMs;
  console.log("continuity's own wall (Gemini CLI, OpenClaw): the shell call as the client runs it after the rewrite, against the bare one (one interleaved run)");
  for (const c of ['true', 'ls -la', 'git status --short']) {
    const bare = median(b.shell, `bare · ${c}`);
    const walled = median(b.shell, `walled · ${c}`);
    console.log(`  ${c.padEnd(22)} bare ${bare.toFixed(1).padStart(6)} ms   walled ${walled.toFixed(1).padStart(6)} ms   added ${(walled - bare).toFixed(1).padStart(5)} ms   ${(walled / bare).toFixed(2)}×   (target: added < 10 ms)`);
  }
  const off = median(b.hook, 'hook gemini · mode off (no wrap)');
  const on = median(b.hook, 'hook gemini · mode required (wrapped)');
  console.log(`  the hook's rewrite: continuity hook gemini ${off.toFixed(1)} ms without, ${on.toFixed(1)} ms with (added ${(on - off).toFixed(1)} ms)`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  reportOwnWall(await benchOwnWall(root, Number(process.env.BENCH_RUNS ?? 25)));
}
