// File tool paths as OpenClaw 2026.9.6 resolves them before it writes
// (src/adapters/openclaw/tool-paths.ts), each form OpenClaw's code accepts,
// and the payloads the guards judge carrying the file really written.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileToolPath, openClawHome, patchToolPath, preserveAtPrefixed, repairedPathParam, type PathWorld } from '../../src/adapters/openclaw/tool-paths.js';
import { toolPayloads } from '../../src/adapters/openclaw/to-claude.js';
import { openClawConfigPath } from '../../src/adapters/openclaw/plugin.js';

const WS = '/work/project';
const HOME = '/home/op';
const world = (existing: string[] = []): PathWorld => ({ cwd: WS, home: HOME, exists: (p) => existing.includes(p) });

test('read, write, edit: ~, ~/…, file://, a leading @, repaired parameters, as OpenClaw opens them', () => {
  const w = world();
  assert.equal(fileToolPath('~/.openclaw/openclaw.json', w), '/home/op/.openclaw/openclaw.json');
  assert.equal(fileToolPath('~', w), '/home/op');
  assert.equal(fileToolPath('file:///home/op/.openclaw/openclaw.json', w), '/home/op/.openclaw/openclaw.json');
  assert.equal(fileToolPath('file://localhost/work/project/.continuity/config.json', w), '/work/project/.continuity/config.json');
  assert.equal(fileToolPath('file:///work/project/%2Econtinuity/ledger.db', w), '/work/project/.continuity/ledger.db');
  assert.equal(fileToolPath('@.continuity/config.json', w), '/work/project/.continuity/config.json');
  assert.equal(fileToolPath('@~/.openclaw/openclaw.json', w), '/home/op/.openclaw/openclaw.json');
  assert.equal(fileToolPath('@file:///home/op/.openclaw/openclaw.json', w), '/home/op/.openclaw/openclaw.json');
  assert.equal(fileToolPath('@/abs/x', w), '/abs/x');
  assert.equal(fileToolPath('@@x', w), '/work/project/@x');
  assert.equal(fileToolPath('.continuity/config.json</arg_value>>', w), '/work/project/.continuity/config.json');
  assert.equal(fileToolPath('report.docodex', w), '/work/project/report.docx');
  // Not expanded by OpenClaw: a variable and a ~user are names in the workspace.
  assert.equal(fileToolPath('$HOME/.openclaw/openclaw.json', w), '/work/project/$HOME/.openclaw/openclaw.json');
  assert.equal(fileToolPath('~op/x', w), '/work/project/~op/x');
  assert.equal(fileToolPath('sub/../.continuity/x', w), '/work/project/.continuity/x');
});

test('a leading @ names the literal file only when it, or its top folder, exists in the workspace', () => {
  assert.equal(preserveAtPrefixed('@notes.md', world()), '@notes.md');
  assert.equal(preserveAtPrefixed('@notes.md', world(['/work/project/@notes.md'])), './@notes.md');
  assert.equal(preserveAtPrefixed('@scope/pkg/index.js', world(['/work/project/@scope'])), './@scope/pkg/index.js');
  assert.equal(fileToolPath('@scope/pkg/index.js', world(['/work/project/@scope'])), '/work/project/@scope/pkg/index.js');
  assert.equal(fileToolPath('@scope/pkg/index.js', world()), '/work/project/scope/pkg/index.js');
});

test("apply_patch: @ and ~ as for the file tools, but file:// is a relative name there (OpenClaw's sandbox input rules)", () => {
  const w = world();
  assert.equal(patchToolPath('~/.openclaw/openclaw.json', w), '/home/op/.openclaw/openclaw.json');
  assert.equal(patchToolPath('@.continuity/config.json', w), '/work/project/.continuity/config.json');
  assert.equal(patchToolPath('file:///etc/x', w), '/work/project/file:/etc/x');
});

test('repaired parameters and the home OpenClaw uses', () => {
  assert.equal(repairedPathParam('a.md</arg_value>>>'), 'a.md');
  assert.equal(repairedPathParam('deck.pptxcodex'), 'deck.pptx');
  assert.equal(openClawHome({ HOME: '/h/one', USERPROFILE: '/h/two' }), '/h/one');
  assert.equal(openClawHome({ HOME: ' undefined ', USERPROFILE: '/h/two' }), '/h/two');
});

test("the gateway's config path as OpenClaw finds it: OPENCLAW_CONFIG_PATH, OPENCLAW_STATE_DIR, OPENCLAW_HOME, ~ in each", () => {
  assert.equal(openClawConfigPath({ HOME: '/h', OPENCLAW_CONFIG_PATH: '~/cfg/oc.json' }), '/h/cfg/oc.json');
  assert.equal(openClawConfigPath({ HOME: '/h', OPENCLAW_STATE_DIR: '~/state' }), '/h/state/openclaw.json');
  assert.equal(openClawConfigPath({ HOME: '/h', OPENCLAW_HOME: '/srv/oc' }), '/srv/oc/.openclaw/openclaw.json');
  assert.equal(openClawConfigPath({ HOME: '/h' }), '/h/.openclaw/openclaw.json');
});

test('the payloads the guards judge name the file OpenClaw writes: write, edit, apply_patch with indented headers', () => {
  const w = { sessionId: 'agent:main:main', cwd: WS };
  const facts = { home: HOME, exists: () => false };
  const pre = (toolName: string, params: Record<string, unknown>) => toolPayloads(w, { toolName, params, toolCallId: 'c1' } as never, 'PreToolUse', facts) as { tool_name: string; tool_input: Record<string, unknown> }[];
  assert.equal(pre('write', { path: '~/.openclaw/openclaw.json', content: '{}' })[0]!.tool_input.file_path, '/home/op/.openclaw/openclaw.json');
  assert.equal(pre('write', { path: 'file:///work/project/.continuity/config.json', content: '{}' })[0]!.tool_input.file_path, '/work/project/.continuity/config.json');
  assert.equal(pre('edit', { path: '@.continuity/config.json', edits: [{ oldText: 'a', newText: 'b' }] })[0]!.tool_input.file_path, '/work/project/.continuity/config.json');
  const patch = pre('apply_patch', { input: '*** Begin Patch\n  *** Add File: ~/.openclaw/openclaw.json\n+{}\n   *** Delete File: @.continuity/ledger.db\n*** End Patch' });
  assert.deepEqual(patch.map((p) => [p.tool_name, p.tool_input.file_path]), [['Write', '/home/op/.openclaw/openclaw.json'], ['Write', '/work/project/.continuity/ledger.db']]);
});

test("apply_patch: a target OpenClaw derived (its event's derivedPaths) that the envelope's reading missed is judged too", () => {
  const w = { sessionId: 'agent:main:main', cwd: WS };
  const payloads = toolPayloads(w, { toolName: 'apply_patch', params: { input: '*** Begin Patch\n*** Add File: notes.md\n+x\n*** End Patch' }, derivedPaths: ['/work/project/notes.md', '/work/project/.continuity/config.json'], toolCallId: 'c1' } as never, 'PreToolUse', { home: HOME, exists: () => false }) as { tool_name: string; tool_input: Record<string, unknown> }[];
  assert.deepEqual(payloads.map((p) => p.tool_input.file_path), ['/work/project/notes.md', '/work/project/.continuity/config.json']);
});

test("a Code Mode cell as OpenClaw hands it to the hook (toolKind code_mode_exec, the cell as both code and command) is a cell, not a shell command", () => {
  const w = { sessionId: 'agent:main:main', cwd: WS };
  const cell = toolPayloads(w, { toolName: 'exec', toolKind: 'code_mode_exec', params: { code: 'await read({path:"a"})', command: 'await read({path:"a"})' }, toolCallId: 'c1' } as never, 'PreToolUse', { codeModeExecutor: 'node' }) as { tool_name: string; tool_input: Record<string, unknown> }[];
  assert.deepEqual(cell.map((p) => [p.tool_name, p.tool_input]), [['exec', { code: 'await read({path:"a"})', code_mode_executor: 'node' }]]);
  const shell = toolPayloads(w, { toolName: 'exec', params: { command: 'ls' }, toolCallId: 'c2' } as never, 'PreToolUse', {}) as { tool_name: string }[];
  assert.equal(shell[0]!.tool_name, 'Bash');
});
