/**
 * Whether a shell call of a client continuity walls runs inside the wall,
 * from the config's `sandbox.mode` and whether bubblewrap starts here. Pure.
 *
 * - `required` (the default): wrapped; where the wall cannot stand, the call
 *   is denied with the reason and the fix (commands never run unwalled);
 * - `preferred`: wrapped where the wall stands; hooks only elsewhere, said;
 * - `off`: never wrapped, hooks only.
 */
import type { Config } from '../config/schema.js';

type SandboxMode = Config['sandbox']['mode'];

/** `fix`: how to make the wall stand, where there is one (none on a system without bubblewrap). */
/** `bwrap`: the wall's program, absolute (bubblewrap; on macOS, `engine: 'seatbelt'`, sandbox-exec). */
export type WallProbe = { ok: true; bwrap: string; engine?: 'seatbelt' } | { ok: false; why: string; fix?: string };

export type WallVerdict =
  | { kind: 'wrap'; bwrap: string; engine?: 'seatbelt' }
  | { kind: 'deny'; reason: string }
  | { kind: 'hooks-only'; why: string };

export function wallVerdict(mode: SandboxMode, probe: () => WallProbe): WallVerdict {
  if (mode === 'off') return { kind: 'hooks-only', why: 'sandbox.mode is off in .continuity/config.json' };
  const p = probe();
  if (p.ok) return { kind: 'wrap', bwrap: p.bwrap, ...(p.engine ? { engine: p.engine } : {}) };
  if (mode === 'preferred') return { kind: 'hooks-only', why: `${p.why} (sandbox.mode is preferred)` };
  return {
    kind: 'deny',
    reason: `continuity: this shell command was not run, because continuity's wall cannot stand here: ${p.why}. ${p.fix ? `${p.fix}, or set` : 'Set'} "sandbox": {"mode": "preferred"} in .continuity/config.json to run commands with continuity's hooks only.`,
  };
}

/** The layer in force, in one line for doctor, status and the session's opening context. */
export function describeOwnWall(client: string, v: WallVerdict): string {
  switch (v.kind) {
    case 'wrap':
      return `continuity's own wall (${engineName(v)}) around every ${client} shell command: continuity's state, the hook wiring, its program and the protected paths are read-only to the agent's commands, and the client's own state and credentials are out of their reach`;
    case 'deny':
      return `${client} shell commands are refused: continuity's wall cannot stand here and sandbox.mode is required`;
    case 'hooks-only':
      return `hooks only for ${client}, because ${v.why}`;
  }
}

/** The layer in force in one sentence for the agent's opening context: facts, not instructions. */
export function describeOwnWallForAgent(client: string, v: WallVerdict): string {
  switch (v.kind) {
    case 'wrap':
      return `continuity's state and hook wiring are read-only to the agent's commands (continuity's own wall: ${engineName(v)} around every ${client} shell command); the agent's own continuity commands are taken in by the hooks.`;
    case 'deny':
      return `${client} shell commands are refused here: continuity's wall cannot stand (${v.reason.replace(/^continuity: this shell command was not run, because continuity's wall cannot stand here: /, '').split('. ')[0]}).`;
    case 'hooks-only':
      return `continuity's state is guarded by its hooks only (${v.why}).`;
  }
}

function engineName(v: { engine?: 'seatbelt' }): string {
  return v.engine === 'seatbelt' ? 'Seatbelt' : 'bubblewrap';
}
