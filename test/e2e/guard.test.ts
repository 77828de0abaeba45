import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { hook, runCli, tempProject } from '../helpers/cli.js';

const TDD = '# TDD Task: Search\n\n**Status:** pending\n\n## Slice 1: Tokenizer\n\n**Status:** pending\n\n## Slice 2: Writer\n\n**Status:** pending\n';

/** A project whose tdd plan is registered and not approved: its .tdd-progress.md is guarded. */
function draftTddProject(): string {
  const project = tempProject({ '.tdd-progress.md': TDD, 'notes.md': 'draft notes\n' });
  assert.equal(runCli(['plan', 'import', '.tdd-progress.md'], { cwd: project }).code, 0);
  return project;
}

function pre(project: string, tool: string, input: Record<string, unknown>) {
  const r = hook(project, { hook_event_name: 'PreToolUse', tool_name: tool, tool_use_id: 'toolu_x', tool_input: input });
  assert.equal(r.code, 0, r.stderr);
  return r.stdout.trim() ? (JSON.parse(r.stdout) as { hookSpecificOutput?: { permissionDecision?: string; permissionDecisionReason?: string } }) : null;
}

function post(project: string, tool: string, input: Record<string, unknown>) {
  const r = hook(project, { hook_event_name: 'PostToolUse', tool_name: tool, tool_use_id: 'toolu_x', tool_input: input, tool_response: {} });
  assert.equal(r.code, 0, r.stderr);
  return r.stdout.trim() ? (JSON.parse(r.stdout) as { decision?: string; reason?: string; systemMessage?: string }) : null;
}

const violations = (project: string) => JSON.parse(runCli(['status', '--json'], { cwd: project }).stdout).recentViolations as { kind: string; summary: string }[];

test('a Write to the progress tracker of an unapproved plan is denied before, with the facts, and recorded', () => {
  const project = draftTddProject();
  const out = pre(project, 'Write', { file_path: join(project, '.tdd-progress.md'), content: 'x' });
  assert.equal(out?.hookSpecificOutput?.permissionDecision, 'deny');
  assert.match(String(out?.hookSpecificOutput?.permissionDecisionReason), /\.tdd-progress\.md is guarded: it is the progress tracker of plan tdd-progress, which is not approved/);
  assert.equal(violations(project)[0]?.kind, 'guarded_write_denied');
});

const WRITE_FORMS = [
  'cat notes.md | tee .tdd-progress.md',
  'echo "**Status:** done" >> .tdd-progress.md',
  'printf x >| .tdd-progress.md',
  "sed -i 's/pending/done/' .tdd-progress.md",
  'cp notes.md .tdd-progress.md',
  'mv notes.md .tdd-progress.md',
  'rm -f .tdd-progress.md',
  'bash -c "cat notes.md > .tdd-progress.md"',
  "python3 -c \"open('.tdd-progress.md','w').write('x')\"",
  'F=.tdd-progress.md; echo x > "$F"',
  'cat > .tdd-progress.md <<EOF\n# forged\nEOF',
  'echo x > .continuity/config.json',
  'rm -rf .continuity',
  'sqlite3 .continuity/ledger.db "update plans set state=\'approved\'"',
];

for (const command of WRITE_FORMS) {
  test(`Bash write form denied before: ${command.split('\n')[0]}`, () => {
    const project = draftTddProject();
    const out = pre(project, 'Bash', { command });
    assert.equal(out?.hookSpecificOutput?.permissionDecision, 'deny', command);
  });
}

const BENIGN = [
  'cat .tdd-progress.md',
  'grep -n Status .tdd-progress.md',
  'git diff .tdd-progress.md',
  'echo "remember to update .tdd-progress.md"',
  'cp .tdd-progress.md /tmp/backup.md',
  'ls -la .continuity',
  'npm test',
  'continuity status',
];

test('benign commands that read or mention guarded files are allowed, and no violation is recorded', () => {
  const project = draftTddProject();
  for (const command of BENIGN) assert.equal(pre(project, 'Bash', { command })?.hookSpecificOutput?.permissionDecision, undefined, command);
  assert.deepEqual(violations(project), []);
});

test('writing an Approved line into the plan is denied, whatever the file state', () => {
  const project = draftTddProject();
  const edit = pre(project, 'Edit', { file_path: join(project, '.tdd-progress.md'), old_string: '**Status:** pending', new_string: '**Status:** pending\n**Approved:** 2026-11-22' });
  assert.equal(edit?.hookSpecificOutput?.permissionDecision, 'deny');
  hook(project, { hook_event_name: 'UserPromptSubmit', prompt: 'approve' });
  // Approved now: the tracker is writable, the Approved line still is not.
  assert.equal(pre(project, 'Edit', { file_path: join(project, '.tdd-progress.md'), old_string: 'a', new_string: 'b' }), null);
  const forged = pre(project, 'Bash', { command: 'echo "**Approved:** yesterday" >> .tdd-progress.md' });
  assert.equal(forged?.hookSpecificOutput?.permissionDecision, 'deny');
  assert.match(String(forged?.hookSpecificOutput?.permissionDecisionReason), /only continuity writes the Approved line/);
});

test('a script that writes the guarded file is reverted after, reported to the agent and the user, and recorded', () => {
  const project = draftTddProject();
  writeFileSync(join(project, '.tdd-progress.md'), TDD.replace('## Slice 1: Tokenizer\n\n**Status:** pending', '## Slice 1: Tokenizer\n\n**Status:** done'));
  const out = post(project, 'Bash', { command: 'python3 scripts/update_progress.py' });
  assert.equal(out?.decision, 'block');
  assert.match(String(out?.reason), /changed guarded files, which were put back: \.tdd-progress\.md \(content restored\)/);
  assert.match(String(out?.systemMessage), /reverted an unauthorised change by Bash/);
  assert.equal(readFileSync(join(project, '.tdd-progress.md'), 'utf8'), TDD);
  assert.equal(violations(project)[0]?.kind, 'guarded_write_reverted');
});

test('an SDD ledger created for an unapproved superpowers plan is removed after', () => {
  const project = tempProject({ 'docs/plans/search.md': '# Plan\n\n### Task 1: One\n\nDo it.\n\n### Task 2: Two\n\nDo it.\n' });
  runCli(['plan', 'import', 'docs/plans/search.md'], { cwd: project });
  mkdirSync(join(project, '.superpowers/sdd/search'), { recursive: true });
  writeFileSync(join(project, '.superpowers/sdd/search/progress.md'), 'Task 1: complete\n');
  const out = post(project, 'Bash', { command: 'node scripts/mark.js' });
  assert.match(String(out?.reason), /\.superpowers\/sdd\/search\/progress\.md \(created; removed\)/);
  assert.equal(existsSync(join(project, '.superpowers/sdd/search/progress.md')), false);
});

test('a forged Approved line added by a script is taken out; the line continuity wrote stays', () => {
  const project = draftTddProject();
  hook(project, { hook_event_name: 'UserPromptSubmit', prompt: 'approve' });
  const approved = readFileSync(join(project, '.tdd-progress.md'), 'utf8');
  writeFileSync(join(project, '.tdd-progress.md'), approved.replace('# TDD Task: Search\n', '# TDD Task: Search\n**Approved:** by myself\n'));
  const out = post(project, 'Bash', { command: './approve.sh' });
  assert.equal(out?.decision, 'block');
  assert.equal(readFileSync(join(project, '.tdd-progress.md'), 'utf8'), approved);
});

test('ticking progress in an approved tdd plan is neither denied nor reverted', () => {
  const project = draftTddProject();
  hook(project, { hook_event_name: 'UserPromptSubmit', prompt: 'approve' });
  const approved = readFileSync(join(project, '.tdd-progress.md'), 'utf8');
  const ticked = approved.replace('## Slice 1: Tokenizer\n\n**Status:** pending', '## Slice 1: Tokenizer\n\n**Status:** done');
  assert.equal(pre(project, 'Write', { file_path: join(project, '.tdd-progress.md'), content: ticked }), null);
  writeFileSync(join(project, '.tdd-progress.md'), ticked);
  assert.equal(post(project, 'Write', { file_path: join(project, '.tdd-progress.md'), content: ticked }), null);
  assert.equal(readFileSync(join(project, '.tdd-progress.md'), 'utf8'), ticked);
});

test('an invalid config does not switch the hooks off: they decide with the last authorised one, say so, and the file is put back', () => {
  const project = tempProject({ '.tdd-progress.md': TDD, '.continuity/config.json': '{ "stopGate": { "maxConsecutiveBlocks": 5 } }' });
  assert.equal(runCli(['plan', 'import', '.tdd-progress.md'], { cwd: project }).code, 0);
  // The agent breaks the config (a typo would do as well): the guard still denies, and says which config it used.
  writeFileSync(join(project, '.continuity/config.json'), '{ "stopGate": { "maxConsecutiveBlocks": "never" } }');
  const out = pre(project, 'Bash', { command: 'echo x >> .tdd-progress.md' });
  assert.equal(out?.hookSpecificOutput?.permissionDecision, 'deny');
  const after = post(project, 'Bash', { command: 'ls' });
  assert.match(String(after?.reason), /\.continuity\/config\.json \(content restored\)/);
  assert.equal(readFileSync(join(project, '.continuity/config.json'), 'utf8'), '{ "stopGate": { "maxConsecutiveBlocks": 5 } }');
  assert.match(String(after?.systemMessage), /\.continuity\/config\.json cannot be used \(invalid .*stopGate\.maxConsecutiveBlocks: expected number, received "never"; the last authorised config is used\)/);
});

test('an unparseable command is denied when it names a guarded path, allowed otherwise', () => {
  const project = draftTddProject();
  assert.equal(pre(project, 'Bash', { command: 'echo $(( > .tdd-progress.md' })?.hookSpecificOutput?.permissionDecision, 'deny');
  assert.equal(pre(project, 'Bash', { command: 'echo $(( broken' }), null);
});

test('an approval written into the ledger by a script is undone after the call, and recorded', async () => {
  const project = draftTddProject();
  const { openLedger } = await import('../helpers/ledger.js');
  const ledger = await openLedger(project);
  try {
    // What an agent's script could do: open the SQLite ledger itself and mark the plan approved.
    ledger.db.exec("UPDATE plans SET state = 'approved', approved_hash = structure_hash, approved_at = '2026-11-22T09:00:00.000Z', approved_via = 'user-prompt'");
  } finally {
    ledger.close();
  }
  const out = post(project, 'Bash', { command: 'node scripts/approve-plan.js' });
  assert.equal(out?.decision, 'block');
  assert.match(String(out?.reason), /the approval of plan tdd-progress written into the ledger outside continuity \(undone; the plan is draft again\)/);
  assert.equal(JSON.parse(runCli(['plan', 'show', '--json'], { cwd: project }).stdout).state, 'draft');
  assert.equal(violations(project)[0]?.kind, 'guarded_write_reverted');
});

test('a malformed PreToolUse payload that names a guarded path gets the safe answer, deny; others exit 1; both are recorded', async () => {
  const project = draftTddProject();
  const bad = runCli(['hook', 'claude-code'], {
    cwd: project,
    env: { CLAUDE_PROJECT_DIR: project },
    input: JSON.stringify({ session_id: 's-bad', hook_event_name: 'PreToolUse', cwd: project, tool_input: { command: 'tee .tdd-progress.md' } }),
  });
  assert.equal(bad.code, 0);
  assert.equal(JSON.parse(bad.stdout).hookSpecificOutput.permissionDecision, 'deny');
  assert.match(bad.stderr, /invalid PreToolUse payload: tool_name/);
  const other = runCli(['hook', 'claude-code'], { cwd: project, env: { CLAUDE_PROJECT_DIR: project }, input: '{"session_id": "s-bad", "hook_event_name": "PreToolUse", "cwd": 3' });
  assert.equal(other.code, 1);
  assert.equal(other.stdout, '');
  const { openLedger } = await import('../helpers/ledger.js');
  const { recentEvents } = await import('../../src/ledger/events.js');
  const ledger = await openLedger(project);
  try {
    assert.equal(recentEvents(ledger.db, { kind: 'malformed-payload' }).length, 2);
  } finally {
    ledger.close();
  }
});

test('a file tool writing through a symbolic link or `..` into a guarded path is denied before it runs', () => {
  const project = draftTddProject();
  mkdirSync(join(project, 'src'));
  symlinkSync(join(project, '.continuity'), join(project, 'state'));
  symlinkSync('../.tdd-progress.md', join(project, 'src', 'progress-link.md'));
  symlinkSync(join(project, '.continuity', 'not-yet.json'), join(project, 'dangling.json'));
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ['Write', { file_path: join(project, 'state', 'config.json'), content: '{}' }, /\.continuity\/config\.json is guarded: continuity's ledger and config/],
    ['Edit', { file_path: join(project, 'src', 'progress-link.md'), old_string: 'pending', new_string: 'done' }, /\.tdd-progress\.md is guarded: it is the progress tracker/],
    ['Write', { file_path: join(project, 'dangling.json'), content: '{}' }, /\.continuity\/not-yet\.json is guarded/],
    ['Write', { file_path: join(project, 'src', '..', '.continuity', 'x.json'), content: '{}' }, /\.continuity\/x\.json is guarded/],
    ['Write', { file_path: 'src/../state/ledger.db', content: '' }, /\.continuity\/ledger\.db is guarded/],
  ];
  for (const [tool, input, reason] of cases) {
    const out = pre(project, tool, input);
    assert.equal(out?.hookSpecificOutput?.permissionDecision, 'deny', `${tool} ${JSON.stringify(input)}`);
    assert.match(String(out?.hookSpecificOutput?.permissionDecisionReason), reason);
  }
  // A link that leads somewhere harmless is a plain write.
  symlinkSync(join(project, 'notes.md'), join(project, 'notes-link.md'));
  assert.equal(pre(project, 'Write', { file_path: join(project, 'notes-link.md'), content: 'x' }), null);
});

test('a denial says why that path is guarded: a protect-list file is not called the tracker, and a folder is named with what it holds', () => {
  const project = tempProject({ '.tdd-progress.md': TDD, '.continuity/config.json': JSON.stringify({ protect: ['secrets/**'] }) });
  assert.equal(runCli(['plan', 'import', '.tdd-progress.md'], { cwd: project }).code, 0);
  const secret = pre(project, 'Write', { file_path: join(project, 'secrets', 'key.txt'), content: 'x' });
  assert.equal(secret?.hookSpecificOutput?.permissionDecision, 'deny');
  assert.match(String(secret?.hookSpecificOutput?.permissionDecisionReason), /secrets\/key\.txt is guarded: it is listed in the config's protect list/);
  const tracker = pre(project, 'Write', { file_path: join(project, '.tdd-progress.md'), content: 'x' });
  assert.match(String(tracker?.hookSpecificOutput?.permissionDecisionReason), /progress tracker of plan/);
  const clean = pre(project, 'Bash', { command: 'git clean -fdX' });
  assert.match(String(clean?.hookSpecificOutput?.permissionDecisionReason), /^continuity: the project folder is guarded: it holds \.continuity, which is guarded: continuity's ledger and config/);
});
