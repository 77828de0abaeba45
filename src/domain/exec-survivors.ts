/**
 * Which live processes an agent's shell call started: the processes that
 * outlive the call (background jobs, `nohup`, `setsid`, double forks) can
 * still speak for the agent after its turn has ended, through the client's
 * own channels (`openclaw agent --message approve`). Pure: the process table
 * and the calls' time windows are facts the adapter reads.
 *
 * A live process is the agent's when any holds:
 * - its environment carries the client's shell marker (OpenClaw sets
 *   `OPENCLAW_SHELL=exec` in every exec), or it descends from a live process
 *   that does;
 * - it was started while a shell call of this client ran (or within a
 *   quarter of a second of it), and it, or the nearest of its ancestors started in such a
 *   window, has lost its parent (adopted by init or a subreaper): a job the
 *   call left behind, whatever it did to its environment, session or group.
 *
 * What it cannot see: a process started by a service on the agent's behalf
 * (`systemd-run`, `at`, `crontab`: their parent is the service, alive and not
 * the agent's), and processes of other users.
 */

export interface ProcessFact {
  pid: number;
  ppid: number;
  /** When it started, ms since the epoch (to tens of ms). */
  startMs: number;
  /** Its environment (as it was at its last exec) carries the client's shell marker. */
  marked: boolean;
  /** Its command line, for the words. */
  command: string;
}

export interface CallWindow {
  startMs: number;
  /** null: the call still runs (or was sent to the background and may still). */
  endMs: number | null;
}

/** Clock slack around a window: a process's start is known to tens of ms (src/util/process-table.ts). */
export const WINDOW_SLACK_MS = 250;

export function agentSurvivors(processes: readonly ProcessFact[], windows: readonly CallWindow[], opts: { self: number; adopters: ReadonlySet<number> }): ProcessFact[] {
  const byPid = new Map(processes.map((p) => [p.pid, p]));
  const inWindow = (p: ProcessFact) => windows.some((w) => p.startMs >= w.startMs - WINDOW_SLACK_MS && (w.endMs === null || p.startMs <= w.endMs + WINDOW_SLACK_MS));
  const memo = new Map<number, boolean>();

  const markedLine = (p: ProcessFact, depth: number): boolean => {
    if (p.marked) return true;
    const parent = byPid.get(p.ppid);
    return !!parent && parent.pid !== opts.self && depth < 64 && markedLine(parent, depth + 1);
  };

  /** Born in a window, and the top of its window-born line was orphaned. */
  const leftBehind = (p: ProcessFact, depth: number): boolean => {
    if (!inWindow(p)) return false;
    if (opts.adopters.has(p.ppid) || !byPid.has(p.ppid)) return true;
    const parent = byPid.get(p.ppid)!;
    return parent.pid !== opts.self && depth < 64 && leftBehind(parent, depth + 1);
  };

  return processes.filter((p) => {
    if (p.pid === opts.self) return false;
    const known = memo.get(p.pid);
    if (known !== undefined) return known;
    const agents = markedLine(p, 0) || leftBehind(p, 0);
    memo.set(p.pid, agents);
    return agents;
  });
}
