import { basename, isAbsolute, join } from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import { approvedLinesOf } from '../../formats/approved-line.js';
import { ledgerStamp, type HotState } from '../../ledger/hot-state.js';
import { mightTouchProtected } from '../../shell/precheck.js';
import { nameFragments, withFragments } from '../../shell/mentions.js';
import { protectedNamesFor, protectedPathMatcher } from '../../shell/protected-model.js';
import { runningProgramPatterns } from '../../util/running-program.js';
import { stampedHash } from '../../util/stamped-hash.js';
import type { ToolPayload } from '../tool-rules.js';
import { FILE_WRITING_TOOLS, guardedWriteTarget, isPlanCandidate, writtenPath } from './plan-paths.js';
import { realRoot } from '../../util/real-path.js';
import { protectedFiles } from '../../app/protected-files.js';
import { strangersInLedgerDir } from '../../ledger/ledger-dir.js';
import { CLIENT_LOADED_GLOBS, clientCodePatterns, isWiringFile, userClientCodePatterns } from '../../app/wiring-files.js';
import { globalExecPatterns } from '../../app/git-global-facts.js';

/** What is guarded before anything was recorded: `.continuity/` at least. */
const FALLBACK_NAMES = ['.continuity', '.tdd-progress.md', 'progress.md'];
const APPROVED = /^[ \t>*_-]*(\*\*|__)?approved(\*\*|__)?[ \t]*:/im;

/** Tools that never write files. Everything else may, and is checked after it ran. */
export const READ_ONLY_TOOLS: ReadonlySet<string> = new Set(['Read', 'Glob', 'Grep', 'LS', 'WebFetch', 'WebSearch', 'TodoWrite', 'TodoRead', 'AskUserQuestion', 'ExitPlanMode', 'EnterPlanMode', 'Agent', 'Task', 'BashOutput', 'KillShell', 'KillBash', 'ListMcpResourcesTool', 'ReadMcpResourceTool', 'Skill', 'SlashCommand']);

/** Text a file tool is about to write (Write content, Edit/MultiEdit new strings, a notebook cell). */
export function newText(input: Record<string, unknown>): string {
  const parts: unknown[] = [input.content, input.new_string, input.new_source];
  if (Array.isArray(input.edits)) for (const e of input.edits) parts.push((e as { new_string?: unknown })?.new_string);
  return parts.filter((p): p is string => typeof p === 'string').join('\n');
}

/** Could this call write a guarded path, or forge an Approved line? Cheap: no ledger, no shell parser. */
export function guardWantsBefore(p: ToolPayload, hot: HotState | null, root: string): boolean {
  const cwd = p.cwd ?? root;
  if (FILE_WRITING_TOOLS.has(p.tool_name)) {
    const abs = writtenPath(p.tool_input, cwd);
    if (!abs) return false;
    if (!hot) return true;
    // The person's exec files as this hook's environment names them (src/app/git-global-facts.ts): the hot state's writer may have had another HOME.
    // And the clients' code folders as this hook's environment names them (PI_CODING_AGENT_DIR, OPENCODE_CONFIG_DIR, COPILOT_HOME).
    const patterns = [...hot.protectGlobs, ...runningProgramPatterns(root), ...globalExecPatterns(), ...userClientCodePatterns(process.env)];
    if (guardedWriteTarget(abs, root, protectedPathMatcher(root, patterns), protectedPathMatcher(realRoot(root), patterns)) !== null) return true;
    const isPlanFile = (hot.plan && abs === join(root, hot.plan.path)) || isPlanCandidate(abs, root);
    return !!isPlanFile && APPROVED.test(newText(p.tool_input));
  }
  if (p.tool_name === 'Bash') {
    const command = typeof p.tool_input.command === 'string' ? p.tool_input.command : '';
    const guarded = hot?.guardedNames ?? FALLBACK_NAMES;
    const more = protectedNamesFor([...runningProgramPatterns(root), ...globalExecPatterns(), ...userClientCodePatterns(process.env)]);
    // The expression folds ASCII letters only, so the lower-cased command holds `approved` wherever it matches; most hold
    // none and do not compile it.
    if (hot?.plan && command.toLowerCase().includes('approved') && /approved/i.test(command)) more.push(basename(hot.plan.path));
    // The guarded names' fragments as the hot state keeps them, with those of the names this call adds.
    const fragments = withFragments(hot?.guardedFragments ?? nameFragments(guarded), nameFragments(more));
    return mightTouchProtected(command, [...guarded, ...more], fragments);
  }
  return false;
}

/** Did a guarded file, or the plan's Approved line, change from what continuity last authorised? */
export function guardWantsAfter(p: ToolPayload, hot: HotState | null, root: string): boolean {
  if (READ_ONLY_TOOLS.has(p.tool_name)) return false;
  // No hot state beside a ledger: removed (with it the baseline of what is authorised), so the ledger decides.
  if (!hot) return existsSync(join(root, '.continuity', 'ledger.db'));
  // Someone other than continuity wrote the ledger: its approval is checked.
  if (hot.ledgerStamp !== undefined && ledgerStamp(join(root, '.continuity')) !== hot.ledgerStamp) return true;
  for (const g of hot.guarded) if (stampedHash(isAbsolute(g.path) ? g.path : join(root, g.path), g) !== g.hash) return true;
  if (strangersInLedgerDir(root).length) return true;
  // A new file under a protect glob has no snapshot yet: the listing tells.
  // Not the clients' code folders: guarded against writes, not copied (their files are the client's and the person's, pi's sessions among them);
  // but those whose every file is loaded are kept (CLIENT_LOADED_GLOBS).
  const code = new Set(clientCodePatterns(process.env).filter((p) => !CLIENT_LOADED_GLOBS.includes(p)));
  const globs = hot.protectGlobs.filter((p) => /[*?[]/.test(p) && !p.startsWith('.continuity/') && !code.has(p));
  if (globs.length) {
    const known = new Set(hot.guarded.map((g) => g.path));
    if (protectedFiles(root, globs).some((f) => !known.has(f))) return true;
  }
  if (hot.plan) {
    const text = readOrNull(join(root, hot.plan.path));
    if (text !== null && !sameApprovedLines(approvedLinesOf(text), hot.plan.approvedLine)) return true;
  }
  return false;
}

/**
 * A client whose hooks are switched off runs none, so the change cannot be
 * seen by its own hooks: it is looked for at every moment continuity runs
 * anywhere (any client's hook, any `continuity` command). The cheap half,
 * read on every call: has a wiring file changed from the hash the hot state
 * holds? Most of them are absent: one stat each, no read.
 */
export function wiringChanged(hot: HotState | null, root: string): boolean {
  if (!hot) return false;
  for (const g of hot.guarded) {
    if (!isWiringFile(g.path)) continue;
    const abs = isAbsolute(g.path) ? g.path : join(root, g.path);
    if (stampedHash(abs, g) !== g.hash) return true;
  }
  return false;
}

/** The plan file carries exactly the Approved line continuity wrote, or none when it wrote none. */
export function sameApprovedLines(found: readonly string[], expected: string | null): boolean {
  return expected === null ? found.length === 0 : found.length === 1 && found[0] === expected;
}

function readOrNull(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}
