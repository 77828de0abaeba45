import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { appendEvent } from '../src/ledger/events.js';
import { Ledger } from '../src/ledger/ledger.js';
import { insertReceipt } from '../src/ledger/receipts.js';
import { interleaved, type Command, type Timing } from './measure.js';
import { stageSplit, type StageCommand, type StageSplit } from './hook-stages.js';

export interface HookMatrix {
  timings: Timing[];
  /** Each call's time split by stage (CONTINUITY_STAGES). */
  stages: StageSplit[];
  /** Median wall time of a label, for ratios. */
  median(label: string): number;
  /** Median CPU time of a label. */
  cpu(label: string): number;
  compiled: boolean;
  /** The plugin's hook was measured (its executable compiled by the plugin's own build script). */
  plugin: boolean;
  /** The plugin's Node path was measured, on this Node (one with SQLite built in). */
  pluginNode: string | null;
  /** The bash + jq peer was measured (jq is installed). */
  peer: boolean;
  /** What was left out, and why. */
  notes: string[];
}

/** The three hook calls every entry is measured on, in one project. */
export const CASES = [
  { key: 'pre-harmless', label: 'PreToolUse, harmless Bash' },
  { key: 'pre-protected', label: 'PreToolUse, Bash writing .continuity/' },
  { key: 'stop', label: 'Stop, 500 tasks, 10,000 receipts' },
] as const;

/** The peer's hooks (bench/peer/): which case each answers, and what it must answer. */
const PEER: Partial<Record<(typeof CASES)[number]['key'], { script: string; expected: RegExp }>> = {
  'pre-harmless': { script: 'tdd-bash-guard.sh', expected: /^$/ },
  stop: { script: 'tdd-stop.sh', expected: /"decision":\s*"block"/ },
};

/**
 * One interleaved run, medians of `runs` calls each: `true`, `node -e 0`,
 * `bun -e 0`, and on each case the Node hook, the compiled hook, the
 * plugin's hook exactly as its hooks.json runs it (`sh bin/continuity hook
 * claude-code`, its executable compiled into a data folder by the plugin's
 * own build script), the plugin's Node path where a Node with SQLite built
 * in can be had, and the bash + jq peer (bench/peer/). The project holds an
 * approved 500-task plan with Task 250 complete and 10,000 receipts, so the
 * Stop is a boundary stop that blocks (each call is a new session, so each
 * takes the same path); the protected write is denied. The peer's project
 * holds a .tdd-progress.md of 500 slices, 250 done, so its Stop blocks too.
 * With `base`, another build's dist/ folder, its Node and compiled hooks are
 * measured in the same run (labels `base node hook · …`, `base compiled hook · …`).
 */
export async function benchHookMatrix(root: string, runs = 25, only: readonly string[] = [], base: string | null = null): Promise<HookMatrix> {
  const cases = CASES.filter((c) => only.length === 0 || only.includes(c.key));
  const cli = join(root, 'dist', 'cli.cjs');
  const compiledExe = join(root, 'dist', 'bin', 'continuity');
  const bun = join(root, 'node_modules', 'bun', 'bin', 'bun.exe');
  const compiled = existsSync(compiledExe);
  const project = mkdtempSync(join(tmpdir(), 'continuity-bench-hooks-'));
  // The base build in a project of its own, made the same way: in one shared project each build would keep rewriting the hot state the other left.
  const baseProject = base ? mkdtempSync(join(tmpdir(), 'continuity-bench-hooks-base-')) : null;
  const pluginData = mkdtempSync(join(tmpdir(), 'continuity-bench-plugin-data-'));
  const notes: string[] = [];
  try {
    await prepareProject(project, cli);
    if (baseProject) await prepareProject(baseProject, cli);
    const plugin = preparePlugin(root, pluginData, notes);
    const peerProject = join(project, 'peer');
    mkdirSync(peerProject);
    writeFileSync(join(peerProject, '.tdd-progress.md'), ['# TDD progress', '', ...Array.from({ length: 500 }, (_, i) => `## Slice ${i + 1}: Part ${i + 1}\n- Status: ${i < 250 ? 'DONE' : 'PENDING'}\n`)].join('\n'));
    const peer = spawnSync('jq', ['--version'], { encoding: 'utf8' }).status === 0;
    if (!peer) notes.push('the bash + jq peer was left out: jq is not installed (Debian: apt-get install jq)');
    let n = 0;
    const payloadsIn = (dir: string): Record<(typeof CASES)[number]['key'], () => string> => {
      const common = (event: Record<string, unknown>) => ({ session_id: `bench-${n++}`, transcript_path: join(dir, 't.jsonl'), cwd: dir, permission_mode: 'default', ...event });
      return {
        'pre-harmless': () => JSON.stringify(common({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_use_id: 'toolu_bench', tool_input: { command: 'ls -la src', description: 'List sources' } })),
        'pre-protected': () => JSON.stringify(common({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_use_id: 'toolu_bench', tool_input: { command: "echo '{}' | tee .continuity/config.json", description: 'Reset the config' } })),
        stop: () => JSON.stringify(common({ hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: 'Task 250 is done. I can continue with Task 251.' })),
      };
    };
    const payloads = payloadsIn(project);
    const basePayloads = baseProject ? payloadsIn(baseProject) : payloads;
    const env = { CLAUDE_PROJECT_DIR: project };
    const baseEnv = { CLAUDE_PROJECT_DIR: baseProject ?? project };
    // Each case must take the path it is named for, on both entries.
    const expected = { 'pre-harmless': /^$/, 'pre-protected': /"permissionDecision":"deny"/, stop: /"decision":"block"/ };
    const launcher = join(root, 'plugin', 'bin', 'continuity');
    const entries: { argv: string[]; env: NodeJS.ProcessEnv; base?: true }[] = [{ argv: [process.execPath, cli], env }];
    if (compiled) entries.push({ argv: [compiledExe], env });
    if (plugin) entries.push({ argv: ['sh', launcher], env: { ...env, ...plugin.env } });
    if (plugin?.node) entries.push({ argv: ['sh', launcher], env: { ...env, ...plugin.nodeEnv } });
    // The base build must take the same paths: one that cannot (a copy of dist/ where no node_modules holds its SQLite driver) would fail closed, and be timed doing so.
    if (base) {
      entries.push({ argv: [process.execPath, join(base, 'cli.cjs')], env: baseEnv, base: true });
      if (existsSync(join(base, 'bin', 'continuity'))) entries.push({ argv: [join(base, 'bin', 'continuity')], env: baseEnv, base: true });
    }
    for (const c of cases) {
      for (const entry of entries) {
        const r = spawnSync(entry.argv[0]!, [...entry.argv.slice(1), 'hook', 'claude-code'], { cwd: entry.base ? baseProject! : project, env: { ...process.env, ...entry.env, CONTINUITY_PLUGIN_WHICH: '1' }, input: (entry.base ? basePayloads : payloads)[c.key](), encoding: 'utf8' });
        // A call that failed closed answers as a denial or a block too: its words tell it apart.
        if (r.status !== 0 || !expected[c.key].test(r.stdout.trim()) || /could not decide/.test(r.stdout)) throw new Error(`${c.label} via ${entry.argv.join(' ')}: unexpected answer (exit ${r.status}): ${r.stdout}${r.stderr}`);
        // The plugin's hook must have taken the path it is measured for.
        const which = /^continuity plugin entry: (\w+)/m.exec(r.stderr)?.[1];
        if (entry.argv[0] === 'sh' && which !== (entry.env.CONTINUITY_PLUGIN_RUNTIME === 'node' ? 'node' : 'executable')) throw new Error(`${c.label} via the plugin's launcher ran ${which}: ${r.stderr}`);
      }
      const p = PEER[c.key];
      if (peer && p) {
        const r = spawnSync('bash', [join(root, 'bench', 'peer', p.script)], { cwd: peerProject, input: payloads[c.key](), encoding: 'utf8' });
        if (r.status !== 0 || !p.expected.test(r.stdout.trim())) throw new Error(`${c.label} via the peer ${p.script}: unexpected answer (exit ${r.status}): ${r.stdout}${r.stderr}`);
      }
    }
    const commands: Command[] = [
      // The program, not bash's builtin of the same name (the timer runs each command from bash).
      { label: 'true', cmd: ['/usr/bin/true', '/bin/true'].find((p) => existsSync(p)) ?? 'true', args: [] },
      { label: 'node -e 0', cmd: process.execPath, args: ['-e', '0'] },
      ...(existsSync(bun) ? [{ label: 'bun -e 0', cmd: bun, args: ['-e', '0'] }] : []),
    ];
    for (const c of cases) {
      const input = payloads[c.key];
      commands.push({ label: `node hook · ${c.label}`, cmd: process.execPath, args: [cli, 'hook', 'claude-code'], get input() { return input(); }, env, cwd: project });
      if (compiled) commands.push({ label: `compiled hook · ${c.label}`, cmd: compiledExe, args: ['hook', 'claude-code'], get input() { return input(); }, env, cwd: project });
      // Exactly as hooks/hooks.json runs it: sh, the launcher, `hook claude-code`.
      if (plugin) commands.push({ label: `plugin hook · ${c.label}`, cmd: 'sh', args: [launcher, 'hook', 'claude-code'], get input() { return input(); }, env: { ...env, ...plugin.env }, cwd: project });
      if (plugin?.node) commands.push({ label: `plugin hook on Node · ${c.label}`, cmd: 'sh', args: [launcher, 'hook', 'claude-code'], get input() { return input(); }, env: { ...env, ...plugin.nodeEnv }, cwd: project });
      // Another build's dist/ (BENCH_BASE_DIST), in the same interleaved run: a change's before and after on the same noise.
      if (base) {
        const baseInput = basePayloads[c.key];
        commands.push({ label: `base node hook · ${c.label}`, cmd: process.execPath, args: [join(base, 'cli.cjs'), 'hook', 'claude-code'], get input() { return baseInput(); }, env: baseEnv, cwd: baseProject! });
        if (existsSync(join(base, 'bin', 'continuity'))) commands.push({ label: `base compiled hook · ${c.label}`, cmd: join(base, 'bin', 'continuity'), args: ['hook', 'claude-code'], get input() { return baseInput(); }, env: baseEnv, cwd: baseProject! });
      }
      const p = PEER[c.key];
      if (peer && p) commands.push({ label: `bash+jq peer · ${c.label}`, cmd: 'bash', args: [join(root, 'bench', 'peer', p.script)], get input() { return input(); }, cwd: peerProject });
    }
    const timings = interleaved(commands, runs);
    const wall = new Map(timings.map((t) => [t.label, t.medianMs]));
    const cpu = new Map(timings.map((t) => [t.label, t.medianCpuMs]));
    // The same calls again, each process splitting its own time by stage (src/util/stage-clock.ts).
    const staged: StageCommand[] = [];
    for (const c of cases) {
      if (compiled) staged.push({ label: `compiled hook · ${c.label}`, argv: [compiledExe, 'hook', 'claude-code'], input: payloads[c.key], env, cwd: project });
      staged.push({ label: `node hook · ${c.label}`, argv: [process.execPath, cli, 'hook', 'claude-code'], input: payloads[c.key], env, cwd: project });
    }
    const stages = stageSplit(staged, Math.max(5, Math.floor(runs / 2)));
    return { timings, stages, compiled, plugin: !!plugin, pluginNode: plugin?.node ?? null, peer, notes, median: (label) => wall.get(label) ?? NaN, cpu: (label) => cpu.get(label) ?? NaN };
  } finally {
    rmSync(project, { recursive: true, force: true });
    if (baseProject) rmSync(baseProject, { recursive: true, force: true });
    rmSync(pluginData, { recursive: true, force: true });
  }
}

/**
 * The plugin's data folder with its executable, compiled by the plugin's own
 * build script from the pinned Bun package (fetched once by
 * scripts/fetch-bun-package.mjs), and the environments that run the launcher
 * on it and on Node (CONTINUITY_PLUGIN_RUNTIME=node, with a Node that has
 * SQLite built in: this one, else Node 24 through npx). Null, with a note,
 * where the executable cannot be built.
 */
function preparePlugin(root: string, data: string, notes: string[]): { env: NodeJS.ProcessEnv; node: string | null; nodeEnv: NodeJS.ProcessEnv } | null {
  const fetch = spawnSync(process.execPath, [join(root, 'scripts', 'fetch-bun-package.mjs')], { encoding: 'utf8' });
  if (fetch.status !== 0) {
    notes.push(`the plugin's hook was left out: ${fetch.stderr.trim()}`);
    return null;
  }
  const build = spawnSync('sh', [join(root, 'plugin', 'lib', 'build-executable.sh'), data], { encoding: 'utf8', env: { ...process.env, CONTINUITY_BUN_PACKAGE_DIR: fetch.stdout.trim() } });
  if (build.status !== 0) {
    notes.push(`the plugin's hook was left out: its executable did not build: ${(build.stderr || build.stdout).trim().split('\n').pop()}`);
    return null;
  }
  const env = { CLAUDE_PLUGIN_DATA: data, CONTINUITY_PLUGIN_BUILD: 'off' };
  let node: string | null = process.execPath;
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  if (!(major > 22 || (major === 22 && minor >= 13))) {
    const r = spawnSync('npx', ['-y', 'node@24', '-p', 'process.execPath'], { encoding: 'utf8' });
    node = r.status === 0 ? r.stdout.trim() : null;
    if (!node) notes.push(`the plugin's Node path was left out: Node ${process.versions.node} has no SQLite built in and \`npx -y node@24\` failed`);
  }
  const nodeEnv = { ...env, CONTINUITY_PLUGIN_RUNTIME: 'node', PATH: node ? `${dirname(node)}:${process.env.PATH ?? ''}` : (process.env.PATH ?? '') };
  return { env, node, nodeEnv };
}

export async function prepareProject(project: string, cli: string): Promise<void> {
  mkdirSync(join(project, '.git'));
  const plan = ['# Big Plan', '', ...Array.from({ length: 500 }, (_, i) => `### Task ${i + 1}: Step number ${i + 1}\n\n- [ ] **Step 1: Do part ${i + 1}**\n`)].join('\n');
  writeFileSync(join(project, 'plan.md'), plan);
  const env = { ...process.env, CLAUDE_PROJECT_DIR: project };
  const sh = (args: string[], input = '') => {
    const r = spawnSync(process.execPath, [cli, ...args], { cwd: project, env, input, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${args.join(' ')}: ${r.stderr}`);
  };
  sh(['plan', 'import', 'plan.md']);
  sh(['hook', 'claude-code'], JSON.stringify({ session_id: 'setup', cwd: project, hook_event_name: 'UserPromptSubmit', prompt: 'approve' }));
  sh(['task', 'done', '250']);

  const ledger = await Ledger.open(project);
  try {
    ledger.write((db) => {
      const eventId = appendEvent(db, { at: new Date().toISOString(), source: 'bench', kind: 'bench.receipts', input: {}, decision: null });
      for (let i = 0; i < 10_000; i++) {
        const from = String((i % 499) + 1);
        insertReceipt(db, { planId: 'plan', fromTaskId: from, nextTaskId: String(Number(from) + 1), dispatchedAt: new Date(Date.now() - i * 1000).toISOString(), channel: i % 3 ? 'stop-hook' : 'agent-tool', evidence: `bench ${i}`, sessionId: `old-session-${i % 200}`, eventId });
      }
    });
  } finally {
    ledger.close();
  }
}
