/**
 * Which clients' shell calls continuity walls itself, and how the wall's
 * answer joins the rules' answer. Small and pure: handle.ts imports it on
 * every call; the wall itself (own-wall.ts) is loaded only for a walled
 * client's shell call.
 */
import type { WalledClient } from '../../wall/spec.js';
import { importedOnce } from '../../util/imported-once.js';

/** The wall's code, imported at a walled client's first shell call (or session start) and kept (src/util/imported-once.ts). */
export const ownWallCode = importedOnce(() => import('./own-wall.js'));

/** The clients whose shell commands continuity walls itself, by event source. */
const WALLED: Readonly<Record<string, WalledClient>> = { 'hook:gemini': 'gemini', 'hook:openclaw': 'openclaw', 'hook:pi': 'pi', 'hook:copilot': 'copilot', 'hook:opencode': 'opencode' };
export const CLIENT_NAMES: Readonly<Record<WalledClient, string>> = { gemini: 'Gemini CLI', openclaw: 'OpenClaw', pi: 'pi', copilot: 'Copilot CLI', opencode: 'OpenCode' };

export function walledClient(source: string): WalledClient | null {
  return WALLED[source] ?? null;
}

export interface WallAnswer {
  /** Merged into the call's answer: the rewrite, or a denial. */
  output: Record<string, unknown> | null;
  decision: Record<string, unknown>;
}

/**
 * The call's answer with the wall's: a command the guards denied stays
 * denied (nothing to wrap); otherwise the rewrite (or the wall's denial)
 * joins what the rules said.
 */
export function withWall(output: Record<string, unknown> | null, wall: WallAnswer | null): Record<string, unknown> | null {
  if (!wall?.output) return output;
  const said = (output?.hookSpecificOutput ?? {}) as Record<string, unknown>;
  if (said.permissionDecision === 'deny') return output;
  return { ...(output ?? {}), hookSpecificOutput: { ...said, ...(wall.output.hookSpecificOutput as Record<string, unknown>) } };
}

/** What the record says of the wall: the rules' denial stands alone (nothing was wrapped). */
export function wallRecord(output: Record<string, unknown> | null, wall: WallAnswer | null): Record<string, unknown> {
  if (!wall) return {};
  return ((output?.hookSpecificOutput ?? {}) as Record<string, unknown>).permissionDecision === 'deny' ? { wall: 'not-needed' } : wall.decision;
}
