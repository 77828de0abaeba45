// What the compiled hook's runtime leaves to continuity's own code: executables built with the same Bun and the
// same flags as dist/bin/continuity, each doing a little more, timed interleaved with `bun -e 0` and the hook itself
// (a harmless Bash PreToolUse in the bench project of bench/hook-matrix.ts):
//   empty      an empty entry: Bun's start-up as an executable
//   fs+path    one stat through node:fs and node:path: the runtime's modules every hook needs (Bun parses them at
//              each start)
//   io         only the I/O a harmless PreToolUse needs: read the payload, stat the ledger, read and parse the hot
//              state, stat every guarded file, read the redaction key, write a record aside and rename it (into a
//              folder of its own, not the project's spool)
//   record     io, with the record written as the hook writes it: continuity's own spool writer
//              (src/ledger/spool-write.ts: the input bounded and its credentials redacted under the ledger's key),
//              the least a call that decides nothing still does
//   load       the hook's code loaded (src/cli/hook-main.ts and what it imports), nothing run
//   hook       the hook, deciding the call
// And the same for a Stop held at the plan's boundary (each run a new session, as a first stop there):
//   stop-min   record and the answer on stdout: a held Stop whose block is counted by its record alone
//   stop-io    stop-min, plus the block counted in the hot state (its file written aside, renamed in and its time
//              set back), as src/hooks/rules/stop-hot.ts counts it
//   hook stop  the hook, holding the Stop
// Each row says what it adds to the one it builds on (io and load on fs+path, record on io, stop-min on record,
// stop-io on stop-min, the hook's rows on load).
//   [BENCH_CPU=perf] node --import tsx bench/compiled-floor.ts [RUNS]   (default 40; after `node scripts/build.mjs`)
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { prepareProject } from './hook-matrix.js';
import { pathToFileURL } from 'node:url';
import { interleaved, type Command, type Timing } from './measure.js';


/** What the io layer and those on it read: the payload, the ledger's stat, the hot state, a stat of every guarded file. */
const READS = `const payload = JSON.parse(readFileSync(0, "utf8"));
const root = process.env.CLAUDE_PROJECT_DIR ?? payload.cwd;
const dir = join(root, ".continuity");
statSync(join(dir, "ledger.db"));
const hot = JSON.parse(readFileSync(join(dir, "state.json"), "utf8"));
let seen = 0;
for (const g of hot.guarded) if (statSync(g.path.startsWith("/") ? g.path : join(root, g.path), { throwIfNoEntry: false, bigint: true })) seen++;
`;

/** Does the command name a guarded file (the guard's pre-check at its plainest)? */
const MENTIONS = `const command = String(payload.tool_input?.command ?? "");
const named = hot.guardedNames.some((n) => command.includes(n));
`;

/**
 * The record layer's body: io's reads and stats (the person's git configs too, whose stamps every call compares), and
 * the call recorded through continuity's own spool writer into FLOOR_OUT (a ledger folder of its own, with the
 * project's redaction key).
 */
const RECORD = `${READS}for (const f of hot.globalExec?.value?.configs ?? []) if (statSync(f, { throwIfNoEntry: false, bigint: true })) seen++;
${MENTIONS}const out = process.env.FLOOR_OUT;
const name = spoolEvent(out, { at: new Date().toISOString(), source: "hook:claude-code", kind: payload.hook_event_name, sessionId: payload.session_id, input: payload, decision: { action: "none", named, seen } });
`;

/** A held Stop's answer, written to fd 1 as the hook writes it (src/util/write-fd.ts): Bun's process.stdout is a stream built at its first use. */
const ANSWER = 'writeSync(1, new TextEncoder().encode(JSON.stringify({ decision: "block", reason: "Task " + (seen + 1) + " is the next task of the same plan." }) + "\\n"));\n';

/** The imports of a layer that records through continuity's own spool writer. */
const spooling = (root: string, fs: string[]) =>
  `import { ${fs.join(', ')} } from "node:fs";\nimport { join } from "node:path";\nimport { spoolEvent } from ${JSON.stringify(join(root, 'src', 'ledger', 'spool-write.ts'))};\n`;

const ENTRIES: Record<string, string | ((root: string) => string)> = {
  empty: '',
  'fs+path': 'import { statSync } from "node:fs";\nimport { join } from "node:path";\nstatSync(join("/", "tmp"));\n',
  io: `import { readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
${READS}${MENTIONS}const key = readFileSync(join(dir, "redaction.key"), "utf8");
const out = process.env.FLOOR_OUT;
const name = Date.now().toString(36) + "-" + process.pid.toString(36) + ".json";
writeFileSync(join(out, "." + name), JSON.stringify({ at: new Date().toISOString(), input: payload, decision: { named, seen, key: key.length } }));
renameSync(join(out, "." + name), join(out, name));
`,
  record: (root: string) => `${spooling(root, ['readFileSync', 'statSync'])}${RECORD}`,
  'stop-min': (root: string) => `${spooling(root, ['readFileSync', 'statSync', 'writeSync'])}${RECORD}
${ANSWER}`,
  'stop-io': (root: string) => `${spooling(root, ['readFileSync', 'renameSync', 'statSync', 'utimesSync', 'writeFileSync', 'writeSync'])}${RECORD}
const state = join(out, "state.json");
const written = statSync(join(dir, "state.json")).mtimeMs / 1000;
writeFileSync(join(out, ".state.json"), JSON.stringify({ ...hot, stop: { ...hot.stop, spooled: [name] } }));
renameSync(join(out, ".state.json"), state);
utimesSync(state, written, written);
${ANSWER}`,
  load: (root: string) => `await import(${JSON.stringify(join(root, 'src', 'cli', 'hook-main.ts'))});\nprocess.exit(0);\n`,
};

/** The flags dist/bin/continuity was compiled with (scripts/build.mjs writes them beside it). */
function compileFlags(root: string): string[] {
  const meta = JSON.parse(readFileSync(join(root, 'dist', 'executable.json'), 'utf8')) as { compileFlags: string[] };
  return meta.compileFlags;
}

export interface CompiledFloorReport {
  bunVersion: string;
  runs: number;
  timings: Timing[];
}

/** null: no compiled hook to measure (dist/bin/continuity is built by scripts/build.mjs where Bun runs). */
export async function benchCompiledFloor(root: string, runs: number): Promise<CompiledFloorReport | null> {
  const bun = join(root, 'node_modules', 'bun', 'bin', 'bun.exe');
  const hookExe = join(root, 'dist', 'bin', 'continuity');
  if (!existsSync(hookExe)) return null;
  const work = mkdtempSync(join(tmpdir(), 'continuity-bench-floor-'));
  try {
    const exes: Record<string, string> = {};
    for (const [name, source] of Object.entries(ENTRIES)) {
      const file = name.replace('+', '-');
      writeFileSync(join(work, `${file}.ts`), typeof source === 'string' ? source : source(root));
      exes[name] = join(work, file);
      const r = spawnSync(bun, ['build', join(work, `${file}.ts`), '--compile', '--outfile', exes[name]!, ...compileFlags(root), '--define', '__CONTINUITY_VERSION__="0.0.0"'], { cwd: root, encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`bun build of ${name} failed: ${r.stderr.trim().split('\n').slice(-3).join(' ')}`);
    }
    const project = join(work, 'project');
    mkdirSync(project);
    await prepareProject(project, join(root, 'dist', 'cli.cjs'));
    // The floors' own ledger folder: their records go to its spool, redacted under the project's key.
    const out = join(work, 'out');
    mkdirSync(join(out, 'spool'), { recursive: true });
    copyFileSync(join(project, '.continuity', 'redaction.key'), join(out, 'redaction.key'));
    const payload = JSON.stringify({ session_id: 'floor', transcript_path: join(project, 't.jsonl'), cwd: project, permission_mode: 'default', hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_use_id: 'toolu_floor', tool_input: { command: 'ls -la src', description: 'List sources' } });
    // A new session at each run: each Stop is a session's first at the boundary, held (bench/hook-matrix.ts's plan).
    let stops = 0;
    const stopPayload = () => JSON.stringify({ session_id: `floor-stop-${++stops}`, transcript_path: join(project, 't.jsonl'), cwd: project, permission_mode: 'default', hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: 'Task 250 is done. I can continue with Task 251.' });
    const env = { CLAUDE_PROJECT_DIR: project, FLOOR_OUT: out };
    // interleaved() reads `input` at each run: a Stop's is made anew each time.
    const run = (label: string, cmd: string, args: string[], stop: boolean): Command => (stop ? { label, cmd, args, env, cwd: project, get input() { return stopPayload(); } } : { label, cmd, args, input: payload, env, cwd: project });
    const commands: Command[] = [
      { label: 'bun -e 0', cmd: bun, args: ['-e', '0'] },
      ...Object.entries(exes).map(([label, exe]) => run(label, exe, [], label.startsWith('stop-'))),
      run('hook', hookExe, ['hook', 'claude-code'], false),
      run('hook stop', hookExe, ['hook', 'claude-code'], true),
    ];
    const bunVersion = (JSON.parse(readFileSync(join(root, 'dist', 'executable.json'), 'utf8')) as { bunVersion: string }).bunVersion;
    return { bunVersion, runs, timings: interleaved(commands, runs) };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** What each layer adds, and to what: the hook's code loads on top of the runtime's modules, not of the I/O. */
const BASE: Record<string, string> = { 'fs+path': 'empty', io: 'fs+path', record: 'io', 'stop-min': 'record', 'stop-io': 'stop-min', load: 'fs+path', hook: 'load', 'hook stop': 'load' };

export function reportCompiledFloor(r: CompiledFloorReport | null): void {
  if (!r) {
    console.log('\nThe compiled hook against its runtime: left out (no dist/bin/continuity)');
    return;
  }
  const floor = r.timings[0]!.medianCpuMs;
  const cpu = new Map(r.timings.map((t) => [t.label, t.medianCpuMs]));
  console.log(`\nThe compiled hook against its runtime (Bun ${r.bunVersion}; executables of the same flags doing a little more each; ${r.runs} interleaved runs; CPU medians, wall in brackets):`);
  for (const t of r.timings) {
    const base = BASE[t.label];
    const adds = base === undefined ? '' : `   ${(t.medianCpuMs - cpu.get(base)!).toFixed(1)} ms more than ${base}`;
    console.log(`  ${t.label.padEnd(9)} ${t.medianCpuMs.toFixed(1).padStart(5)} ms (${t.medianMs.toFixed(1).padStart(5)})   ${(t.medianCpuMs / floor).toFixed(2)}× bun -e 0${adds}`);
  }
}

// Alone: `node --import tsx bench/compiled-floor.ts [RUNS]` (default 40; after `node scripts/build.mjs`).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) reportCompiledFloor(await benchCompiledFloor(resolve(import.meta.dirname, '..'), Number(process.argv[2] ?? 40)));
