// pi's own CLI in a shell command: the subcommands that change which extensions pi loads are refused.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clientControlRefusal, clientControlWants } from '../../src/hooks/rules/client-control.js';

const bash = (command: string) => clientControlRefusal('Bash', { command });

test("pi's install, remove, uninstall, update and config are refused, whatever the path or quoting of `pi`", () => {
  for (const command of ['pi remove npm:@foo/bar', 'pi install ./evil', 'cd x && pi config', '/usr/local/bin/pi update', "p'i' uninstall git:github.com/u/r", 'pi update --extensions']) {
    assert.ok(clientControlWants({ tool_name: 'Bash', tool_input: { command } }), command);
    assert.match(String(bash(command)), /^`pi (install|remove|uninstall|update|config)` .*: pi runs continuity's extension; a person does that outside the agent$/, command);
  }
});

test("pi's other commands, and words that only look alike, are left alone", () => {
  for (const command of ['pi -p "hello"', 'pi list', 'pi --version', 'echo pip install x', 'python -c "import math; print(math.pi)"', 'api install']) {
    assert.equal(bash(command), null, command);
  }
  assert.equal(clientControlWants({ tool_name: 'Bash', tool_input: { command: 'pip install x' } }), false);
});
