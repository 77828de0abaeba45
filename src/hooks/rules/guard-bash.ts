// The guard's judgement of a Bash command, and the answers every guard rule
// gives. Kept apart from guard-before.ts, which reads its facts from the
// ledger and the config: the hot-state path (guard-hot.ts) judges Bash
// commands with facts from state.json and loads none of that.
import { basename, isAbsolute, join, relative } from 'node:path';
import { insertViolation } from '../../ledger/sessions.js';
import type { PlanRecord } from '../../ledger/plans.js';
import { protectedNamesFor, protectedPathMatcher } from '../../shell/protected-model.js';
import { SIGNING_VIA } from '../../shell/handlers-sign.js';
import type { HandlerResult } from '../types.js';
import { LEDGER_DIR } from '../../ledger/ledger-dir.js';
import { sddLedgerPath } from '../../app/sdd-path.js';
import { isClientCodePath, isWiringFile, userWiringFiles, WIRING_FILES } from '../../app/wiring-files.js';
import { runningProgramPatterns } from '../../util/running-program.js';
import { gitExecPatterns } from '../../app/git-exec-facts.js';
import { SIGNERS_FILE } from '../../domain/approval-statement.js';
import { globalExecPatterns } from '../../app/git-global-facts.js';

/** Why git's hooks and exec settings are guarded, and how the person changes them. */
export const GIT_EXEC_WHY =
  "git runs what it holds (a hook, or a command its config names) at the person's next git command, outside the agent's hooks; a person changes it at their own terminal (`git remote add`, `git branch -u`), and `continuity config accept` records a change made while the agent works";

/** Why the allowed signers are guarded, and how they change. */
export const SIGNERS_WHY =
  "it lists who may sign the approvals of this repository's plans: a key added there would sign for the person; it changes through the team's review (a commit pulled), or the person's own edit at their terminal";
/** Why the person's own exec files outside the project are guarded (src/domain/git-global-paths.ts), and how the person changes them. */
export const GLOBAL_EXEC_WHY =
  "it runs later as the person, outside the agent's hooks: git reads it at the person's next git command in any repository, a shell when it starts; a person changes it at their own terminal, where nothing is to be accepted";

/** What the Bash guard needs to know: from the ledger and config, or from the hot state that mirrors them. */
export interface BashGuardFacts {
  root: string;
  cwd: string;
  /** Guarded path patterns (guardedPatterns: the ledger, the config's protect list, an unapproved plan's tracker). */
  patterns: readonly string[];
  /** The active plan, as far as the guard's words need it. */
  plan: GuardedPlan | null;
}

type GuardedPlan = Pick<PlanRecord, 'id' | 'state' | 'path'>;

/** A Bash command: denied when the shell analysis finds a write that can reach a guarded path (or the plan's Approved line). */
export async function guardBashCommand(command: string, facts: BashGuardFacts, ctx: { now: string; payload: { session_id: string } }): Promise<HandlerResult> {
  const { root, cwd, plan } = facts;
  const isGuarded = protectedPathMatcher(root, facts.patterns);
  const planAbs = plan ? (isAbsolute(plan.path) ? plan.path : join(root, plan.path)) : null;
  const mentionsApproval = /approved/i.test(command) && planAbs !== null;
  const names = [...protectedNamesFor(facts.patterns), ...(mentionsApproval ? [basename(planAbs!)] : [])];
  const guardedOrPlan = (p: string) => isGuarded(p) || (mentionsApproval && p === planAbs);
  let analysis;
  try {
    // The analysis (and the shell parser behind it) is loaded only for a Bash command that may reach a guarded path.
    const { analyzeCommand } = await import('../../shell/analyze.js');
    analysis = await analyzeCommand(command, { cwd, projectRoot: root, isProtected: guardedOrPlan, protectedNames: names });
  } catch (err) {
    // The analysis itself failed: the command names a guarded path (or the guard would not run), so the safe answer is deny.
    return deny(ctx, names[0] ?? '.continuity', `the command could not be analysed (${(err as Error).message.split('\n')[0]}) and names a guarded path`, 'Bash');
  }
  if (analysis.verdict === 'allow') return allow(analysis.reason);
  const signing = analysis.writes.find((w) => w.via.includes(SIGNING_VIA));
  if (signing) return denySigning(ctx, signing.via);
  const first = analysis.writes[0];
  if (mentionsApproval && first && first.path === planAbs) return deny(ctx, rel(root, first.path), 'only continuity writes the Approved line of a plan, when a person approves it', `Bash (${first.via})`);
  if (first && !guardedOrPlan(first.path) && !first.path.includes('${')) {
    // A folder that holds guarded files (`git clean -fdX` on the project): named as a folder, with what it holds.
    const at = (n: string) => (isAbsolute(n) ? n : join(root, n));
    const inside = (n: string) => at(n).startsWith(`${first.path.replace(/\/+$/, '')}/`);
    const held = names.find((n) => inside(n) && isGuarded(at(n))) ?? names.find((n) => isGuarded(at(n))) ?? names[0] ?? LEDGER_DIR;
    const folder = rel(root, first.path) || 'the project folder';
    return deny(ctx, folder, `it holds ${held}, which is guarded: ${whyGuarded(held, plan, root)}`, `Bash (${first.via})`);
  }
  const target = first ? rel(root, first.path) || '.' : names[0] ?? '';
  return deny(ctx, target, whyGuarded(target, plan, root), first ? `Bash (${first.via})` : 'Bash');
}

/** Why a path is guarded, from what it is: continuity's own folder, the tracker of an unapproved plan, or the protect list. */
export function whyGuarded(path: string, plan: GuardedPlan | null, root: string): string {
  if (path === LEDGER_DIR || path.startsWith(`${LEDGER_DIR}/`)) return 'continuity\'s ledger and config are written only by continuity';
  if (protectedPathMatcher(root, runningProgramPatterns(root))(isAbsolute(path) ? path : join(root, path))) return "it is part of what runs the agent's hooks (continuity's program, or the client's config that loads it): changed or removed, no hook would decide anything after it";
  if (path === SIGNERS_FILE) return SIGNERS_WHY;
  // A file of a client's code folder that is not one of its settings files (an extension, a plugin, a package, pi's models.json).
  const inRoot = isAbsolute(path) ? rel(root, path) : path;
  const settings = (WIRING_FILES as readonly string[]).includes(inRoot) || userWiringFiles(process.env).includes(inRoot);
  if (!settings && /(^|\/)\.pi\/(agent\/)?extensions\//.test(path)) return "pi runs every file in its extensions folder in its own process, as the person: a person adds one, outside the agent";
  if (!settings && isClientCodePath(inRoot, process.env)) return CLIENT_CODE_WHY;
  if (isWiringFile(path)) return "it wires the agent's hooks and sandbox: a person edits it, outside the agent, and `continuity config accept` records the edit";
  const unapproved = plan && plan.state !== 'approved' && plan.state !== 'complete';
  if (unapproved && (path === plan.path || path === sddLedgerPath(plan))) return `it is the progress tracker of plan ${plan.id}, which is ${plan.state === 'stale' ? 'stale (changed after approval)' : 'not approved'}; its execution has not been authorised`;
  if (isAbsolute(path) && protectedPathMatcher(root, globalExecPatterns())(path)) return GLOBAL_EXEC_WHY;
  if (protectedPathMatcher(root, gitExecPatterns(root))(isAbsolute(path) ? path : join(root, path))) return GIT_EXEC_WHY;
  return 'it is listed in the config\'s protect list';
}

/** Why a file of a folder from which a client loads code is guarded. */
export const CLIENT_CODE_WHY = "the agent's client loads code and the servers it starts from this folder, as the person and outside every wall (pi's extensions and packages, OpenCode's plugins and tools, Copilot CLI's hooks and extensions): a person adds one, outside the agent";

/** The violation a refused signature in continuity's namespace leaves in the ledger. */
export const SIGNING_REFUSED = 'approval_signing_refused';

/** The violation a denied write leaves in the ledger. */
export const DENIED_WRITE = 'guarded_write_denied';

export function deny(ctx: { now: string; payload: { session_id: string } }, path: string, why: string, via: string): HandlerResult {
  const reason = `continuity: ${path} is guarded: ${why}. The write (${via}) was not made.`;
  return {
    output: { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason } },
    decision: { action: 'deny', path, via, why },
    persist: (db, eventId) => insertViolation(db, { at: ctx.now, sessionId: ctx.payload.session_id, kind: DENIED_WRITE, summary: deniedSummary(path, why, via), eventId }),
  };
}

/**
 * A signature in continuity's namespace made by the agent's command would be
 * believed as the person's approval on every machine that shares the plan.
 * Without a wall this stops the command the hooks see, not a program that
 * reads an unencrypted key itself: docs/approval-and-guards.md says so.
 */
function denySigning(ctx: { now: string; payload: { session_id: string } }, via: string): HandlerResult {
  const why = "a signature in continuity's namespace is a person's approval or revocation, made by `continuity approve` or `continuity revoke` at their own terminal";
  const reason = `continuity: ${via} is refused: ${why}. The command was not run.`;
  return {
    output: { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason } },
    decision: { action: 'deny', path: 'ssh-keygen -Y sign', via, why, violation: { kind: SIGNING_REFUSED, summary: `${via} refused: ${why}` } },
    persist: (db, eventId) => insertViolation(db, { at: ctx.now, sessionId: ctx.payload.session_id, kind: SIGNING_REFUSED, summary: `${via} refused: ${why}`, eventId }),
  };
}

export function deniedSummary(path: string, why: string, via: string): string {
  return `${via} to ${path} denied: ${why}`;
}

export function allow(why: string): HandlerResult {
  return { output: null, decision: { action: 'allow', why } };
}

export function rel(root: string, abs: string): string {
  const r = relative(root, abs);
  return r.startsWith('..') ? abs : r;
}
