import { join } from 'node:path';
import { readHotState } from '../../ledger/hot-state.js';
import { LEDGER_DIR, ledgerDirExists } from '../../ledger/ledger-dir.js';
import { findProjectRoot } from '../../ledger/project-root.js';
import { spoolEvent } from '../../ledger/spool-write.js';
import { SOURCE } from './source.js';

const FALLBACK_GUARDED_NAMES = ['.continuity', '.tdd-progress.md', 'progress.md'];

/**
 * A payload that cannot be read is still recorded, and a PreToolUse that
 * names a guarded path gets the safe answer, deny: the tool call it describes
 * cannot be checked. Anything else is left to Claude Code (exit 1 is a
 * non-blocking error).
 */
export function answerMalformed(raw: string, error: string, opts: { env: NodeJS.ProcessEnv; cwd: string; now: string }): Record<string, unknown> | null {
  let cwd = opts.cwd;
  let sessionId: string | null = null;
  try {
    const loose = JSON.parse(raw) as { cwd?: unknown; session_id?: unknown };
    if (typeof loose.cwd === 'string') cwd = loose.cwd;
    if (typeof loose.session_id === 'string') sessionId = loose.session_id;
  } catch {
    // not JSON at all
  }
  const root = findProjectRoot(cwd, opts.env);
  if (!ledgerDirExists(root)) return null;
  const ledgerDir = join(root, LEDGER_DIR);
  const names = readHotState(ledgerDir)?.guardedNames ?? FALLBACK_GUARDED_NAMES;
  const deny = /PreToolUse/.test(raw) && names.some((n) => n && raw.includes(n));
  const output = deny
    ? {
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: 'deny',
          permissionDecisionReason: `continuity: the hook payload could not be read (${error}) and it names a guarded path; the tool call was denied as the safe answer.`,
        },
      }
    : null;
  spoolEvent(ledgerDir, { at: opts.now, source: SOURCE, kind: 'malformed-payload', sessionId, input: { raw: raw.slice(0, 4096), error }, decision: { action: deny ? 'deny' : 'none', output } });
  return output;
}
