import assert from 'node:assert/strict';
import { hook, runCli, tempProject, type CliResult } from './cli.js';

/** A project whose plan is imported and approved by the user's prompt, as in a real session. */
export function approvedProject(planPath: string, plan: string, extraFiles: Record<string, string> = {}): string {
  const project = tempProject({ [planPath]: plan, ...extraFiles });
  const imported = runCli(['plan', 'import', planPath], { cwd: project });
  assert.equal(imported.code, 0, imported.stderr);
  const approve = hook(project, { hook_event_name: 'UserPromptSubmit', prompt: 'approve' });
  assert.equal(approve.code, 0, approve.stderr);
  return project;
}

export function cli(project: string, args: string[]): CliResult {
  const r = runCli(args, { cwd: project, env: { CLAUDE_PROJECT_DIR: project } });
  assert.equal(r.code, 0, `${args.join(' ')}: ${r.stderr}`);
  return r;
}

/** A Stop hook call; returns the parsed answer (null: nothing said). */
export function stopHook(project: string, fields: Record<string, unknown> = {}, sessionId = 'session-test-1'): Record<string, unknown> | null {
  const r = hook(project, { hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: 'Done with this task.', ...fields }, { sessionId });
  assert.equal(r.code, 0, r.stderr);
  return r.stdout.trim() ? (JSON.parse(r.stdout) as Record<string, unknown>) : null;
}
