import { join } from 'node:path';
import { LEDGER_DIR } from '../../ledger/ledger-dir.js';
import { hotStateCurrent, type HotState } from '../../ledger/hot-state.js';
import type { PlanState } from '../../ledger/plans.js';
import type { SpooledViolation } from '../../ledger/spool.js';
import { runningProgramPatterns } from '../../util/running-program.js';
import { globalExecPatterns } from '../../app/git-global-facts.js';
import { userClientCodePatterns } from '../../app/wiring-files.js';
import { mergeToolResults } from '../handlers/tool-use.js';
import { PRE_TOOL_RULES, type ToolPayload } from '../tool-rules.js';
import type { HandlerResult } from '../types.js';
import { deniedSummary, DENIED_WRITE, guardBashCommand } from './guard-bash.js';

/**
 * A Bash command that may reach a guarded path, judged from the hot state
 * instead of the ledger. The hot state mirrors exactly what the Bash guard
 * reads from the ledger and the config (the guarded patterns, the active
 * plan's id, state and file), so the answer is the one the ledger would give
 * — provided the state is current: written after the ledger's last change
 * (its stamp matches) and after the config's. Otherwise, or when another rule
 * also wants the call, null: the call is decided from the ledger.
 * Recorded through the spool, its violation with it: no SQLite on this path.
 */
export async function guardFromHotState(payload: ToolPayload, hot: HotState | null, root: string, now: string): Promise<{ result: HandlerResult; violations: SpooledViolation[] } | null> {
  if (payload.tool_name !== 'Bash' || !hot || (hot.plan && !hot.approval) || !hotStateCurrent(hot, join(root, LEDGER_DIR))) return null;
  // Some rule wants the call (handle.ts asked); when no other does, it is the guard's alone.
  if (PRE_TOOL_RULES.some((r) => r.name !== 'guard-before' && r.wants(payload, hot, root))) return null;
  const plan = hot.plan && hot.approval ? { id: hot.approval.planId, state: hot.approval.state as PlanState, path: hot.plan.path } : null;
  const command = typeof payload.tool_input.command === 'string' ? payload.tool_input.command : '';
  // The person's exec files as this hook's environment names them (its HOME, XDG_CONFIG_HOME, GIT_CONFIG_GLOBAL), as the hot state's writer may not have.
  const guard = await guardBashCommand(command, { root, cwd: payload.cwd ?? root, patterns: [...hot.protectGlobs, ...runningProgramPatterns(root), ...globalExecPatterns(), ...userClientCodePatterns(process.env)], plan }, { now, payload });
  const d = guard.decision as { action: string; path?: string; why?: string; via?: string; violation?: SpooledViolation };
  const violations = d.action === 'deny' ? [d.violation ?? { kind: DENIED_WRITE, summary: deniedSummary(d.path!, d.why!, d.via!) }] : [];
  return { result: mergeToolResults('PreToolUse', [{ name: 'guard-before', result: guard }]), violations };
}
