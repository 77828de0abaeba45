// What the compiled hook's runtime leaves to continuity's own code: executables built with the same Bun and the
// same flags as dist/bin/continuity, each doing a little more, timed interleaved with `bun -e 0` and the hook itself
// (a harmless Bash PreToolUse in the bench project of bench/hook-matrix.ts):
//   empty      an empty entry: Bun's start-up as an executable
//   fs+path    one stat through node:fs and node:path: the runtime's modules every hook needs (Bun parses them at
//              each start)
//   io         only the I/O a harmless PreToolUse needs: read the payload, stat the ledger, read and parse the hot
//              state, stat every guarded file, read the redaction key, write a record aside and rename it (into a
//              folder of its own, not the project's spool)
//   load       the hook's code loaded (src/cli/hook-main.ts and what it imports), nothing run
//   hook       the hook, deciding the call
// Each row says what it adds to the one it builds on (io and load on fs+path, the hook on load).
//   node --import tsx bench/compiled-floor.ts [RUNS]   (default 40; after `node scripts/build.mjs`)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { prepareProject } from './hook-matrix.js';
import { pathToFileURL } from 'node:url';
import { interleaved, type Command, type Timing } from './measure.js';


const ENTRIES: Record<string, string | ((root: string) => string)> = {
  empty: '',
  'fs+path': 'import { statSync } from "node:fs";\nimport { join } from "node:path";\nstatSync(join("/", "tmp"));\n',
  io: `import { readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
const payload = JSON.parse(readFileSync(0, "utf8"));
const root = process.env.CLAUDE_PROJECT_DIR ?? payload.cwd;
const dir = join(root, ".continuity");
statSync(join(dir, "ledger.db"));
const hot = JSON.parse(readFileSync(join(dir, "state.json"), "utf8"));
let seen = 0;
for (const g of hot.guarded) if (statSync(g.path.startsWith("/") ? g.path : join(root, g.path), { throwIfNoEntry: false, bigint: true })) seen++;
const command = String(payload.tool_input?.command ?? "");
const named = hot.guardedNames.some((n) => command.includes(n));
const key = readFileSync(join(dir, "redaction.key"), "utf8");
const out = process.env.FLOOR_OUT;
const name = Date.now().toString(36) + "-" + process.pid.toString(36) + ".json";
writeFileSync(join(out, "." + name), JSON.stringify({ at: new Date().toISOString(), input: payload, decision: { named, seen, key: key.length } }));
renameSync(join(out, "." + name), join(out, name));
`,
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
    const out = join(work, 'out');
    mkdirSync(out);
    const payload = JSON.stringify({ session_id: 'floor', transcript_path: join(project, 't.jsonl'), cwd: project, permission_mode: 'default', hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_use_id: 'toolu_floor', tool_input: { command: 'ls -la src', description: 'List sources' } });
    const env = { CLAUDE_PROJECT_DIR: project, FLOOR_OUT: out };
    const commands: Command[] = [
      { label: 'bun -e 0', cmd: bun, args: ['-e', '0'] },
      ...Object.entries(exes).map(([label, exe]) => ({ label, cmd: exe, args: [], input: payload, env, cwd: project })),
      { label: 'hook', cmd: hookExe, args: ['hook', 'claude-code'], input: payload, env, cwd: project },
    ];
    const bunVersion = (JSON.parse(readFileSync(join(root, 'dist', 'executable.json'), 'utf8')) as { bunVersion: string }).bunVersion;
    return { bunVersion, runs, timings: interleaved(commands, runs) };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** What each layer adds, and to what: the hook's code loads on top of the runtime's modules, not of the I/O. */
const BASE: Record<string, string> = { 'fs+path': 'empty', io: 'fs+path', load: 'fs+path', hook: 'load' };

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
