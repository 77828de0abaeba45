import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appendEvent } from '../src/ledger/events.js';
import { Ledger } from '../src/ledger/ledger.js';
import { insertReceipt } from '../src/ledger/receipts.js';
import { interleaved, type Command, type Timing } from './measure.js';

export interface HookMatrix {
  timings: Timing[];
  /** Median of a label, for ratios. */
  median(label: string): number;
  compiled: boolean;
}

/** The three hook calls every entry is measured on, in one project. */
export const CASES = [
  { key: 'pre-harmless', label: 'PreToolUse, harmless Bash' },
  { key: 'pre-protected', label: 'PreToolUse, Bash writing .continuity/' },
  { key: 'stop', label: 'Stop, 500 tasks, 10,000 receipts' },
] as const;

/**
 * One interleaved run, medians of `runs` calls each: `true`, `node -e 0`,
 * `bun -e 0`, and the Node hook and the compiled hook on each case. The
 * project holds an approved 500-task plan with Task 250 complete and 10,000
 * receipts, so the Stop is a boundary stop that blocks (each call is a new
 * session, so each takes the same path); the protected write is denied.
 */
export async function benchHookMatrix(root: string, runs = 25): Promise<HookMatrix> {
  const cli = join(root, 'dist', 'cli.cjs');
  const compiledExe = join(root, 'dist', 'bin', 'continuity');
  const bun = join(root, 'node_modules', 'bun', 'bin', 'bun.exe');
  const compiled = existsSync(compiledExe);
  const project = mkdtempSync(join(tmpdir(), 'continuity-bench-hooks-'));
  try {
    await prepareProject(project, cli);
    let n = 0;
    const common = (event: Record<string, unknown>) => ({ session_id: `bench-${n++}`, transcript_path: join(project, 't.jsonl'), cwd: project, permission_mode: 'default', ...event });
    const payloads: Record<(typeof CASES)[number]['key'], () => string> = {
      'pre-harmless': () => JSON.stringify(common({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_use_id: 'toolu_bench', tool_input: { command: 'ls -la src', description: 'List sources' } })),
      'pre-protected': () => JSON.stringify(common({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_use_id: 'toolu_bench', tool_input: { command: "echo '{}' | tee .continuity/config.json", description: 'Reset the config' } })),
      stop: () => JSON.stringify(common({ hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: 'Task 250 is done. I can continue with Task 251.' })),
    };
    const env = { CLAUDE_PROJECT_DIR: project };
    // Each case must take the path it is named for, on both entries.
    const expected = { 'pre-harmless': /^$/, 'pre-protected': /"permissionDecision":"deny"/, stop: /"decision":"block"/ };
    for (const c of CASES) {
      for (const entry of compiled ? [[process.execPath, cli], [compiledExe]] : [[process.execPath, cli]]) {
        const r = spawnSync(entry[0]!, [...entry.slice(1), 'hook', 'claude-code'], { cwd: project, env: { ...process.env, ...env }, input: payloads[c.key](), encoding: 'utf8' });
        if (r.status !== 0 || !expected[c.key].test(r.stdout.trim())) throw new Error(`${c.label} via ${entry.join(' ')}: unexpected answer (exit ${r.status}): ${r.stdout}${r.stderr}`);
      }
    }
    const commands: Command[] = [
      { label: 'true', cmd: 'true', args: [] },
      { label: 'node -e 0', cmd: process.execPath, args: ['-e', '0'] },
      ...(existsSync(bun) ? [{ label: 'bun -e 0', cmd: bun, args: ['-e', '0'] }] : []),
    ];
    for (const c of CASES) {
      const input = payloads[c.key];
      commands.push({ label: `node hook · ${c.label}`, cmd: process.execPath, args: [cli, 'hook', 'claude-code'], get input() { return input(); }, env, cwd: project });
      if (compiled) commands.push({ label: `compiled hook · ${c.label}`, cmd: compiledExe, args: ['hook', 'claude-code'], get input() { return input(); }, env, cwd: project });
    }
    const timings = interleaved(commands, runs);
    const byLabel = new Map(timings.map((t) => [t.label, t.medianMs]));
    return { timings, compiled, median: (label) => byLabel.get(label) ?? NaN };
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
}

async function prepareProject(project: string, cli: string): Promise<void> {
  mkdirSync(join(project, '.git'));
  const plan = ['# Big Plan', '', ...Array.from({ length: 500 }, (_, i) => `### Task ${i + 1}: Step number ${i + 1}\n\n- [ ] **Step 1: Do part ${i + 1}**\n`)].join('\n');
  writeFileSync(join(project, 'plan.md'), plan);
  const env = { ...process.env, CLAUDE_PROJECT_DIR: project };
  const sh = (args: string[], input = '') => {
    const r = spawnSync(process.execPath, [cli, ...args], { cwd: project, env, input, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${args.join(' ')}: ${r.stderr}`);
  };
  sh(['plan', 'import', 'plan.md']);
  sh(['hook', 'claude-code'], JSON.stringify({ session_id: 'setup', cwd: project, hook_event_name: 'UserPromptSubmit', prompt: 'approve' }));
  sh(['task', 'done', '250']);

  const ledger = await Ledger.open(project);
  try {
    ledger.write((db) => {
      const eventId = appendEvent(db, { at: new Date().toISOString(), source: 'bench', kind: 'bench.receipts', input: {}, decision: null });
      for (let i = 0; i < 10_000; i++) {
        const from = String((i % 499) + 1);
        insertReceipt(db, { planId: 'plan', fromTaskId: from, nextTaskId: String(Number(from) + 1), dispatchedAt: new Date(Date.now() - i * 1000).toISOString(), channel: i % 3 ? 'stop-hook' : 'agent-tool', evidence: `bench ${i}`, sessionId: `old-session-${i % 200}`, eventId });
      }
    });
  } finally {
    ledger.close();
  }
}
