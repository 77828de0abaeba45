// Many sessions through one real OpenClaw gateway, with continuity's plugin,
// without it, and with the client's own floor in its place (a plugin of the
// same hooks doing nothing in them: test/real-client/openclaw-load-floor/)
// (the same gateway, the same scripted model, the same turns): the time a turn takes, the gateway's CPU time per turn, its RSS
// as the turns go on, and the plugin's ledger held against the hook calls
// the gateway made (test/real-client/openclaw-load.ts).
//   BENCH_OPENCLAW_LOAD_TURNS   turns per run (default 1000; 0 skips the load run)
//   BENCH_OPENCLAW_LOAD_SESSIONS, BENCH_OPENCLAW_LOAD_WORKSPACES (16, 4)
// A turn costs the gateway about 1.5 s of CPU on 2 shared cores (OpenClaw
// itself; 64 turns took 3.5 to 4 minutes a run there), so 1,000 turns take
// about an hour a run: set the count lower to try it.
import { pathToFileURL } from 'node:url';
import { ledgerAgainstCalls, percentile, runOpenClawLoad, type LoadResult } from '../test/real-client/openclaw-load.js';

export interface OpenClawLoadReport {
  turns: number;
  sessions: number;
  workspaces: number;
  bare: LoadResult;
  /** A plugin of continuity's hooks returning nothing: what OpenClaw itself costs for such a plugin. */
  floor: LoadResult;
  plugin: LoadResult;
}

export async function benchOpenClawLoad(log: (line: string) => void = () => {}): Promise<OpenClawLoadReport | null> {
  const turns = Number(process.env.BENCH_OPENCLAW_LOAD_TURNS ?? 1000);
  if (!(turns > 0)) return null;
  const sessions = Number(process.env.BENCH_OPENCLAW_LOAD_SESSIONS ?? 16);
  const workspaces = Number(process.env.BENCH_OPENCLAW_LOAD_WORKSPACES ?? 4);
  // After 100 turns (or a quarter of a shorter run), half way, and at the end.
  const rssAt = [...new Set([Math.min(100, Math.floor(turns / 4)), Math.floor(turns / 2)])].filter((n) => n > 0 && n < turns);
  const bare = await runOpenClawLoad({ sessions, workspaces, turns, plugin: false, rssAt, log });
  const floor = await runOpenClawLoad({ sessions, workspaces, turns, plugin: false, floor: true, rssAt, log });
  const plugin = await runOpenClawLoad({ sessions, workspaces, turns, plugin: true, rssAt, log });
  return { turns: plugin.turnMs.length, sessions, workspaces, bare, floor, plugin };
}

export function reportOpenClawLoad(r: OpenClawLoadReport | null): void {
  if (!r) {
    console.log('OpenClaw gateway under load: skipped (BENCH_OPENCLAW_LOAD_TURNS=0)');
    return;
  }
  const fmt = (ms: number) => `${ms.toFixed(0).padStart(6)} ms`;
  const p = (x: LoadResult, q: number) => percentile(x.turnMs, q);
  console.log(`OpenClaw gateway under load: ${r.sessions} sessions at once over ${r.workspaces} workspaces, ${r.turns} turns per run (exec, read and a stop; a subagent per session), the same gateway without continuity, with a plugin of its hooks doing nothing (the floor), and with it`);
  console.log(`  turn time          without ${'p50'} ${fmt(p(r.bare, 50))}  p99 ${fmt(p(r.bare, 99))}   floor p50 ${fmt(p(r.floor, 50))}  p99 ${fmt(p(r.floor, 99))}   with continuity p50 ${fmt(p(r.plugin, 50))}  p99 ${fmt(p(r.plugin, 99))}`);
  console.log(`  added per turn     p50 ${fmt(p(r.plugin, 50) - p(r.bare, 50))} (${(p(r.plugin, 50) / p(r.bare, 50)).toFixed(2)}×)   p99 ${fmt(p(r.plugin, 99) - p(r.bare, 99))} (${(p(r.plugin, 99) / p(r.bare, 99)).toFixed(2)}×)`);
  const cpu = (x: LoadResult) => x.cpuMs / Math.max(1, x.turnMs.length);
  console.log(`  gateway CPU / turn without ${fmt(cpu(r.bare))}   floor ${fmt(cpu(r.floor))}   with ${fmt(cpu(r.plugin))}   (all ${r.turns} turns in ${(r.bare.wallMs / 1000).toFixed(0)} s, ${(r.floor.wallMs / 1000).toFixed(0)} s and ${(r.plugin.wallMs / 1000).toFixed(0)} s)`);
  // The floor: a plugin of continuity's hooks that does nothing in them, what OpenClaw's dispatch of them costs.
  console.log(`  continuity's ratio ${(cpu(r.plugin) / cpu(r.bare)).toFixed(2)}× to the bare gateway, ${(cpu(r.plugin) / cpu(r.floor)).toFixed(2)}× to the floor (the floor ${(cpu(r.floor) / cpu(r.bare)).toFixed(2)}× to the bare gateway)`);
  const rss = (x: LoadResult) => x.rss.map((s) => `${s.turns}: ${(s.kib / 1024).toFixed(0)} MiB`).join(', ');
  console.log(`  gateway RSS after  without ${rss(r.bare)}   with ${rss(r.plugin)}`);
  const failed = r.bare.failed.length + r.floor.failed.length + r.plugin.failed.length;
  if (failed) console.log(`  failed turns: ${r.bare.failed.length} without, ${r.floor.failed.length} floor, ${r.plugin.failed.length} with (first: ${[...r.bare.failed, ...r.floor.failed, ...r.plugin.failed][0]})`);
  if (r.plugin.stages) {
    // The plugin's own account of its time (CONTINUITY_STAGE_TIMES): per turn, the largest first.
    const per = (ms: number) => `${(ms / r.turns).toFixed(1)} ms`;
    const entries = Object.entries(r.plugin.stages.stages).sort((a, b) => b[1].cpuMs - a[1].cpuMs);
    const total = entries.reduce((n, [, s]) => n + s.cpuMs, 0);
    const calls = Object.entries(r.plugin.stages.calls).map(([k, n]) => `${(n / r.turns).toFixed(1)} ${k}`).join(', ');
    console.log(`  continuity's CPU in the gateway / turn: ${per(total)} (${calls} calls a turn); by stage (CPU, wall):`);
    for (const [name, s] of entries.filter(([, s]) => s.cpuMs / r.turns >= 0.05)) console.log(`    ${name.padEnd(34)} ${per(s.cpuMs).padStart(10)} ${per(s.wallMs).padStart(10)}`);
  }
  const rows = ledgerAgainstCalls(r.plugin);
  const sum = (f: (x: (typeof rows)[number]) => number) => rows.reduce((n, x) => n + f(x), 0);
  console.log(`  ledger against hook calls: ${sum((x) => x.toolCalls)} tool calls; PreToolUse missing ${sum((x) => x.preMissing.length)}, doubled ${sum((x) => x.preDoubled.length)}; PostToolUse missing ${sum((x) => x.postMissing.length)}, doubled ${sum((x) => x.postDoubled.length)}; ${sum((x) => x.finalizes)} finalize calls, ${sum((x) => x.stops)} Stop/SubagentStop events`);
}

// Alone: `node --import tsx bench/openclaw-load.ts` (after `node scripts/build.mjs`), progress on stderr.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) reportOpenClawLoad(await benchOpenClawLoad((l) => process.stderr.write(`${l}\n`)));
