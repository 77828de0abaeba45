import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { interleaved, type Timing } from './measure.js';

/**
 * `continuity hook claude-code` on a PreToolUse of a harmless Bash command in
 * a project that has continuity enabled but no plan, against bare `node -e 0`.
 */
export function benchHookStartup(cli: string, runs = 25): { timings: Timing[]; ratio: number } {
  const project = mkdtempSync(join(tmpdir(), 'continuity-bench-'));
  try {
    mkdirSync(join(project, '.git'));
    mkdirSync(join(project, '.continuity'));
    const payload = JSON.stringify({
      session_id: 'bench',
      transcript_path: join(project, 't.jsonl'),
      cwd: project,
      permission_mode: 'default',
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_use_id: 'toolu_bench',
      tool_input: { command: 'ls -la src', description: 'List sources' },
    });
    const timings = interleaved(
      [
        { label: 'node -e 0', cmd: process.execPath, args: ['-e', '0'] },
        { label: 'hook PreToolUse (harmless Bash, no plan)', cmd: process.execPath, args: [cli, 'hook', 'claude-code'], input: payload, env: { CLAUDE_PROJECT_DIR: project } },
      ],
      runs,
    );
    return { timings, ratio: timings[1]!.medianMs / timings[0]!.medianMs };
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
}
