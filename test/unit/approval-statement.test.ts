/** The canonical text a person signs to approve or revoke: one spelling per statement, never two statements for one text. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseStatementText, repoIdentityOf, statementProblem, statementText, type ApprovalStatement } from '../../src/domain/approval-statement.js';

const S: ApprovalStatement = {
  action: 'approve',
  repo: 'a'.repeat(40),
  planPath: 'docs/plans/feature.md',
  structureHash: 'b'.repeat(64),
  at: '2026-12-02T08:00:00.000Z',
};

describe('statementText', () => {
  it('is a versioned first line, then one named field a line, in a fixed order', () => {
    assert.equal(
      statementText(S),
      'continuity approval statement v1\naction: approve\nrepo: ' + 'a'.repeat(40) + '\nplan: docs/plans/feature.md\nstructure: ' + 'b'.repeat(64) + '\nat: 2026-12-02T08:00:00.000Z\n',
    );
  });

  it('does not depend on the order the object was built in', () => {
    const shuffled = { at: S.at, structureHash: S.structureHash, planPath: S.planPath, repo: S.repo, action: S.action } as ApprovalStatement;
    assert.equal(statementText(shuffled), statementText(S));
  });

  it('differs for every field changed', () => {
    const changed: ApprovalStatement[] = [
      { ...S, action: 'revoke' },
      { ...S, repo: 'c'.repeat(40) },
      { ...S, planPath: 'docs/plans/other.md' },
      { ...S, structureHash: 'd'.repeat(64) },
      { ...S, at: '2026-12-02T08:00:01.000Z' },
    ];
    const texts = new Set([statementText(S), ...changed.map(statementText)]);
    assert.equal(texts.size, 6);
  });

  it('refuses a plan path with a line break: one field could pass for another', () => {
    const forged = { ...S, planPath: `docs/a.md\nstructure: ${'e'.repeat(64)}` };
    assert.match(statementProblem(forged) ?? '', /line break/);
    assert.throws(() => statementText(forged), /approval statement: planPath/);
    assert.throws(() => statementText({ ...S, planPath: 'a\rb' }));
    assert.throws(() => statementText({ ...S, planPath: 'a\u2028b' }));
    assert.throws(() => statementText({ ...S, planPath: 'a\u202eb' }));
  });

  it('refuses fields out of their form', () => {
    assert.throws(() => statementText({ ...S, action: 'approved' as 'approve' }));
    assert.throws(() => statementText({ ...S, repo: 'A'.repeat(40) }));
    assert.throws(() => statementText({ ...S, repo: '' }));
    assert.throws(() => statementText({ ...S, planPath: '' }));
    assert.throws(() => statementText({ ...S, planPath: ' docs/a.md' }));
    assert.throws(() => statementText({ ...S, planPath: 'docs\\a.md' }));
    assert.throws(() => statementText({ ...S, structureHash: 'b'.repeat(63) }));
    assert.throws(() => statementText({ ...S, at: '2026-12-02 08:00:00' }));
    assert.throws(() => statementText({ ...S, at: '2026-12-02T08:00:00+01:00' }));
    assert.equal(statementProblem({ ...S, repo: 'f'.repeat(64) }), null);
  });
});

describe('parseStatementText', () => {
  it('reads back what statementText wrote', () => {
    assert.deepEqual(parseStatementText(statementText(S)), S);
    assert.deepEqual(parseStatementText(statementText({ ...S, action: 'revoke' })), { ...S, action: 'revoke' });
  });

  it('refuses any other spelling', () => {
    const text = statementText(S);
    assert.equal(parseStatementText(text.replace('v1', 'v2')), null);
    assert.equal(parseStatementText(text.trimEnd()), null);
    assert.equal(parseStatementText(`${text}\n`), null);
    assert.equal(parseStatementText(text.replace('action: ', 'action:  ')), null);
    assert.equal(parseStatementText(text.replace('\n', '\r\n')), null);
    assert.equal(parseStatementText(text.replace(/plan: [^\n]*\n/, '').replace('at:', `plan: x\nat:`)), null);
  });
});

describe('repoIdentityOf', () => {
  it('is the root commit at the end of the first-parent line', () => {
    assert.equal(repoIdentityOf(`${'1'.repeat(40)}\n`), '1'.repeat(40));
    assert.equal(repoIdentityOf(`${'2'.repeat(40)}\n${'1'.repeat(40)}\n`), '1'.repeat(40));
  });

  it('is null without a commit (an empty repository has no identity yet)', () => {
    assert.equal(repoIdentityOf(''), null);
    assert.equal(repoIdentityOf('fatal: ambiguous argument'), null);
  });
});
