// The cheap test of the guard before a call (guard-wants.ts guardWantsBefore), on Bash commands.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { guardWantsBefore } from '../../src/hooks/rules/guard-wants.js';
import type { HotState } from '../../src/ledger/hot-state.js';
import type { ToolPayload } from '../../src/hooks/tool-rules.js';

const ROOT = '/nonexistent/project';
const hot: HotState = { v: 1, guarded: [], guardedNames: ['.continuity'], protectGlobs: ['.continuity/**'], plan: { path: 'docs/my-plan.md', approvedLine: null }, openRuns: 0 };
const bash = (command: string) => ({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command }, session_id: 's', cwd: ROOT }) as unknown as ToolPayload;

test("a command saying `approved`, in any case of its letters, is checked when it names the plan's file", () => {
  for (const word of ['approved', 'Approved', 'APPROVED', 'apPROVed']) assert.equal(guardWantsBefore(bash(`printf '${word}: yes' > MY-PLAN.md`), hot, ROOT), true, word);
  // Without the word, the plan's file is no name the pre-check looks for (the guard after the call sees its Approved line).
  assert.equal(guardWantsBefore(bash("printf 'draft' > MY-PLAN.md"), hot, ROOT), false);
  assert.equal(guardWantsBefore(bash("printf 'approved' > notes.md"), hot, ROOT), false);
});

test("the clients' code folders are those this process's environment names, at each call", () => {
  const before = process.env.PI_CODING_AGENT_DIR;
  try {
    process.env.PI_CODING_AGENT_DIR = '/nonexistent/zzqa-pi';
    assert.equal(guardWantsBefore(bash('cat > zzqa-pi/x.ts'), hot, ROOT), true);
    process.env.PI_CODING_AGENT_DIR = '/nonexistent/zzqb-pi';
    assert.equal(guardWantsBefore(bash('cat > zzqa-pi/x.ts'), hot, ROOT), false);
    assert.equal(guardWantsBefore(bash('cat > zzqb-pi/x.ts'), hot, ROOT), true);
  } finally {
    if (before === undefined) delete process.env.PI_CODING_AGENT_DIR;
    else process.env.PI_CODING_AGENT_DIR = before;
  }
});
