import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { recentEvents } from '../../src/ledger/events.js';
import { cliCommand, hook, runCli, tempProject } from '../helpers/cli.js';
import { openLedger } from '../helpers/ledger.js';
import { appendTranscript, assistantToolUse, userPrompt } from '../helpers/transcript.js';

const PLAN_PATH = 'docs/plans/search-index.md';
const PLAN = '# Search Index Plan\n\n### Task 1: Tokenizer\n\n- [ ] **Step 1: Test**\n\n### Task 2: Index writer\n\n- [ ] **Step 1: Test**\n';

function draftProject(files: Record<string, string> = {}): string {
  const project = tempProject({ [PLAN_PATH]: PLAN, ...files });
  assert.equal(runCli(['plan', 'import', PLAN_PATH], { cwd: project }).code, 0);
  return project;
}

const planState = (project: string) => JSON.parse(runCli(['plan', 'show', '--json'], { cwd: project }).stdout).state as string;

const QUESTION = { questions: [{ question: 'Do you approve the search index plan?', header: 'Approval', multiSelect: false, options: [{ label: 'Approve', description: 'Start Task 1' }, { label: 'Change Task 2', description: '' }] }] };

/** What Claude Code does before the dialog: the assistant's call in the transcript, then its PreToolUse. */
function announce(project: string, id: string, name: string, input: Record<string, unknown>, sessionId = 'session-test-1'): void {
  appendTranscript(join(project, 'transcript.jsonl'), userPrompt(sessionId, 'plan the search index'), assistantToolUse(sessionId, id, name, input));
  const pre = hook(project, { hook_event_name: 'PreToolUse', tool_name: name, tool_use_id: id, tool_input: input }, { sessionId });
  assert.equal(pre.code, 0, pre.stderr);
}

test('the user\'s answer to an approval question approves the plan; another answer does not', () => {
  const project = draftProject();
  announce(project, 'toolu_ask', 'AskUserQuestion', QUESTION);
  const ask = (answer: string) =>
    hook(project, {
      hook_event_name: 'PostToolUse',
      tool_name: 'AskUserQuestion',
      tool_use_id: 'toolu_ask',
      tool_input: QUESTION,
      tool_response: { questions: [], answers: { 'Do you approve the search index plan?': answer } },
    });
  const no = ask('Change Task 2');
  assert.equal(no.code, 0, no.stderr);
  assert.equal(planState(project), 'draft');
  const yes = ask('Approve');
  assert.match(JSON.parse(yes.stdout).hookSpecificOutput.additionalContext, /was approved by the user .*"Do you approve the search index plan\?" → "Approve"/);
  assert.equal(planState(project), 'approved');
});

test('the plugin\'s /continuity:approve, typed by the person, approves the plan whatever the configured phrases are', () => {
  const project = draftProject({ '.continuity/config.json': JSON.stringify({ approval: { phrases: ['ship it'] } }) });
  const later = hook(project, { hook_event_name: 'UserPromptSubmit', prompt: '/continuity:approve later' });
  assert.equal(later.code, 0, later.stderr);
  assert.equal(planState(project), 'draft');
  const typed = hook(project, { hook_event_name: 'UserPromptSubmit', prompt: '/continuity:approve' });
  assert.equal(typed.code, 0, typed.stderr);
  assert.equal(JSON.parse(typed.stdout).systemMessage, 'continuity: plan search-index approved.');
  assert.equal(planState(project), 'approved');
});

test('accepting a plan-mode plan (ExitPlanMode) registers the plan file and approves it', () => {
  const home = tempProject();
  const project = tempProject();
  const planFile = join(home, '.claude', 'plans', 'glowing-search-plan.md');
  mkdirSync(join(home, '.claude', 'plans'), { recursive: true });
  writeFileSync(planFile, '# Plan\n\n- [ ] Add the tokenizer\n- [ ] Add the index writer\n');
  mkdirSync(join(project, '.continuity'));
  const input = { plan: '# Plan\n\n- [ ] Add the tokenizer\n- [ ] Add the index writer\n', planFilePath: planFile };
  const call = (fields: Record<string, unknown>) =>
    runCli(['hook', 'claude-code'], {
      cwd: project,
      env: { CLAUDE_PROJECT_DIR: project, HOME: home },
      input: JSON.stringify({ session_id: 's-plan-mode', transcript_path: join(project, 't.jsonl'), cwd: project, tool_use_id: 'toolu_exit', tool_name: 'ExitPlanMode', tool_input: input, ...fields }),
    });
  appendTranscript(join(project, 't.jsonl'), userPrompt('s-plan-mode', 'plan it'), assistantToolUse('s-plan-mode', 'toolu_exit', 'ExitPlanMode', input));
  assert.equal(call({ hook_event_name: 'PreToolUse' }).code, 0);
  const r = call({ hook_event_name: 'PostToolUse', tool_response: { plan: '# Plan …', isAgent: false, filePath: planFile } });
  assert.equal(r.code, 0, r.stderr);
  const show = JSON.parse(runCli(['plan', 'show', '--json'], { cwd: project }).stdout);
  assert.equal(show.state, 'approved');
  assert.equal(show.dialect, 'checkbox');
  assert.equal(show.tasks.length, 2);
});

test('a subagent\'s plan-mode plan is not the user\'s acceptance', () => {
  const project = draftProject();
  hook(project, { hook_event_name: 'PostToolUse', tool_name: 'ExitPlanMode', tool_input: { plan: 'x' }, tool_response: { plan: 'x', isAgent: true } });
  assert.equal(planState(project), 'draft');
});

test('`continuity approve` from an agent\'s shell is refused (exit 6), recorded as a violation, and leaves the plan unapproved', async () => {
  const project = draftProject();
  const r = runCli(['approve'], { cwd: project, env: { CLAUDECODE: '1', CLAUDE_CODE_SESSION_ID: 'sess-agent' } });
  assert.equal(r.code, 6);
  assert.match(r.stderr, /approve refused: run from an agent's shell \(CLAUDECODE is set\)/);
  assert.equal(planState(project), 'draft');
  const status = JSON.parse(runCli(['status', '--json'], { cwd: project }).stdout);
  assert.equal(status.recentViolations[0].kind, 'approval_forgery');
  const ledger = await openLedger(project);
  try {
    assert.equal(recentEvents(ledger.db, { kind: 'approve.refused' }).length, 1);
  } finally {
    ledger.close();
  }
});

test('`continuity approve` without a terminal (a script, a pipe) is refused', () => {
  const project = draftProject();
  const r = runCli(['approve'], { cwd: project });
  assert.equal(r.code, 6);
  assert.match(r.stderr, /not run from an interactive terminal/);
  assert.equal(planState(project), 'draft');
});

test('`continuity approve` by a person at an interactive terminal approves', () => {
  const project = draftProject();
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(CLAUDE|CODEX|GEMINI|CURSOR)/.test(k)));
  // `script` gives the command a pseudo-terminal, as a person's terminal would.
  const c = cliCommand(['approve']);
  const r = spawnSync('script', ['-qec', [c.cmd, ...c.args].join(' '), '/dev/null'], { cwd: project, env, encoding: 'utf8', input: '' });
  assert.equal(r.status, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /Plan search-index .* approved at/);
  assert.equal(planState(project), 'approved');
});

test('on approval continuity writes the Approved line of a tdd-progress plan itself, and ticking progress keeps the approval', () => {
  const tdd = '# TDD Task: Search\n\n**Status:** pending\n**Created:** 2026-11-20\n\n## Slice 1: Tokenizer\n\n**Status:** pending\n\n## Slice 2: Writer\n\n**Status:** pending\n';
  const project = tempProject({ '.tdd-progress.md': tdd });
  runCli(['plan', 'import', '.tdd-progress.md'], { cwd: project });
  hook(project, { hook_event_name: 'UserPromptSubmit', prompt: '/approve' });
  const text = readFileSync(join(project, '.tdd-progress.md'), 'utf8');
  assert.match(text, /^# TDD Task: Search\n\n\*\*Status:\*\* pending\n\*\*Created:\*\* 2026-11-20\n\*\*Approved:\*\* 20\d\d-\d\d-\d\dT[\d:.]+Z\n\n## Slice 1/);
  writeFileSync(join(project, '.tdd-progress.md'), text.replace('## Slice 1: Tokenizer\n\n**Status:** pending', '## Slice 1: Tokenizer\n\n**Status:** done'));
  assert.equal(planState(project), 'approved');
});

test('a plan file the agent writes under docs/plans/ is registered as a draft; a design doc is not', () => {
  const project = tempProject();
  mkdirSync(join(project, '.continuity'));
  mkdirSync(join(project, 'docs/plans'), { recursive: true });
  writeFileSync(join(project, 'docs/plans/notes.md'), '# Notes\n\nNo tasks here.\n');
  const design = hook(project, { hook_event_name: 'PostToolUse', tool_name: 'Write', tool_input: { file_path: join(project, 'docs/plans/notes.md'), content: '' }, tool_response: {} });
  assert.equal(design.stdout, '');
  writeFileSync(join(project, PLAN_PATH), PLAN);
  const written = hook(project, { hook_event_name: 'PostToolUse', tool_name: 'Write', tool_input: { file_path: join(project, PLAN_PATH), content: PLAN }, tool_response: { type: 'create' } });
  assert.match(JSON.parse(written.stdout).hookSpecificOutput.additionalContext, /registered docs\/plans\/search-index\.md as plan search-index \(2 tasks\): a draft; its execution has not been authorised/);
  assert.equal(planState(project), 'draft');
});

test('every user prompt restates the plan state in one line; for a draft, without imperative words', () => {
  const project = draftProject();
  const r = hook(project, { hook_event_name: 'UserPromptSubmit', prompt: 'what is next?' });
  const line = String(JSON.parse(r.stdout).hookSpecificOutput.additionalContext);
  assert.equal(line, 'continuity: plan search-index is a draft, not approved; its execution has not been authorised.');
  hook(project, { hook_event_name: 'UserPromptSubmit', prompt: 'approve' });
  const after = String(JSON.parse(hook(project, { hook_event_name: 'UserPromptSubmit', prompt: 'go' }).stdout).hookSpecificOutput.additionalContext);
  assert.equal(after, 'continuity: plan search-index is approved; 0/2 tasks complete; next: Task 1 "Tokenizer".');
});

test('PreCompact records a checkpoint of the ledger state', async () => {
  const project = draftProject();
  assert.equal(hook(project, { hook_event_name: 'PreCompact', trigger: 'auto', custom_instructions: '' }).code, 0);
  const ledger = await openLedger(project);
  try {
    const [e] = recentEvents(ledger.db, { kind: 'PreCompact' });
    assert.deepEqual((e!.decision as { action: string; plan: unknown }).action, 'checkpoint');
    assert.deepEqual((e!.decision as { plan: unknown }).plan, { id: 'search-index', state: 'draft', complete: 0, total: 2 });
  } finally {
    ledger.close();
  }
});

test('SessionStart after compaction states an approved plan with its progress and names the task that is next', () => {
  const project = draftProject();
  hook(project, { hook_event_name: 'UserPromptSubmit', prompt: 'approve' });
  assert.equal(runCli(['task', 'done', '1'], { cwd: project }).code, 0);
  const r = hook(project, { hook_event_name: 'SessionStart', source: 'compact' });
  const context = String(JSON.parse(r.stdout).hookSpecificOutput.additionalContext);
  assert.match(context, /plan search-index \(docs\/plans\/search-index\.md, 2 tasks\) is approved \(.*\); 1 of 2 tasks are complete\./);
  assert.match(context, /Last completed: Task 1 "Tokenizer"\./);
  assert.match(context, /The next task of the plan is Task 2 "Index writer" \(docs\/plans\/search-index\.md:\d+\)\./);
});
