import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ledgerParagraph, partFacts } from '../../src/demo/hand-over/ledger-words.js';

const PARAGRAPH = 'continuity ledger: plan p (docs/p.md, 3 tasks) is approved (2026-11-26T10:00:00Z); 1 of 3 tasks are complete. Last completed: Task 1 "A". The next task of the plan is Task 2 "B" (docs/p.md:9).';

test('ledgerParagraph finds the ledger\'s words where each client carries them to its model, or in a hook\'s JSON answer', () => {
  // Claude Code: inside a system reminder, after the hook's label.
  assert.equal(ledgerParagraph(`x\n<system-reminder>\nSessionStart hook additional context: ${PARAGRAPH}\n</system-reminder>`), PARAGRAPH);
  // Gemini CLI: inside <hook_context>, followed by more.
  assert.equal(ledgerParagraph(`<hook_context>${PARAGRAPH}\n\ncontinuity's state is guarded by its hooks only.</hook_context>\n\nGo on`), PARAGRAPH);
  // Codex: the paragraph among the input's texts, wrapped over lines.
  assert.equal(ledgerParagraph(`instructions\n${PARAGRAPH.replace('; 1 of', ';\n1 of')}\n\nmore`), PARAGRAPH);
  // A hook's answer: JSON, its newlines escaped.
  assert.equal(ledgerParagraph(JSON.stringify({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: `${PARAGRAPH}\n\nmore` } })), PARAGRAPH);
  assert.equal(ledgerParagraph(JSON.stringify({ hookSpecificOutput: { additionalContext: PARAGRAPH } })), PARAGRAPH);
  assert.equal(ledgerParagraph('nothing from continuity'), null);
});

test('partFacts: the approvals and the completions of a part, in the ledger\'s order, with the client and session it recorded', () => {
  const facts = partFacts([
    { id: 9, kind: 'Stop', client: 'codex', sessionId: 's2', decision: { action: 'allow' } },
    { id: 7, kind: 'task.done', client: 'codex', sessionId: 's2', decision: { planId: 'p', taskId: '2', state: 'complete' } },
    { id: 3, kind: 'UserPromptSubmit', client: 'codex', sessionId: 's2', decision: { action: 'context' } },
    { id: 2, kind: 'UserPromptSubmit', client: 'claude-code', sessionId: 's1', decision: { action: 'approved', planId: 'p' } },
    { id: 8, kind: 'task.done.repeated', client: 'gemini', sessionId: 's3', decision: { planId: 'p', taskId: '2', state: 'complete', unchanged: true } },
    { id: 5, kind: 'task.blocked', client: 'codex', sessionId: 's2', decision: { planId: 'p', taskId: '3', state: 'blocked' } },
  ]);
  assert.deepEqual(facts, { approvals: ['p'], done: [{ taskId: '2', client: 'codex', sessionId: 's2' }] });
});
