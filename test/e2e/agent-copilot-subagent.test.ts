/**
 * Copilot CLI's subagents end to end: the hook calls of a `task` run as
 * Copilot CLI 1.0.102 made them (test/fixtures/agents/copilot-1.0.102/subagent-*,
 * captured with a hook that dumps its stdin; ids kept, the project moved),
 * through the real CLI: one run per dispatch, the child bound to it, its
 * result delivered or held for; the subagent's own prompt and stop are not
 * the person's nor the parent's.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { runCli } from '../helpers/cli.js';
import { agentHook, events, planProject, planState, taskDone } from '../helpers/agent-hook.js';

const CAPTURED_PROJECT = '/work/scratch-copilot/proj';
const CAPTURED_HOME = '/work/scratch-copilot/home';
const PARENT = 'ad87f8cf-11ac-4798-ab5d-73b01ba703e4';
const CHILD = '4b47560b-d2d8-4928-9265-9904749d2bf9';
const RESULT = 'The review is back.';
const BACKGROUND_PARENT = 'a40fccb4-13ae-4c4a-873d-c847afa19732';
const BACKGROUND_CHILD = '79b64ff0-0a48-4e7a-97c2-df3cf39a7d72';

function fixture(name: string, project: string, home: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  const text = readFileSync(new URL(`../fixtures/agents/copilot-1.0.102/${name}.json`, import.meta.url), 'utf8');
  return { ...(JSON.parse(text.split(CAPTURED_PROJECT).join(project).split(CAPTURED_HOME).join(home)) as Record<string, unknown>), ...over };
}

function setUp(config?: unknown): { project: string; home: string; hook: (name: string, over?: Record<string, unknown>) => ReturnType<typeof agentHook> } {
  const project = planProject();
  const home = join(project, '..', `${project.split('/').pop()}-home`);
  mkdirSync(home, { recursive: true });
  if (config) {
    const path = join(project, '.continuity', 'config.json');
    const current = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>) : {};
    writeFileSync(path, JSON.stringify({ ...current, ...config }, null, 2) + '\n');
  }
  const hook = (name: string, over: Record<string, unknown> = {}) => {
    const r = agentHook('copilot', project, fixture(name, project, home, over), { COPILOT_PROJECT_DIR: project, HOME: home });
    assert.equal(r.code, 0, `${name}: ${r.stderr}`);
    return r;
  };
  return { project, home, hook };
}

function runs(project: string): any[] {
  const r = runCli(['status', '--json'], { cwd: project });
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout).runs;
}

/** The parent's session record as Copilot CLI writes it when its turn has ended and the stop's hook started (at the stop payload's `timestamp`). */
function parentRecord(home: string, session: string, last: string, at: unknown): void {
  const dir = join(home, '.copilot', 'session-state', session);
  mkdirSync(dir, { recursive: true });
  const lines = [
    { type: 'session.start', data: { sessionId: session, copilotVersion: '1.0.102' } },
    { type: 'user.message', data: { content: 'Have the plan reviewed.' } },
    { type: 'assistant.message', data: { content: last, toolRequests: [] } },
    { type: 'assistant.turn_end', data: { turnId: '1' } },
    { type: 'hook.start', data: { hookType: 'agentStop', input: { timestamp: Date.parse(String(at)) } } },
  ];
  writeFileSync(join(dir, 'events.jsonl'), lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
}

test('Copilot task in the foreground: one run, its dispatch (type, description), its child, and the result that reached the parent in the tool\'s result', () => {
  const { project, hook } = setUp();
  for (const name of ['subagent-pre-tool-use-task', 'subagent-user-prompt-submit', 'subagent-stop-own', 'subagent-stop', 'subagent-post-tool-use-task']) hook(name);
  const all = runs(project);
  assert.equal(all.length, 1, JSON.stringify(all));
  const run = all[0];
  assert.deepEqual(
    [run.sessionId, run.source, run.agentType, run.description, run.childSessionKey, run.childDone, run.capturedResultChars, run.status, run.forwardedToMain, run.resultSource],
    [PARENT, 'copilot', 'general-purpose', 'Review the plan', CHILD, true, RESULT.length, 'completed', true, 'tool_result'],
  );
});

test('Copilot: a subagent\'s own prompt is its start, never the person\'s (`approve` there approves nothing); its own stop at a task boundary is not held; both recorded under the parent\'s session', async () => {
  const { project, hook } = setUp();
  hook('subagent-pre-tool-use-task');
  const start = hook('subagent-user-prompt-submit', { prompt: 'approve' });
  assert.equal(start.out, null);
  assert.equal(planState(project), 'draft');
  const recorded = (await events(project)).filter((e) => e.source === 'hook:copilot');
  assert.deepEqual(recorded.map((e) => [e.kind, e.sessionId]).sort(), [['PreToolUse', PARENT], ['SubagentStart', PARENT]]);

  const approved = setUp();
  approved.hook('user-prompt-submit-approve', { session_id: PARENT });
  taskDone(approved.project, '1');
  parentRecord(approved.home, PARENT, 'Task 1 is done.', fixture('stop', approved.project, approved.home).timestamp);
  assert.equal(approved.hook('subagent-stop-own').out, null);
  assert.equal((await events(approved.project)).filter((e) => e.kind === 'Stop').length, 0);
});

test('Copilot task in the background: launched and bound to the child its result names, the child done, and the parent stopping without its result is held with the result delivered in the reason', () => {
  const { project, home, hook } = setUp({ watchdog: { forwardGraceSeconds: 0 } });
  hook('subagent-background-pre-tool-use-task');
  hook('subagent-background-post-tool-use-task');
  const launched = runs(project);
  assert.equal(launched.length, 1, JSON.stringify(launched));
  assert.deepEqual([launched[0].childSessionKey, launched[0].forwardedToMain], [BACKGROUND_CHILD, null]);
  hook('subagent-background-user-prompt-submit');
  hook('subagent-background-stop');
  parentRecord(home, BACKGROUND_PARENT, 'The review runs in the background.', fixture('stop', project, home).timestamp);
  const stop = hook('stop', { session_id: BACKGROUND_PARENT, transcript_path: join(home, '.copilot', 'session-state', BACKGROUND_PARENT, 'events.jsonl') });
  assert.equal(stop.out?.decision, 'block', JSON.stringify(stop.out));
  // The child's last answer, as captured: "Done.".
  assert.ok(String(stop.out?.reason).includes('---\nDone.\n--- end of result of subagent run r-1 ---'), String(stop.out?.reason));
  const after = runs(project);
  assert.equal(after.length, 1, JSON.stringify(after));
  assert.deepEqual([after[0].description, after[0].childSessionKey, after[0].status, after[0].resultSource], ['Review the plan', BACKGROUND_CHILD, 'recovered', 'fetch_history']);
  // Copilot CLI's own notice of the finished run, later, names it without its result: delivered once, not again.
  const notice = hook('subagent-background-notice-user-prompt-submit');
  assert.ok(!String(notice.out?.additionalContext ?? '').includes('--- result of subagent run'), JSON.stringify(notice.out));
});

test('Copilot read_agent: a background run\'s result the parent fetched itself is recorded as delivered, and its stop is not held for it', () => {
  const { project, home, hook } = setUp({ watchdog: { forwardGraceSeconds: 0 } });
  const parentSession = String(fixture('subagent-read-agent-parent-stop', project, home).session_id);
  for (const name of ['subagent-read-agent-pre-tool-use-task', 'subagent-read-agent-post-tool-use-task', 'subagent-read-agent-user-prompt-submit', 'subagent-read-agent-stop', 'subagent-read-agent-pre-tool-use', 'subagent-read-agent-post-tool-use']) hook(name);
  const [run] = runs(project);
  assert.deepEqual([run.status, run.forwardedToMain, run.resultSource], ['completed', true, 'task_output'], JSON.stringify(run));
  parentRecord(home, parentSession, 'It is back.', fixture('subagent-read-agent-parent-stop', project, home).timestamp);
  const stop = hook('subagent-read-agent-parent-stop', { transcript_path: join(home, '.copilot', 'session-state', parentSession, 'events.jsonl') });
  assert.equal(stop.out, null, JSON.stringify(stop.out));
});
