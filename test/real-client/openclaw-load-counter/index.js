// Loaded beside continuity's plugin in the load run (test/real-client/openclaw-load.ts),
// and in the same gateway without it: one line per hook call the gateway makes,
// to CONTINUITY_OPENCLAW_LOAD_CALLS, so that the ledger's events can be held
// against the calls that were made (none lost, none doubled).
// With CONTINUITY_OPENCLAW_LOAD_GC, the gateway's garbage collections so far
// (count and pause by kind, from Node's `gc` performance entries) and its heap's
// used size, written to that file every second while they change: the same
// observer in every gateway, so that the rounds can hold the collections of the
// gateway with continuity against those of the bare one and the floor's.
import { appendFileSync, renameSync, writeFileSync } from 'node:fs';
import { PerformanceObserver, constants } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';

const HOOKS = ['before_agent_run', 'before_tool_call', 'after_tool_call', 'before_agent_finalize', 'agent_end', 'subagent_spawned', 'subagent_ended'];

/** Node's `detail.kind` of a gc entry, by name. */
const GC_KINDS = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weakcb',
};

/** Starts summing the process's collections into `gcFile`; returns a function that writes the sums now and stops. */
export function watchCollections(gcFile) {
  const sums = { minor: { n: 0, ms: 0 }, major: { n: 0, ms: 0 }, incremental: { n: 0, ms: 0 }, weakcb: { n: 0, ms: 0 }, other: { n: 0, ms: 0 }, heapUsedMiB: 0 };
  let changed = true;
  const obs = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const s = sums[GC_KINDS[e.detail?.kind ?? e.kind] ?? 'other'];
      s.n++;
      s.ms += e.duration;
      changed = true;
    }
  });
  obs.observe({ entryTypes: ['gc'] });
  const write = () => {
    if (!changed) return;
    changed = false;
    sums.heapUsedMiB = getHeapStatistics().used_heap_size / 2 ** 20;
    try {
      // Aside, then renamed: the bench never reads half a file.
      writeFileSync(`${gcFile}.tmp`, JSON.stringify(sums));
      renameSync(`${gcFile}.tmp`, gcFile);
    } catch {
      // The run's folder removed under a gateway still stopping: nothing left to measure, nothing to throw into it.
    }
  };
  write();
  const timer = setInterval(write, 1000);
  timer.unref();
  return () => {
    clearInterval(timer);
    obs.disconnect();
    changed = true;
    write();
  };
}

export default {
  id: 'continuity-load-counter',
  name: 'continuity load counter',
  description: 'Counts the hook calls a gateway makes, for the load run.',
  register(api) {
    if (process.env.CONTINUITY_OPENCLAW_LOAD_GC && !globalThis[Symbol.for('continuity-load-counter.gc')]) {
      // Once per process: OpenClaw may register a plugin more than once.
      globalThis[Symbol.for('continuity-load-counter.gc')] = watchCollections(process.env.CONTINUITY_OPENCLAW_LOAD_GC);
    }
    const file = process.env.CONTINUITY_OPENCLAW_LOAD_CALLS;
    if (!file) return;
    for (const hook of HOOKS) {
      // After continuity's handlers: it must not change what they see.
      api.on(hook, async (event, ctx) => {
        const line = { hook, sessionKey: ctx?.sessionKey ?? null, runId: ctx?.runId ?? event?.runId ?? null, toolCallId: event?.toolCallId ?? ctx?.toolCallId ?? null, toolName: event?.toolName ?? null };
        appendFileSync(file, `${JSON.stringify(line)}\n`);
        return undefined;
      }, { priority: -100 });
    }
  },
};
