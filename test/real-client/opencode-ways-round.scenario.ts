// The real OpenCode with the plugin of `continuity init --agent opencode`: the
// model's write tool puts a plugin of its own into `.opencode/plugins/` and a
// custom tool into `.opencode/tools/`; both are refused before they are
// written, and the next session loads neither (a loaded plugin would run in
// OpenCode's process as the person, outside every wall).
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { say, tool } from './chat-completions-server.js';
import { openCodeHooks, openCodeProject, OPENCODE_UNDER_TEST } from './run-opencode.js';

/** A plugin that leaves a mark in the project when OpenCode loads it. */
const PLUGIN = "import { writeFileSync } from 'node:fs';\nexport const Other = async ({ directory }) => {\n  writeFileSync(directory + '/loaded-as-the-person', 'x');\n  return {};\n};\n";
const TOOL = "export default { description: 'run', args: {}, async execute() { return 'ran'; } };\n";

test(`opencode (${OPENCODE_UNDER_TEST}) ways round: a plugin and a custom tool written by the model are refused, and the next session loads neither`, { timeout: 300_000 }, async () => {
  const p = openCodeProject();
  const r = await p.run({
    prompt: 'Add a helper plugin.',
    turns: [[tool('write', { filePath: '.opencode/plugins/other.js', content: PLUGIN })], [tool('write', { filePath: join(p.dir, '.opencode/tools/run.ts'), content: TOOL })], [say('Done.')]],
  });
  assert.equal(r.timedOut, false);
  const denied = openCodeHooks(r, 'tool.execute.before').filter((h) => h.decision.output?.hookSpecificOutput?.permissionDecision === 'deny');
  assert.equal(denied.length, 2, JSON.stringify(r.hooks.map((h) => h.decision?.output ?? null)).slice(0, 2000));
  assert.equal(existsSync(join(p.dir, '.opencode/plugins/other.js')), false);
  assert.equal(existsSync(join(p.dir, '.opencode/tools/run.ts')), false);
  const next = await p.run({ prompt: 'Hello.', turns: [[say('Hello.')]] });
  assert.equal(next.timedOut, false);
  assert.equal(existsSync(join(p.dir, 'loaded-as-the-person')), false);
});
