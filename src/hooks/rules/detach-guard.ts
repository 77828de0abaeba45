import { createRequire } from 'node:module';
import { insertViolation } from '../../ledger/sessions.js';
import type { ToolPayload } from '../tool-rules.js';
import type { HandlerResult, HookContext } from '../types.js';
import { walledClient } from './wall-answer.js';

/** The violation a refused detached process leaves in the ledger. */
export const DETACH_REFUSED = 'detached_process_refused';

/** What each client offers for a command that runs on while the session continues: it keeps it, shows its output, and ends it with the session. */
const OWN_BACKGROUND: Readonly<Record<string, string>> = {
  'hook:claude-code': "Bash's own `run_in_background`",
  'hook:gemini': "run_shell_command's own `is_background`",
  'hook:copilot': 'the bash tool\'s own `mode: "async"` (a shell the session keeps and ends)',
  'hook:codex': 'a long-running command that Codex keeps in its session (its own exec session, polled for output)',
  'hook:openclaw': "exec's own `background` (a session the `process` tool polls and kills, ended by its timeout)",
};

const homeDir = () => (createRequire(import.meta.url)('node:os') as typeof import('node:os')).homedir();

/**
 * PreToolUse of a shell command, where no wall stands: a command that starts
 * a process meant to outlive the tool call (`nohup`, `setsid`, `disown`, a
 * `&` job no `wait` waits for, also inside `sh -c '…'`, subshells and
 * functions; `at`, `crontab`, `systemd-run`, `tmux new -d`, `screen -dm`,
 * `start-stop-daemon`, …) is refused. Such a process runs on after the call's
 * last hook, where no hook sees what it writes: the hooks switched off a
 * minute later, the ledger rewritten. The client's own background mechanism
 * is not a shell construct and stays allowed. Where a wall stands (Claude
 * Code's or Codex's sandbox, continuity's own around Gemini CLI's and
 * OpenClaw's shell), its writes fail anyway: allowed.
 */
export async function guardDetached(ctx: HookContext<ToolPayload>): Promise<HandlerResult> {
  const { payload, root } = ctx;
  const command = typeof payload.tool_input.command === 'string' ? payload.tool_input.command : '';
  const { findDetached } = await import('../../shell/detach.js');
  const found = await findDetached(command, { cwd: payload.cwd ?? root, projectRoot: root });
  if (!found.detached.length) return { output: null, decision: { action: 'allow', why: 'starts no process that outlives the call' } };
  if (await walled(ctx)) return { output: null, decision: { action: 'allow', why: 'the wall stands: a detached process writes nothing guarded', detached: found.detached } };
  const what = found.detached.map((d) => `\`${d}\``).join(', ');
  const own = OWN_BACKGROUND[ctx.source];
  const reason =
    `continuity: this command starts a process that outlives the tool call (${what}${found.unread ? `; ${found.unread}` : ''}). ` +
    'No hook sees what such a process does after the call ends, and no wall stands here (continuity guards this client with its hooks only), so the command was not run. ' +
    (own ? `Run it in the foreground, or with ${own}.` : 'Run it in the foreground.');
  return {
    output: { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason } },
    decision: { action: 'deny', why: 'detached process', detached: found.detached },
    persist: (db, eventId) => insertViolation(db, { at: ctx.now, sessionId: payload.session_id, kind: DETACH_REFUSED, summary: `Bash command refused: it starts a process that outlives the call (${found.detached.join(', ')})`, eventId }),
  };
}

/**
 * Does a wall stand around this client's commands? Claude Code's sandbox as
 * init set it up; Codex's own with the profile init wrote; continuity's own
 * around Gemini CLI's and OpenClaw's shell (the command is then run inside
 * it, its background jobs too). Cursor has none.
 */
async function walled(ctx: HookContext<ToolPayload>): Promise<boolean> {
  if (walledClient(ctx.source)) {
    const { ownWallVerdict } = await import('./own-wall.js');
    return (await ownWallVerdict(ctx.root, ctx.env ?? process.env)).kind === 'wrap';
  }
  const { gatherCodexWallFacts, gatherWallFacts } = await import('../../install/wall-facts.js');
  if (ctx.source === 'hook:codex') {
    const { codexWallStatus } = await import('../../install/codex-wall-status.js');
    return codexWallStatus(await gatherCodexWallFacts(ctx.root, ctx.config, { home: homeDir() })).level === 'structural';
  }
  if (ctx.source !== 'hook:claude-code') return false;
  const { wallStatus } = await import('../../install/wall-status.js');
  return wallStatus(await gatherWallFacts(ctx.root, ctx.config, { home: homeDir() })).level === 'structural';
}
