import assert from 'node:assert/strict';
import { readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { hook, runCli, tempProject } from '../helpers/cli.js';

// A Bash write to a guarded path is judged from the hot state (state.json)
// when that state is current, and recorded through the spool with its
// violation; otherwise from the ledger. Either way the answer and the record
// are the same.

const TDD = '# TDD Task: Search\n\n**Status:** pending\n\n## Slice 1: Tokenizer\n\n**Status:** pending\n';
const COMMAND = 'cat notes.md | tee .tdd-progress.md';

function draftTddProject(): string {
  const project = tempProject({ '.tdd-progress.md': TDD, 'notes.md': 'draft notes\n' });
  assert.equal(runCli(['plan', 'import', '.tdd-progress.md'], { cwd: project }).code, 0);
  return project;
}

function spooled(project: string): string[] {
  try {
    return readdirSync(join(project, '.continuity', 'spool')).filter((n) => n.endsWith('.json') && !n.startsWith('.'));
  } catch {
    return [];
  }
}

function bash(project: string, command = COMMAND) {
  const r = hook(project, { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_use_id: 'toolu_x', tool_input: { command } });
  assert.equal(r.code, 0, r.stderr);
  return r.stdout;
}

function status(project: string) {
  return JSON.parse(runCli(['status', '--json'], { cwd: project }).stdout) as { recentViolations: { kind: string; summary: string }[] };
}

function lastPreToolUse(project: string) {
  const r = runCli(['log', '--json', '--event', 'PreToolUse'], { cwd: project });
  assert.equal(r.code, 0, r.stderr);
  return r.stdout;
}

test('with a current hot state, a guarded Bash write is denied without the ledger and recorded through the spool with its violation', () => {
  const project = draftTddProject();
  const before = spooled(project).length;
  const out = bash(project);
  assert.match(out, /"permissionDecision":"deny"/);
  const files = spooled(project);
  assert.equal(files.length, before + 1, 'the call was spooled, not written to SQLite');
  const record = JSON.parse(readFileSync(join(project, '.continuity', 'spool', files.sort().at(-1)!), 'utf8'));
  assert.equal(record.decision.action, 'deny');
  assert.deepEqual(record.violations.map((v: { kind: string }) => v.kind), ['guarded_write_denied']);
  // Taken into the ledger by the next reader, violation included.
  assert.match(status(project).recentViolations[0]!.summary, /Bash \(tee\) to \.tdd-progress\.md denied/);
  assert.equal(spooled(project).length, 0);
});

test('the answer and the record are the same whether judged from the hot state or from the ledger', () => {
  const viaHot = draftTddProject();
  const viaLedger = draftTddProject();
  // A config written after the hot state (the defaults, spelled out): the state is no longer current.
  const config = join(viaLedger, '.continuity', 'config.json');
  writeFileSync(config, '{}\n');
  const later = new Date(Date.now() + 60_000);
  utimesSync(config, later, later);

  const hotOut = bash(viaHot);
  const ledgerOut = bash(viaLedger);
  assert.equal(spooled(viaLedger).length, 0, 'decided from the ledger');
  assert.equal(hotOut, ledgerOut);
  const strip = (log: string) => log.replaceAll(viaHot, '<project>').replaceAll(viaLedger, '<project>').replace(/"(at|id|eventId)":("[^"]*"|\d+)/g, '"$1":0');
  assert.equal(strip(lastPreToolUse(viaHot)), strip(lastPreToolUse(viaLedger)));
  assert.deepEqual(status(viaHot).recentViolations.map((v) => v.summary), status(viaLedger).recentViolations.map((v) => v.summary));
});

test('a ledger written since the hot state sends the call to the ledger', () => {
  const project = draftTddProject();
  const db = join(project, '.continuity', 'ledger.db');
  const later = new Date(Date.now() + 60_000);
  utimesSync(db, later, later);
  assert.match(bash(project), /"permissionDecision":"deny"/);
  assert.equal(spooled(project).length, 0, 'decided from the ledger');
  assert.equal(status(project).recentViolations[0]?.kind, 'guarded_write_denied');
});

test('a command the analysis allows is also answered from the hot state, with nothing said', () => {
  const project = draftTddProject();
  const before = spooled(project).length;
  assert.equal(bash(project, 'cat .tdd-progress.md'), '');
  assert.equal(spooled(project).length, before + 1);
  assert.deepEqual(status(project).recentViolations, []);
});

test("the hot state keeps its guarded names' fragments as the pre-check computes them; a state without them (an older file) is read as before", async () => {
  const { nameFragments } = await import('../../src/shell/mentions.js');
  const project = tempProject({ '.tdd-progress.md': TDD, 'notes.md': 'draft notes\n', '.continuity/config.json': JSON.stringify({ protect: ['vault/secret.key'] }) });
  assert.equal(runCli(['plan', 'import', '.tdd-progress.md'], { cwd: project }).code, 0);
  const path = join(project, '.continuity', 'state.json');
  const state = JSON.parse(readFileSync(path, 'utf8')) as { guardedNames: string[]; guardedFragments?: { names: string[]; dirSegments: string[] } };
  assert.deepEqual(state.guardedFragments, nameFragments(state.guardedNames));
  assert.ok(state.guardedFragments!.names.includes('secret.key') && state.guardedFragments!.dirSegments.includes('vault'));
  // A write naming the protected file only by its last segment is caught by the fragments the state keeps.
  assert.match(bash(project, 'cd vault && echo x > secret.key'), /"permissionDecision":"deny"/);
  assert.equal(bash(project, 'ls -la vault'), '');
  // Without them, the same answers.
  const { guardedFragments: _, ...older } = state;
  writeFileSync(path, JSON.stringify(older));
  assert.match(bash(project, 'cd vault && echo x > secret.key'), /"permissionDecision":"deny"/);
  assert.equal(bash(project, 'ls -la vault'), '');
});
