import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CliError, ExitCode } from '../../src/util/errors.js';

test('a CliError thrown by another copy of the class (another bundle file) is still instanceof CliError', async () => {
  // A second instance of the module, as a lazily loaded file of the hook bundle carries.
  const copy = (await import(`../../src/util/errors.ts?copy=${Date.now()}`)) as typeof import('../../src/util/errors.js');
  assert.notEqual(copy.CliError, CliError, 'the copy is a distinct class');
  const fromCopy = new copy.CliError('bad plan', ExitCode.ledger);
  assert.ok(fromCopy instanceof CliError);
  assert.ok(new CliError('x') instanceof copy.CliError);
  assert.equal(fromCopy.exitCode, ExitCode.ledger);
  assert.ok(!(new Error('plain') instanceof CliError));
  assert.ok(!({ message: 'look-alike', name: 'CliError' } instanceof CliError));
});
