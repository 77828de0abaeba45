/**
 * The live processes, as /proc shows them (Linux): pid, parent,
 * start time, whether the environment they were started with names a given
 * variable and value, and the command line. Elsewhere, or where /proc cannot
 * be read, null: nothing is known. Read only when a person's words are about
 * to change what an agent may do (an approval, a pause), never per tool call.
 */
import { readdirSync, readFileSync } from 'node:fs';

export interface ProcessRow {
  pid: number;
  ppid: number;
  startMs: number;
  marked: boolean;
  command: string;
  /** The executable's name as the kernel keeps it (`comm`). */
  comm: string;
}

/** Clock ticks per second of /proc's start times (USER_HZ: 100 on every Linux architecture Node runs on). */
const USER_HZ = 100;

/**
 * When the machine booted, in ms: /proc/stat's `btime` is whole seconds; this
 * process's own start (its ticks since boot, and Node's `performance.timeOrigin`)
 * places it to a few tens of ms, so a process's start can be set against a
 * tool call's time without a second of doubt.
 */
function bootMs(btimeSec: number): number {
  try {
    const own = readFileSync('/proc/self/stat', 'utf8');
    const ticks = Number(own.slice(own.lastIndexOf(')') + 2).split(' ')[19]);
    const estimate = performance.timeOrigin - (ticks * 1000) / USER_HZ;
    if (Number.isFinite(estimate) && Math.abs(estimate - btimeSec * 1000) < 1500) return estimate;
  } catch {
    // /proc/self unreadable: the second will do
  }
  return btimeSec * 1000;
}

export function processTable(marker: { name: string; value: string }): ProcessRow[] | null {
  if (process.platform !== 'linux') return null;
  let boot: number;
  let pids: number[];
  try {
    const btime = /^btime (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'));
    if (!btime) return null;
    boot = bootMs(Number(btime[1]));
    pids = readdirSync('/proc').filter((n) => /^\d+$/.test(n)).map(Number);
  } catch {
    return null;
  }
  const needle = `${marker.name}=${marker.value}`;
  const rows: ProcessRow[] = [];
  for (const pid of pids) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // gone since the listing
    }
    // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime priority nice threads itrealvalue starttime …
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const fields = stat.slice(close + 2).split(' ');
    // A zombie runs nothing: it is only waiting for its parent (an init that never reaps keeps it forever).
    if (fields[0] === 'Z' || fields[0] === 'X') continue;
    const ppid = Number(fields[1]);
    const start = Number(fields[19]);
    let marked = false;
    try {
      marked = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(needle);
    } catch {
      // another user's process: its environment is not ours to read (it stays in the table: a parent, not an orphan's void)
    }
    let command = comm;
    try {
      command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ') || comm;
    } catch {
      // keep comm
    }
    rows.push({ pid, ppid, startMs: boot + (start * 1000) / USER_HZ, marked, command, comm });
  }
  return rows;
}
