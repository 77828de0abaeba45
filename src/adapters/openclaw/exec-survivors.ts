/**
 * The processes an exec of this gateway started that are still alive, as
 * the approval rules read them (background shells): read from /proc when a
 * person's words would approve or pause, judged by src/domain/exec-survivors.ts
 * against the exec calls' time windows the plugin keeps.
 */
import { agentSurvivors, type CallWindow } from '../../domain/exec-survivors.js';
import type { BackgroundShell } from '../../domain/human-turn.js';
import { processTable, type ProcessRow } from '../../util/process-table.js';
import type { SessionMemory } from './session-memory.js';

/**
 * The variable the plugin adds to the environment of every exec of this
 * gateway (`resolve_exec_env`), valued with the gateway's pid: a process that
 * carries it was started by an exec of this gateway, not of another one on
 * the machine (OpenClaw's own `OPENCLAW_SHELL=exec` says any gateway).
 */
export const EXEC_MARKER_NAME = 'CONTINUITY_OPENCLAW_EXEC';
export const execMarker = (gatewayPid: number = process.pid) => ({ name: EXEC_MARKER_NAME, value: String(gatewayPid) });
/** Windows kept: the oldest go first (a process that old has been judged at many prompts since). */
const MAX_WINDOWS = 2000;

export function execStarted(memory: SessionMemory, key: string, at: number): void {
  memory.execWindows.set(key, { startMs: at, endMs: null, backgrounded: false });
  while (memory.execWindows.size > MAX_WINDOWS) memory.execWindows.delete(memory.execWindows.keys().next().value!);
}

/** The call returned: ended, or sent to the background (`details.status: "running"`), where it may go on starting processes. */
export function execReturned(memory: SessionMemory, key: string, at: number, stillRunning: boolean): void {
  const w = memory.execWindows.get(key);
  if (!w) return;
  memory.execWindows.set(key, stillRunning ? { ...w, backgrounded: true } : { ...w, endMs: at });
}

/** Pure core of the read: survivors of this gateway's exec calls among the rows, as background shells. */
export function survivorsOf(rows: readonly ProcessRow[], windows: readonly CallWindow[], self: number): BackgroundShell[] {
  // init adopts an orphan, or the nearest subreaper (systemd --user on most desktops).
  const adopters = new Set([1, ...rows.filter((r) => r.comm === 'systemd').map((r) => r.pid)]);
  return agentSurvivors(rows, windows, { self, adopters }).map((p) => ({ sessionId: null, id: `pid ${p.pid}`, command: `pid ${p.pid}: ${p.command.length > 48 ? `${p.command.slice(0, 47)}…` : p.command}` }));
}

export function liveExecSurvivors(memory: SessionMemory, now: number): BackgroundShell[] {
  const rows = processTable(execMarker());
  if (!rows) return [];
  // A backgrounded call no marked process is left of has ended: its window closes now (a superset of when it did).
  if (!rows.some((r) => r.marked)) for (const [k, w] of memory.execWindows) if (w.backgrounded && w.endMs === null) memory.execWindows.set(k, { ...w, endMs: now });
  return survivorsOf(rows, [...memory.execWindows.values()], process.pid);
}
