import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isApprovalCommand, isPauseWord, matchesApprovalPhrase } from '../../src/domain/user-words.js';

/** The config's default approval phrases. */
const DEFAULT_PHRASES = ['approve', 'approved', '/approve'];

describe('isPauseWord', () => {
  for (const prompt of ['stop', 'pause', 'Stop', 'Pause.', ' STOP! ', 'stop!!!', 'PAUSE...', '\tpause\n', 'stop .']) {
    it(`${JSON.stringify(prompt)} is a pause word`, () => {
      assert.equal(isPauseWord(prompt), true);
    });
  }

  for (const prompt of ['stop the server', "don't stop", 'please stop', 'pause and think', 'stop?', 'stopping', 'unpause', 'stop, then pause', '', '   ', '.']) {
    it(`${JSON.stringify(prompt)} is not a pause word`, () => {
      assert.equal(isPauseWord(prompt), false);
    });
  }
});

describe('matchesApprovalPhrase', () => {
  for (const prompt of ['approved', 'Approved!', 'APPROVE', '  approve.  ', 'approved!!', '/approve', '/Approve.']) {
    it(`${JSON.stringify(prompt)} approves with the default phrases`, () => {
      assert.equal(matchesApprovalPhrase(prompt, DEFAULT_PHRASES), true);
    });
  }

  for (const prompt of [
    'approve the plan but change task 3',
    'I approve',
    'not approved',
    'approved?',
    'approved, but wait',
    'approval',
    'approve approve',
    '',
  ]) {
    it(`${JSON.stringify(prompt)} does not approve`, () => {
      assert.equal(matchesApprovalPhrase(prompt, DEFAULT_PHRASES), false);
    });
  }

  it('uses the configured list, not the defaults', () => {
    const phrases = ['ship it', 'LGTM!'];
    assert.equal(matchesApprovalPhrase('Ship it.', phrases), true);
    assert.equal(matchesApprovalPhrase('lgtm', phrases), true, 'the phrase is normalized the same way as the prompt');
    assert.equal(matchesApprovalPhrase('  LGTM!!  ', phrases), true);
    assert.equal(matchesApprovalPhrase('approved', phrases), false);
    assert.equal(matchesApprovalPhrase('ship it now', phrases), false);
  });

  it('no configured phrases → nothing approves', () => {
    assert.equal(matchesApprovalPhrase('approved', []), false);
  });
});

describe('isApprovalCommand', () => {
  for (const prompt of ['/continuity:approve', '  /continuity:approve\n', '/Continuity:Approve', '/continuity:approve.']) {
    it(`${JSON.stringify(prompt)} is the plugin's approval command`, () => {
      assert.equal(isApprovalCommand(prompt), true);
    });
  }
  for (const prompt of ['/continuity:approve later', '/continuity:status', 'continuity:approve', '/approve', 'run /continuity:approve', '']) {
    it(`${JSON.stringify(prompt)} is not`, () => {
      assert.equal(isApprovalCommand(prompt), false);
    });
  }
});
