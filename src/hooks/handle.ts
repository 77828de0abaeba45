import { appendEvent } from '../ledger/events.js';
import { join, relative, resolve, sep } from 'node:path';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { wiresContinuity } from '../app/wiring-files.js';
import { READ_ONLY_TOOLS } from './rules/guard-wants.js';
import { callDrift } from './git-exec-drift.js';
import { FILE_WRITING_TOOLS, writtenPath } from './rules/plan-paths.js';
import { CONFIG_FILE, LEDGER_DIR, LEDGER_FILE, ledgerAccess, reclaimWrite } from '../ledger/ledger-dir.js';
import { pendingRequests, writeRequest } from '../ledger/inbox.js';
import { CliError, ExitCode } from '../util/errors.js';
import { spoolBacklogFull, spoolEvent } from '../ledger/spool-write.js';
import { readHotState, type HotState } from '../ledger/hot-state.js';
import { findProjectRoot } from '../ledger/project-root.js';
import { validateEventPayload } from './hook-payload.js';
import { HANDLERS } from './handlers/index.js';
import { allDeciders, loadDeciders, loadInboxDeciders, loadWiringDeciders } from './load-deciders.js';
import { EVENT_SCHEMAS, GenericPayload, isKnownEvent } from './payload.js';
import { NOTHING_TO_SAY, type HandlerResult, type InProcessClient } from './types.js';

import { failClosed } from './fail-closed.js';
import { ownWallCode, walledClient, wallRecord, withWall } from './rules/wall-answer.js';
import { importedOnce } from '../util/imported-once.js';
import { lostWorkspaceAnswer } from './lost-workspace.js';
import type { WorkspaceGuard } from '../domain/workspace-guard.js';
import { stage } from '../util/stage-clock.js';
import { seedGlobalExecFiles } from '../app/git-global-facts.js';

export { PayloadError } from './hook-payload.js';

// The code a call loads only when it needs it, each imported once per process (src/util/imported-once.ts): a long-lived
// process running the sources (under tsx's loader hooks) would otherwise resolve each again at every call.
const sharedExchangeCode = importedOnce(() => import('./shared-exchange.js'));
const hookClientCode = importedOnce(() => import('./trust/hook-client.js'));
const runsLaterWordsCode = importedOnce(() => import('./render/runs-later-words.js'));
const runsLaterCode = importedOnce(() => import('../app/runs-later.js'));
const runsLaterTableCode = importedOnce(() => import('../domain/runs-later.js'));

export interface HookOutcome {
  /** Claude Code protocol JSON to print, or null for no output. */
  output: Record<string, unknown> | null;
  eventId: number | null;
  /** A workspace continuity guarded whose ledger and recovery copy are gone: nothing is enforced (src/hooks/lost-workspace.ts). */
  unguarded?: true;
}

/**
 * Checks an already-decoded hook event against its schemas (the common
 * fields, then the event's own). The field names are Claude Code's, whose
 * hook protocol the rules were first written for; every agent's adapter
 * translates its own payloads into them, so every handler sees the same
 * validated shape.
 */
export function validatePayload(data: unknown): GenericPayload {
  return validateEventPayload(data, GenericPayload, EVENT_SCHEMAS, '');
}

/**
 * load facts → one rule → persist with the audit event → render.
 * A project without `.continuity/` has not enabled continuity: nothing is
 * opened, written or said; unless continuity guarded it (its recovery copy,
 * or its record outside the workspace, says so: src/domain/workspace-guard.ts).
 */
export async function handlePayload(
  payload: GenericPayload,
  opts: { env: NodeJS.ProcessEnv; now: string; fallbackCwd: string; /** The agent the call came from, as the records name it (`hook:claude-code`, `hook:codex`, …). */ source: string; /** Set only by a client that runs continuity in its own process. */ inProcessClient?: InProcessClient },
): Promise<HookOutcome> {
  const source = opts.source;
  const root = findProjectRoot(payload.cwd ?? opts.fallbackCwd, opts.env);
  const access = ledgerAccess(root);
  // Without its ledger, a workspace is restored from the recovery copy, fails closed if continuity guarded it, and is otherwise not enabled.
  const guard = access === 'absent' || !existsSync(join(root, LEDGER_DIR, LEDGER_FILE)) ? await guardWithoutLedger(root, access !== 'absent', opts.env) : 'ledger';
  if (guard === 'lost') return { output: lostWorkspaceAnswer(payload, root), eventId: null, unguarded: true };
  if (guard === 'not-enabled') return { output: unenforcedWords(root, payload.hook_event_name), eventId: null };
  stage('project root');
  // Read-only to its own owner without a sandbox: put back and recorded; inside the wall nothing can be put back and the call is refused.
  const reclaimed = access === 'read-only' ? reclaimWrite(join(root, LEDGER_DIR)) : null;
  if (access === 'read-only' && !reclaimed) refuseInsideWall(root, payload, opts.now, source);
  const fileMode = reclaimWrite(join(root, LEDGER_DIR, LEDGER_FILE));
  if (reclaimed || fileMode) {
    const what = [reclaimed ? `${LEDGER_DIR}/ (mode ${reclaimed})` : '', fileMode ? `${LEDGER_DIR}/${LEDGER_FILE} (mode ${fileMode})` : ''].filter(Boolean).join(' and ');
    spoolEvent(join(root, LEDGER_DIR), { at: opts.now, source, kind: 'ledger-permissions-restored', sessionId: payload.session_id, input: { what }, decision: { action: 'restored' }, violations: [{ kind: 'ledger_permissions_restored', summary: `${what} had been made read-only to its owner; the write permission was put back` }] });
  }
  try {
    // The ledger's file was just looked for: a guard other than 'ledger' is only ever found without it.
    return await decide(payload, root, access, guard !== 'ledger', { ...opts, source });
  } catch (err) {
    // A hook that fails is a "go ahead" to the client: where continuity is enabled, what it cannot decide is closed instead.
    const closed = failClosed(payload, err);
    if (!closed) throw err;
    try {
      spoolEvent(join(root, LEDGER_DIR), { at: opts.now, source, kind: payload.hook_event_name, sessionId: payload.session_id, input: payload, decision: { action: 'failed-closed', error: closed.error, output: closed.output } });
    } catch {
      // Not even the spool can be written: the answer still stands.
    }
    return { output: closed.output, eventId: null };
  }
}

async function decide(payload: GenericPayload, root: string, access: ReturnType<typeof ledgerAccess>, ledgerMissing: boolean, opts: { env: NodeJS.ProcessEnv; now: string; source: string; inProcessClient?: InProcessClient }): Promise<HookOutcome> {
  const source = opts.source;

  const event = payload.hook_event_name;
  const ledgerDir = join(root, LEDGER_DIR);
  const entry = isKnownEvent(event) ? HANDLERS[event] : undefined;
  // The ledger gone (its folder or its file): the call is taken with the ledger, whose opening restores it.
  const missing = access === 'absent' || ledgerMissing;
  const hot = missing ? null : readHotState(ledgerDir);
  // What the last call read of git's global configs, used while their stamps hold (src/app/git-global-facts.ts).
  seedGlobalExecFiles(hot?.globalExec);
  stage('hot state read');
  // A project that shares its ledger: the sync process is woken, and a decision that needs the other machines' records waits, bounded, for them (src/hooks/shared-exchange.ts).
  const shared = missing ? null : sharedOf(hot, root);
  const exchange = shared ? await sharedExchangeCode() : null;
  const pulled = shared && exchange ? await exchange.pullBeforeDeciding(root, opts.env, event, shared.pullWaitMs) : null;
  if (shared) stage('shared pull');
  // continuity's own wall around a walled client's shell command (src/hooks/rules/own-wall.ts), loaded only for one.
  const wall = event === 'PreToolUse' && walledClient(source) && (payload as { tool_name?: unknown }).tool_name === 'Bash' ? await (await ownWallCode()).ownWallAnswer(payload as never, root, opts.env, source, hot, { keep: !!opts.inProcessClient }) : null;
  if (wall) stage('own wall');
  const wanted = !!entry && (!entry.wants || entry.wants(payload, hot, root));
  stage('wants');
  // A client's hook wiring changed since the last call (a client whose hooks are off runs none): seen here, whichever client or event this is.
  // A PostToolUse of a tool that can write leaves it to the guard after the call, which tells the agent too.
  const toolName = (payload as { tool_name?: unknown }).tool_name;
  const afterWrite = event === 'PostToolUse' && typeof toolName === 'string' && !READ_ONLY_TOOLS.has(toolName);
  // git's hooks and exec config changed since the last call, outside any tool call: the person's (src/hooks/git-exec-drift.ts); after a writing tool, the guard after the call decides.
  // Both from one pass over the guarded files.
  const drift = missing || afterWrite ? null : callDrift(hot, root);
  const wiringDrift = !!drift?.wiring;
  const gitDrift = drift?.git ?? [];
  // Requests the agent's commands left in the inbox are taken in by whichever call comes first.
  stage('wiring check');
  const requests = pendingRequests(root);
  stage('inbox');
  // Nothing to decide, or decided from a current hot state: recorded through the spool, without opening SQLite.
  const quick = wanted && !requests.length && !missing ? await entry.fromHotState?.(payload, hot, root, opts.now) : null;
  // Which agent client starts sessions here: later, an event no client ran is not taken as the person's (src/domain/human-turn.ts).
  stage('rule from hot state');
  const started = event === 'SessionStart' ? { client: opts.inProcessClient?.name ?? (await hookClientCode()).hookClient().client } : {};
  if (event === 'SessionStart') stage('process scan');
  // What runs later as the person (src/domain/runs-later.ts): fingerprinted when a session starts, compared when it stops.
  const runsLater = !missing && (event === 'SessionStart' || event === 'Stop') ? await runsLaterStep(event, root, payload.session_id, opts.now) : null;
  // A file tool's write to one of them, in a session whose start no hook saw, is kept for the session's Stop to name; any other tool call pays nothing, a file tool's write a comparison of its path.
  if (!missing && event === 'PostToolUse' && typeof toolName === 'string' && FILE_WRITING_TOOLS.has(toolName)) await noteFileToolWrite(payload, root, opts.now);
  stage('runs later');
  if ((!wanted || quick) && !requests.length && !hot?.notices && !missing && !wiringDrift && !gitDrift.length && !runsLater) {
    const decision = { ...(quick ? quick.result.decision : entry?.declined?.(payload, hot) ?? NOTHING_TO_SAY.decision), ...started, ...wallRecord(quick?.result.output ?? null, wall), ...(pulled ? { shared: pulled } : {}) };
    const output = withWall(quick?.result.output ?? null, wall);
    const spooled = spoolEvent(ledgerDir, { at: opts.now, source, kind: event, sessionId: payload.session_id, input: payload, decision: { ...decision, output }, violations: quick?.violations, ...(quick?.stop ? { stop: quick.stop } : {}) });
    quick?.spooled?.(spooled);
    stage('spool write');
    // A long run of calls that decide nothing would otherwise leave the spool to grow until the next one that does: past a bounded backlog, this call takes it in.
    if (spoolBacklogFull(ledgerDir)) await drainSpool(root, opts.env);
    if (shared) exchange?.wakeSync(root, opts.env);
    return { output, eventId: null };
  }
  // The config, the ledger and the SQLite driver are loaded only for a call that decides something.
  const { hookConfig, Ledger, hotStateOf, owedNotices, withNotices } = await loadDeciders(event);
  stage('load deciders');
  // One transaction for the call, unless it takes in the inbox or puts wiring back (those change files after their writes, each committed
  // first), or runs in a client's own process: there other calls run between its awaits, and one holding the write lock across them
  // would leave the others waiting on the busy timeout with the event loop blocked.
  const ledger = await Ledger.open(root, { create: true, env: opts.env, lagRecovery: true, oneTransaction: !opts.inProcessClient && !requests.length && !wiringDrift, connections: opts.inProcessClient?.ledgers });
  let hotState: HotState | undefined;
  try {
    const { config, fallback, text: configText } = await hookConfig(root, ledger, hot?.config);
    stage('config');
    // Before the rule runs, so that a Stop sees the task the agent has just recorded as done.
    const inboxCode = requests.length ? await loadInboxDeciders(event) : null;
    const inbox = inboxCode ? await inboxCode.takeInbox(ledger, requests, { root, config, now: opts.now, source, sessionId: payload.session_id }) : null;
    let result: HandlerResult = wanted
      ? await (await entry.load())({ payload: payload as never, ledger, config, root, now: opts.now, source, env: opts.env, ...(opts.inProcessClient ? { inProcessClient: opts.inProcessClient } : {}) })
      : { output: null, decision: entry?.declined?.(payload, hot) ?? NOTHING_TO_SAY.decision };
    stage('rule');
    if (inbox && inboxCode) result = inboxCode.withInboxWords(result, event, inbox);
    if (wiringDrift) {
      const { repairWiring, snapshotPaths, withWiringRepair } = await loadWiringDeciders(event);
      const repair = repairWiring(ledger.db, root, config, snapshotPaths(null, config, root, opts.env, ledger.db), { now: opts.now });
      result = withWiringRepair(result, repair, { now: opts.now, sessionId: payload.session_id });
      stage('wiring repair');
    }
    if (gitDrift.length) (await loadWiringDeciders(event)).adoptGitExecDrift(ledger, config, root, gitDrift, opts.now);
    const owed = owedNotices(ledger.db);
    // An invalid config is said to the person at every call until it is fixed or put back.
    if (fallback) owed.push({ id: -1, text: `.continuity/config.json cannot be used (${fallback}).` });
    result = withNotices({ ...result, decision: { ...result.decision, ...started, ...wallRecord(result.output, wall), ...(fallback ? { configFallback: fallback } : {}) } }, owed, opts.now);
    result = { ...result, output: withWall(result.output, wall) };
    if (runsLater) result = (await runsLaterWordsCode()).withRunsLater(result, runsLater);
    stage('notices');
    const eventId = ledger.write((db) => {
      const id = appendEvent(db, {
        at: opts.now,
        source,
        kind: event,
        sessionId: payload.session_id,
        input: payload,
        decision: { ...result.decision, ...(pulled ? { shared: pulled } : {}), output: result.output },
      });
      result.persist?.(db, id);
      return id;
    });
    stage('event write');
    // Loaded here, not at start-up: a spooled call never needs it. Its snapshots are synced in the call's transaction; the file is written at close.
    hotState = hotStateOf(ledger, config, fallback ? null : configText);
    stage('hot state');
    ledger.commit();
    stage('commit');
    // Said once the Stop's event that says it is committed.
    runsLater?.said();
    // What this call recorded goes out without the call waiting for it.
    if (shared) exchange?.wakeSync(root, opts.env);
    return { output: result.output, eventId };
  } finally {
    ledger.close({ hotState });
  }
}

/**
 * The shared ledger's settings: from the config the hot state keeps (what a
 * hook last parsed), else from config.json itself, read only as far as
 * needed: a file that never names `shared` costs one read and a substring
 * search, and one with comments is taken to share with the default wait
 * (the call's own config load reports a bad file).
 */
function sharedOf(hot: HotState | null, root: string): { pullWaitMs: number } | null {
  let value = hot?.config?.value as { shared?: unknown } | undefined;
  if (!hot?.config) {
    let text: string;
    const path = join(root, LEDGER_DIR, CONFIG_FILE);
    try {
      // Most projects have no config file: a stat that throws nothing says so, far cheaper than the error a read throws.
      if (!statSync(path, { throwIfNoEntry: false })) return null;
      text = readFileSync(path, 'utf8');
    } catch {
      return null;
    }
    if (!text.includes('"shared"')) return null;
    try {
      value = JSON.parse(text) as { shared?: unknown };
    } catch {
      return { pullWaitMs: 300 };
    }
  }
  const shared = value?.shared as { pullWaitMs?: unknown } | undefined;
  return shared && typeof shared === 'object' ? { pullWaitMs: typeof shared.pullWaitMs === 'number' ? shared.pullWaitMs : 300 } : null;
}

/**
 * A session's start takes the fingerprint of what runs later; its Stop finds
 * what changed since and was not yet said. Neither may cost the call its
 * answer: a failure (a file continuity cannot read or write) is said on
 * stderr and the call goes on without the words.
 */
async function runsLaterStep(event: 'SessionStart' | 'Stop', root: string, sessionId: string, now: string): Promise<import('../app/runs-later.js').RunsLaterAtStop | null> {
  try {
    const code = await runsLaterCode();
    if (event === 'SessionStart') {
      code.takeRunsLaterBaseline(root, sessionId, now);
      return null;
    }
    return code.runsLaterAtStop(root, sessionId, now);
  } catch (err) {
    process.stderr.write(`continuity: what runs later could not be compared: ${(err as Error).message.split('\n')[0]}\n`);
    return null;
  }
}

async function noteFileToolWrite(payload: GenericPayload, root: string, now: string): Promise<void> {
  const input = (payload as { tool_input?: unknown }).tool_input;
  const written = input && typeof input === 'object' ? writtenPath(input as Record<string, unknown>, payload.cwd ?? root) : null;
  if (!written) return;
  const path = relative(root, resolve(written)).split(sep).join('/');
  // Its table of what runs later is loaded only for a file tool's write.
  if (path.startsWith('..') || !(await runsLaterTableCode()).runsLater(path)) return;
  try {
    (await runsLaterCode()).noteRunsLaterWrite(root, payload.session_id, path, now);
  } catch (err) {
    process.stderr.write(`continuity: a write to a file that runs later could not be noted: ${(err as Error).message.split('\n')[0]}\n`);
  }
}

/** Opens the ledger only to take the spool in (Ledger.open does, within its batch). The call's own event is spooled already: a failure here is said, never the call's. */
async function drainSpool(root: string, env: NodeJS.ProcessEnv): Promise<void> {
  try {
    const { Ledger } = await allDeciders();
    (await Ledger.open(root, { env, lagRecovery: true })).close();
  } catch (err) {
    process.stderr.write(`continuity: the spool could not be taken into the ledger: ${(err as Error).message.split('\n')[0]}\n`);
  }
}

/**
 * A hook call whose process cannot write the ledger runs inside the agent's
 * sandbox: the client runs hooks outside it, so this one was started by the
 * agent (a payload piped into `continuity hook`, a nested agent session).
 * It decides nothing; the attempt is left in the inbox for the next real
 * hook to record and report.
 */
function refuseInsideWall(root: string, payload: GenericPayload, now: string, source: string): never {
  const command = `continuity hook ${source.replace(/^hook:/, '')}`;
  try {
    writeRequest(root, { v: 1, at: now, sessionId: payload.session_id, refused: { command, why: `a ${payload.hook_event_name} event piped into the hook from inside the agent's sandbox; hook events come only from the agent client` } });
  } catch {
    // Not even the inbox can be written here.
  }
  throw new CliError(`hook refused: this process runs inside the agent's sandbox, where continuity's ledger is read-only; hook events come only from the agent client itself. The attempt is recorded.`, ExitCode.refused);
}

/**
 * A hook call started inside one of the agent's tool calls (its process
 * tree says so: src/hooks/trust/hook-client.ts startedInsideToolCall): an
 * event made up by the agent's command. It decides nothing and is recorded
 * through the inbox, which the next hook the client runs takes in and tells
 * the person.
 */
export function refuseFromToolCall(root: string | null, event: { session_id?: unknown; hook_event_name?: unknown; agent_event_name?: unknown }, now: string, source: string): never {
  const command = `continuity hook ${source.replace(/^hook:/, '')}`;
  const name = [event.agent_event_name, event.hook_event_name].find((n): n is string => typeof n === 'string') ?? 'hook';
  if (root && ledgerAccess(root) !== 'absent') {
    try {
      writeRequest(root, { v: 1, at: now, sessionId: typeof event.session_id === 'string' ? event.session_id : null, refused: { command, within: 'tool-call', why: `${/^[AEIOU]/.test(name) ? 'an' : 'a'} ${name} event piped into the hook; hook events come only from the agent client` } });
    } catch {
      // Not even the inbox can be written here.
    }
  }
  throw new CliError(`hook refused: this process was started inside one of the agent's tool calls; hook events come only from the agent client itself. The attempt is recorded.`, ExitCode.refused);
}

/** The ledger file is missing: the facts are read only as far as the rule needs them (a workspace that never had continuity costs one read and one stat). Their code is loaded only then. */
async function guardWithoutLedger(root: string, folder: boolean, env: NodeJS.ProcessEnv): Promise<WorkspaceGuard> {
  const [{ readRecoveryHead, recoveryDirOf }, { isRemembered }, { workspaceGuard }] = await Promise.all([import('../ledger/recovery-copy.js'), import('../ledger/guarded-workspaces.js'), import('../domain/workspace-guard.js')]);
  const recoveryCopy = readRecoveryHead(recoveryDirOf(root, env), root) !== null;
  return workspaceGuard({ folder, ledger: false, recoveryCopy, remembered: !recoveryCopy && isRemembered(root, env) });
}

/** Where a person is told things: the events whose answer Claude Code shows them. */
const TOLD_AT = new Set(['SessionStart', 'UserPromptSubmit', 'Stop', 'PostToolUse']);

/**
 * No `.continuity/` and no recovery copy, in a project whose own settings
 * wire continuity's hooks: both were removed (the agent, with no sandbox to
 * stop it, deleting the ledger and its copy). Nothing can be enforced; the
 * person is told so, loudly, rather than the hooks going quiet. Projects that
 * only see continuity through a plugin enabled for every project stay quiet.
 */
function unenforcedWords(root: string, event: string): Record<string, unknown> | null {
  if (!TOLD_AT.has(event) || !wiresContinuity(root)) return null;
  return {
    systemMessage:
      "continuity: this project's settings run continuity's hooks, but .continuity/ (the ledger, the plan's approval, the audit trail) and its recovery copy are both gone: nothing is enforced here. " +
      'If you removed them, take the hooks out with `continuity init --uninstall`; otherwise `continuity plan import FILE` starts a new ledger.',
  };
}

