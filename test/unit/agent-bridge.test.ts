/** What the three agent adapters share: merging several answers into one, and the project environment. */
import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mergeAnswers } from '../../src/adapters/bridge/merge.js';
import { partsOf } from '../../src/adapters/bridge/answer.js';
import { projectEnv } from '../../src/adapters/bridge/run.js';

describe('mergeAnswers', () => {
  it('one answer or none is returned as is', () => {
    assert.equal(mergeAnswers([null, null]), null);
    const one = { decision: 'block', reason: 'r' };
    assert.equal(mergeAnswers([null, one]), one);
  });

  it('a deny wins and the reasons are joined in order; context and user messages too', () => {
    const merged = mergeAnswers([
      { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'first' } },
      null,
      { hookSpecificOutput: { hookEventName: 'PreToolUse', additionalContext: 'ctx' }, systemMessage: 'note' },
      { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'second' } },
    ]);
    assert.deepEqual(merged, {
      hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'first\n\nsecond', additionalContext: 'ctx' },
      systemMessage: 'note',
    });
    assert.deepEqual(partsOf(merged), { block: null, deny: 'first\n\nsecond', context: 'ctx', userMessage: 'note', updatedInput: null });
  });

  it('blocks are joined', () => {
    assert.deepEqual(mergeAnswers([{ decision: 'block', reason: 'a' }, { decision: 'block', reason: 'b' }]), { decision: 'block', reason: 'a\n\nb' });
  });
});

describe('projectEnv', () => {
  const dir = mkdtempSync(join(tmpdir(), 'continuity-bridge-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('names the project found upwards from the agent\'s directory, replacing an inherited CLAUDE_PROJECT_DIR', () => {
    mkdirSync(join(dir, '.git'));
    mkdirSync(join(dir, 'sub', 'deeper'), { recursive: true });
    const env = projectEnv({ CLAUDE_PROJECT_DIR: '/somewhere/else', PATH: '/bin' }, join(dir, 'sub', 'deeper'));
    assert.equal(env.CLAUDE_PROJECT_DIR, dir);
    assert.equal(env.PATH, '/bin');
  });

  it('without a directory from the agent, an inherited CLAUDE_PROJECT_DIR is dropped', () => {
    assert.equal('CLAUDE_PROJECT_DIR' in projectEnv({ CLAUDE_PROJECT_DIR: '/somewhere/else' }, null), false);
  });
});
