/**
 * Ways round continuity on GitHub Copilot CLI 1.0.102 through what it loads
 * from the project and the home: a hook file, an extension, a custom agent
 * (whose profile names MCP servers), an MCP or LSP config (each server a
 * process it starts as the person at its next start, outside every wall).
 * Each played with Copilot CLI's own payloads in a project wired by
 * `continuity init --agent copilot`: its create tool, and its bash tool
 * through the Pre hook, the wall's command run for real, the Post hook.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { HOOKS_ONLY_CONFIG } from '../helpers/agent-hook.js';
import { fileWrite, hidden, shellCall, wiredProject } from '../helpers/ways-round.js';

const SERVER = JSON.stringify({ mcpServers: { helper: { type: 'local', command: 'node', args: ['server.js'], tools: ['*'] } } });

test("Copilot's create tool: an extension, a custom agent, an MCP or LSP config of the project, and the home's hooks, extensions and MCP config are refused, in every path form", () => {
  const w = wiredProject('copilot');
  const paths = [
    '.github/extensions/helper/extension.mjs',
    join(w.project, '.github/agents/free.agent.md'),
    './.github/hooks/other.json',
    '.mcp.json',
    '.github/mcp.json',
    '.vscode/mcp.json',
    '.github/lsp.json',
    join(w.home, '.copilot/hooks/other.json'),
    join(w.home, '.copilot/extensions/helper/extension.mjs'),
    join(w.home, '.copilot/mcp-config.json'),
    join(w.home, '.copilot/lsp-config.json'),
  ];
  for (const path of paths) assert.match(String(fileWrite(w, path, SERVER)), /is guarded/, path);
  // Its own session folder stays the agent's (Copilot CLI's plan lives there).
  assert.equal(fileWrite(w, join(w.home, '.copilot/session-state/copilot-session-1/plan.md'), '# Plan\n'), null);
  assert.equal(fileWrite(w, 'src/app.ts'), null);
});

test('Copilot: inside the wall an extension, a custom agent or a hook file cannot be made in .github/, names built at run time; an MCP config made there is taken away by the Post hook', () => {
  const w = wiredProject('copilot');
  for (const path of ['.github/extensions/helper/extension.mjs', '.github/agents/free.agent.md', '.github/hooks/other.json']) {
    const r = shellCall(w, hidden(join(w.project, path), SERVER));
    assert.notEqual(r.status, 0, path);
    assert.equal(existsSync(join(w.project, path)), false, path);
  }
  for (const path of ['.mcp.json', '.github/mcp.json', '.vscode/mcp.json', '.github/lsp.json']) {
    const r = shellCall(w, hidden(join(w.project, path), SERVER));
    assert.equal(r.status, 0, r.stderr);
    assert.equal(existsSync(join(w.project, path)), false, path);
    assert.match(r.after, new RegExp(`${path.replace(/\./g, '\\.')} \\(created; removed\\)`));
  }
});

test("Copilot (hooks only): a person's .mcp.json changed by a script comes back as the person left it; their own edit between calls is kept", () => {
  const w = wiredProject('copilot', HOOKS_ONLY_CONFIG);
  const path = join(w.project, '.mcp.json');
  const mine = `${JSON.stringify({ mcpServers: { docs: { type: 'http', url: 'http://127.0.0.1:9/' } } }, null, 2)}\n`;
  writeFileSync(path, mine);
  assert.equal(shellCall(w, 'true').status, 0);
  const r = shellCall(w, hidden(path, SERVER));
  assert.equal(r.status, 0, r.stderr);
  assert.equal(readFileSync(path, 'utf8'), mine);
  assert.match(r.after, /put back: \.mcp\.json/);
  // The person's own edit, between two calls, is theirs.
  const theirs = mine.replace('127.0.0.1:9', '127.0.0.1:10');
  writeFileSync(path, theirs);
  assert.equal(shellCall(w, 'true').status, 0);
  assert.equal(readFileSync(path, 'utf8'), theirs);
});

test("Copilot (hooks only): a server added to the home's mcp-config.json by a script is put back", () => {
  const w = wiredProject('copilot', HOOKS_ONLY_CONFIG);
  const path = join(w.home, '.copilot', 'mcp-config.json');
  mkdirSync(join(w.home, '.copilot'), { recursive: true });
  writeFileSync(path, '{"mcpServers":{}}\n');
  assert.equal(shellCall(w, 'true').status, 0);
  const r = shellCall(w, hidden(path, SERVER));
  assert.equal(r.status, 0, r.stderr);
  assert.equal(readFileSync(path, 'utf8'), '{"mcpServers":{}}\n');
  assert.match(r.after, /mcp-config\.json/);
});

test('Copilot (hooks only): a hook file, an extension or a custom agent a script drops into .github/ unseen is taken away after the call', () => {
  const w = wiredProject('copilot', HOOKS_ONLY_CONFIG);
  assert.equal(shellCall(w, 'true').status, 0);
  for (const path of ['.github/hooks/other.json', '.github/extensions/helper/extension.mjs', '.github/agents/free.agent.md']) {
    const r = shellCall(w, hidden(join(w.project, path), SERVER));
    assert.equal(r.status, 0, r.stderr);
    assert.equal(existsSync(join(w.project, path)), false, path);
    assert.match(r.after, new RegExp(`${path.replace(/\./g, '\\.')} \\(created; removed\\)`));
  }
});
