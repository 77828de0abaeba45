import { join } from 'node:path';
import { LEDGER_DIR, ledgerDirExists } from '../../ledger/ledger-dir.js';
import { findProjectRoot } from '../../ledger/project-root.js';
import { spoolEvent } from '../../ledger/spool-write.js';
import { sourceOf, type BridgedAgent } from './types.js';

/**
 * A payload an agent sent that its schema rejects is still recorded (as a
 * `malformed-payload` event of that agent), when the project it names, or
 * the hook's working directory, has a ledger. Nothing is answered: the
 * agent gets exit 1, which none of them reads as "block".
 */
export function recordMalformed(agent: BridgedAgent, raw: string, error: string, opts: { env: NodeJS.ProcessEnv; cwd: string; now: string }): void {
  let from = opts.cwd;
  let sessionId: string | null = null;
  try {
    const loose = JSON.parse(raw) as Record<string, unknown>;
    const roots = loose.workspace_roots;
    const named = [loose.cwd, Array.isArray(roots) ? roots[0] : undefined].find((c): c is string => typeof c === 'string' && c !== '');
    if (named) from = named;
    const id = loose.session_id ?? loose.conversation_id;
    if (typeof id === 'string') sessionId = id;
  } catch {
    // not JSON at all
  }
  const root = findProjectRoot(from, {});
  if (!ledgerDirExists(root)) return;
  spoolEvent(join(root, LEDGER_DIR), {
    at: opts.now,
    source: sourceOf(agent),
    kind: 'malformed-payload',
    sessionId,
    input: { raw: raw.slice(0, 4096), error },
    decision: { action: 'none', output: null },
  });
}
