import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appendEvent } from '../src/ledger/events.js';
import { Ledger } from '../src/ledger/ledger.js';
import { insertReceipt } from '../src/ledger/receipts.js';
import { interleaved, type Timing } from './measure.js';

/**
 * The Stop decision at a task boundary of a 500-task approved plan whose
 * ledger holds 10,000 receipts, against bare `node -e 0`. Each call is a new
 * session, so each takes the same path: evaluate, block, record a receipt.
 */
export async function benchStopGate(cli: string, runs = 25): Promise<{ timings: Timing[]; ratio: number; receipts: number }> {
  const project = mkdtempSync(join(tmpdir(), 'continuity-bench-stop-'));
  try {
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

    let n = 0;
    const stop = () => JSON.stringify({ session_id: `bench-${n++}`, transcript_path: join(project, 't.jsonl'), cwd: project, hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: 'Task 250 is done. I can continue with Task 251.' });
    const timings = interleaved(
      [
        { label: 'node -e 0', cmd: process.execPath, args: ['-e', '0'] },
        { label: 'hook Stop (500 tasks, 10,000 receipts)', cmd: process.execPath, args: [cli, 'hook', 'claude-code'], get input() { return stop(); }, env: { CLAUDE_PROJECT_DIR: project } },
      ],
      runs,
    );
    return { timings, ratio: timings[1]!.medianMs / timings[0]!.medianMs, receipts: 10_000 };
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
}
