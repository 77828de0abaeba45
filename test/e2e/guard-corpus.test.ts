import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { loadCorpus, type CorpusEntry } from '../fixtures/shell/corpus.js';
import { runCli, runCliAsync, tempProject } from '../helpers/cli.js';

// The shell-guard corpus through the real hook, as Claude Code would send it:
// a project whose tdd plan is not approved (its .tdd-progress.md is guarded),
// with the corpus's other guarded paths in the config's protect list.
function guardedProject(): string {
  const project = tempProject({
    '.tdd-progress.md': '# TDD Task: Search\n\n## Slice 1: Tokenizer\n\n**Status:** pending\n',
    '.continuity/config.json': JSON.stringify({ protect: ['docs/plans/approved-plan.md', '.superpowers/sdd/*/progress.md'] }),
  });
  assert.equal(runCli(['plan', 'import', '.tdd-progress.md'], { cwd: project }).code, 0);
  return project;
}

// Entries written against the corpus's fixed root or home are about path resolution, covered by the unit tests.
const portable = (e: CorpusEntry) => !/\/home\/agent|~|\.\.\/proj\b/.test(e.command);

/** An even spread of `n` entries: the whole corpus runs in the unit tests; here each call is a real process. */
function spread<T>(items: readonly T[], n: number): T[] {
  if (items.length <= n) return [...items];
  return Array.from({ length: n }, (_, i) => items[Math.floor((i * items.length) / n)]!);
}

async function decide(project: string, command: string): Promise<string | null> {
  const r = await runCliAsync(['hook', 'claude-code'], {
    cwd: project,
    env: { CLAUDE_PROJECT_DIR: project, HOME: join(project, 'home') },
    input: JSON.stringify({ session_id: 'corpus', transcript_path: join(project, 't.jsonl'), cwd: project, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_use_id: 'toolu_c', tool_input: { command } }),
  });
  assert.equal(r.code, 0, r.stderr);
  return r.stdout.trim() ? (JSON.parse(r.stdout).hookSpecificOutput?.permissionDecision ?? null) : null;
}

async function inBatches<T, R>(items: readonly T[], size: number, fn: (t: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(fn))));
  return out;
}

test('at least 40 distinct write forms are denied before, through the hook', async () => {
  const project = guardedProject();
  const forms = spread(loadCorpus('write-forms').filter(portable), 45);
  const decisions = await inBatches(forms, 6, (e) => decide(project, e.command));
  const missed = forms.filter((_, i) => decisions[i] !== 'deny').map((e) => `line ${e.line}: ${e.command.split('\n')[0]}`);
  assert.deepEqual(missed, []);
  assert.ok(forms.length >= 40, `only ${forms.length} write forms`);
});

test('at least 30 benign commands that read or mention guarded files are allowed through the hook, with no violation recorded', async () => {
  const project = guardedProject();
  const benign = spread(loadCorpus('benign').filter(portable), 32);
  const decisions = await inBatches(benign, 6, (e) => decide(project, e.command));
  const denied = benign.filter((_, i) => decisions[i] === 'deny').map((e) => `line ${e.line}: ${e.command.split('\n')[0]}`);
  assert.deepEqual(denied, []);
  assert.ok(benign.length >= 30, `only ${benign.length} benign commands`);
  assert.deepEqual(JSON.parse(runCli(['status', '--json'], { cwd: project }).stdout).recentViolations, []);
});

test("every write form of the corpus into git's hooks or exec config is denied through the hook, and the git the agent uses is allowed", async () => {
  const project = guardedProject();
  const forms = loadCorpus('write-forms').filter((e) => e.expect?.path.startsWith('.git/'));
  assert.ok(forms.length >= 15, `only ${forms.length} git write forms`);
  const decisions = await inBatches(forms, 6, (e) => decide(project, e.command));
  assert.deepEqual(forms.filter((_, i) => decisions[i] !== 'deny').map((e) => `line ${e.line}: ${e.command}`), []);
  const benign = loadCorpus('benign').filter((e) => /^(git|cat \.git|ls \.git)\b/.test(e.command));
  const allowed = await inBatches(benign, 6, (e) => decide(project, e.command));
  assert.deepEqual(benign.filter((_, i) => allowed[i] === 'deny').map((e) => `line ${e.line}: ${e.command}`), []);
});

test("every write form of the corpus into the person's git config or shell start-up files is denied through the hook, and reading them is allowed", async () => {
  const project = guardedProject();
  // The hook's home is the project's `home` folder (decide()): `~`, `$HOME` and `git config --global` lead there.
  const forms = loadCorpus('write-forms').filter((e) => e.expect?.path.startsWith('/home/agent/') || e.expect?.path === '/etc/gitconfig' || /expanduser|homedir\(\)/.test(e.command));
  assert.ok(forms.length >= 15, `only ${forms.length} forms`);
  const decisions = await inBatches(forms, 6, (e) => decide(project, e.command));
  assert.deepEqual(forms.filter((_, i) => decisions[i] !== 'deny').map((e) => `line ${e.line}: ${e.command}`), []);
  const benign = loadCorpus('benign').filter((e) => /~\/\.(gitconfig|bashrc)|git config --global/.test(e.command));
  assert.ok(benign.length >= 4, `only ${benign.length} benign`);
  const allowed = await inBatches(benign, 6, (e) => decide(project, e.command));
  assert.deepEqual(benign.filter((_, i) => allowed[i] === 'deny').map((e) => `line ${e.line}: ${e.command}`), []);
});
