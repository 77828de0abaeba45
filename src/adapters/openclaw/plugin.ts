/**
 * continuity as an OpenClaw plugin: OpenClaw's hook calls, in the gateway's
 * own process, translated into the hook events the rules of src/hooks/ read
 * (to-claude.ts), decided by the same handlers in process (no process start
 * per hook) and answered as OpenClaw hook results (from-claude.ts).
 *
 *   before_prompt_build    → SessionStart: the ledger's ground truth (prependContext), again after a compaction
 *   before_agent_run       → UserPromptSubmit for the operator's own message only (approval, pause)
 *   before_tool_call       → PreToolUse: the write guards (block with the reason)
 *   after_tool_call        → PostToolUse: a guarded file a command changed is put back
 *   before_agent_finalize  → Stop: a held stop asks for another pass (revise) with the facts
 *   agent_end              → a held stop whose run ended anyway starts the next turn with the facts
 *   gateway_start          → a held stop the last gateway did not take up starts its turn now
 *   before/after_compaction → PreCompact, and the ground truth at the next turn
 *   sessions_spawn, subagent_spawned, a child's before_agent_finalize, subagent_ended
 *                          → the delivery watchdog's receipts: dispatch, child running, child done
 *                            with its result, result delivered to the requester; OpenClaw's own delivery
 *                            (its task registry, the requester's runtime context) read first, so
 *                            that the model gets each result once
 *
 * What must outlive the gateway is kept in the plugin's store (plugin-store.ts);
 * what the rules say to the person is sent on the session's channel, once
 * (person-channel.ts).
 */
import { AsyncResource } from 'node:async_hooks';
import { existsSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { isAbsolute, join } from 'node:path';
import { registerInProcessProgram } from '../../util/running-program.js';
import { LedgerConnections } from '../../ledger/ledger-connections.js';
import { stageTimes } from './stage-times.js';
import { ledgerDirExists } from '../../ledger/ledger-dir.js';
import { isRemembered } from '../../ledger/guarded-workspaces.js';
import { findProjectRoot } from '../../ledger/project-root.js';
import { handlePayload, validatePayload } from '../../hooks/handle.js';
import type { InProcessClient } from '../../hooks/types.js';
import { mergeAnswers } from '../bridge/merge.js';
import { projectEnv } from '../bridge/run.js';
import { sourceOf } from '../bridge/types.js';
import { afterToolFeedback, contextOf, stopReason, toolCallResult } from './from-claude.js';
import { isSubagentSession, parseHook, type ContextOf, type EventOf, type HookName } from './protocol.js';
import { capped, sessionMemory, type OwedContinuation } from './session-memory.js';
import { openClawHome } from './tool-paths.js';
import { openClawConfigPath } from './config-path.js';
import { execMarker, execReturned, execStarted, liveExecSurvivors } from './exec-survivors.js';
import { personWordsOf, wordsToSend, type PersonWords } from '../../domain/person-words.js';
import { openClawDeliveryReader } from './delivery-record.js';
import { sendToPerson } from './person-channel.js';
import { openClawStateDir, storePathIn } from './plugin-store.js';
import { activeChildren, announcedChild, awaitingResults, subagentContextRead, deliveredPayload, lastAssistantText, preCompactPayload, promptPayload, recordedPayload, sessionStartPayload, spawnedChild, stopPayload, subagentStartPayload, subagentStopPayload, processInput, toolPayloads, toolRan, unentered, type GatewayFacts, type Where } from './to-claude.js';

/** The part of OpenClaw's plugin API the plugin uses (`OpenClawPluginApi`, 2026.9.6). */
export interface OpenClawApi {
  /** The folder OpenClaw found the plugin in (its `plugins.load.paths` entry). */
  rootDir?: unknown;
  /** The gateway's config as loaded (read for facts the tool calls do not carry). */
  config?: unknown;
  on(hook: string, handler: (event: unknown, ctx: unknown) => unknown, opts?: { priority?: number }): void;
  runtime?: {
    subagent?: {
      run(params: { sessionKey: string; message: string; deliver?: boolean; idempotencyKey?: string }): Promise<{ runId?: string }>;
      getSessionMessages?(params: { sessionKey: string; limit?: number }): Promise<{ messages: unknown[] }>;
    };
    /** OpenClaw's task registry (subagent runs with their `deliveryStatus`), read per requester session. */
    tasks?: {
      /** Read in the gateway's memory (no await). */
      runs?: { bindSession?(params: { sessionKey: string }): { list(): unknown[] } };
      /** Read through OpenClaw's database worker. */
      async?: { runs?: { bindSession?(params: { sessionKey: string }): { list(): Promise<unknown[]> } } };
    };
    /** Session entries: the route a session's replies take (`deliveryContext`). */
    agent?: { session?: { getSessionEntry?(params: { sessionKey: string }): unknown } };
    /** Channels' outbound adapters: how words reach the person. */
    channel?: { outbound?: { loadAdapter?(id: string): Promise<{ sendText?: (ctx: Record<string, unknown>) => Promise<unknown> } | undefined> } };
  };
  logger?: { warn?: (message: string) => void; info?: (message: string) => void };
}

export const SOURCE = sourceOf('openclaw');
/** Continuation turns' run ids (OpenClaw uses the idempotency key as the run id). */
export const CONTINUATION_PREFIX = 'continuity-next-';

/**
 * OpenClaw, as the rules that ask who is speaking see it: the client itself
 * (this code runs in its process, so no other process can hand it an event),
 * and a session whose turn has ended with the operator's message the newest
 * entry: before_agent_run fires when OpenClaw admits a new run for a message
 * (the only place the plugin reads a prompt as the operator's).
 */
function inProcessClient(memory: ReturnType<typeof sessionMemory>, openWithoutCredential: boolean, ledgers: LedgerConnections): InProcessClient {
  return {
    name: `openclaw (in process, pid ${process.pid})`,
    transcript: { kind: 'read', last: 'user-prompt', toolUses: new Map(), toolResults: new Set() },
    // Processes an exec of this gateway started and left running: they can speak as the operator (openclaw agent).
    liveAgentProcesses: () => liveExecSurvivors(memory, Date.now()),
    openWithoutCredential,
    ledgers,
  };
}

export interface PluginOptions {
  env?: NodeJS.ProcessEnv;
  clock?: () => string;
  /** The plugin's own folders: openclaw/ of the clone, and the copy of it OpenClaw loaded. */
  pluginDirs?: readonly string[];
  /** Where the plugin keeps what must outlive the gateway; default: in OpenClaw's state folder; null: nowhere. */
  storePath?: string | null;
}

export { openClawConfigPath } from './config-path.js';

/** What the gateway's config says that the rules need: the Code Mode executor (`tools.codeMode.executor`, `node` when unset). */
export function gatewayFacts(config: unknown): GatewayFacts {
  const codeMode = (config as { tools?: { codeMode?: unknown } } | null | undefined)?.tools?.codeMode;
  const executor = codeMode && typeof codeMode === 'object' ? (codeMode as { executor?: unknown }).executor : undefined;
  return { codeModeExecutor: typeof executor === 'string' ? executor : 'node' };
}

/** The gateway takes any client without a token or password (`gateway.auth.mode: "none"`, not OpenClaw's default). */
export function gatewayOpenWithoutCredential(config: unknown): boolean {
  const auth = (config as { gateway?: { auth?: { mode?: unknown } } } | null | undefined)?.gateway?.auth;
  return !!auth && typeof auth === 'object' && auth.mode === 'none';
}

/** One exec call, as both its hooks name it. */
const execKey = (event: { runId?: string; toolCallId?: string }, ctx: { runId?: string; toolCallId?: string }) => `${ctx.runId ?? event.runId ?? ''}:${ctx.toolCallId ?? event.toolCallId ?? ''}`;

/** An exec OpenClaw sent to the background (`yieldMs`, `background`): it returned while its command goes on. */
function execBackgrounded(event: EventOf<'after_tool_call'>): boolean {
  const details = (event.result as { details?: { status?: unknown } } | undefined)?.details;
  return details?.status === 'running';
}

/** The words for the person when their approve, stop or pause was not taken as theirs (UserPromptSubmit refused), or null. */
export function refusedPrompt(answer: Record<string, unknown> | null): string | null {
  const said = typeof answer?.systemMessage === 'string' ? answer.systemMessage : '';
  const m = /continuity: the prompt "[^"]*" was not taken as the person's: [^]*?(?=(?: continuity: |$))/.exec(said);
  if (!m) return null;
  return `${m[0].trim()} Send it again once that has ended.`;
}

/** What a registration gives back: a promise of the words for the person handled so far (sent or recorded). */
export interface Registration {
  idle(): Promise<void>;
  /** Closes the ledger connections the plugin keeps between calls (the gateway stopping). */
  close(): void;
  /** How many ledger connections were opened, taken again, and dropped. */
  ledgerConnections: LedgerConnections['counts'];
}

export function registerContinuity(api: OpenClawApi, opts: PluginOptions = {}): Registration {
  const env = opts.env ?? process.env;
  // What runs continuity here, guarded like its state: the plugin's folder, and the config that loads it (removed or
  // changed, the gateway would run no rule after its next reload).
  const config = openClawConfigPath(env);
  registerInProcessProgram([...(opts.pluginDirs ?? []).map((path) => ({ path, folder: true })), ...(config ? [{ path: config, folder: false }] : [])]);
  const facts: GatewayFacts = { ...gatewayFacts(api.config), home: openClawHome(env), exists: existsSync };
  const now = opts.clock ?? (() => new Date().toISOString());
  const stateDir = openClawStateDir(env);
  const memory = sessionMemory(opts.storePath !== undefined ? opts.storePath : stateDir ? storePathIn(stateDir) : null);
  // The gateway runs many calls a turn: each project's ledger connection is kept open between them (src/ledger/ledger-connections.ts).
  const ledgers = new LedgerConnections();
  const times = stageTimes(env.CONTINUITY_STAGE_TIMES);
  const client = inProcessClient(memory, gatewayOpenWithoutCredential(api.config), ledgers);
  // A turn started from inside a finished run's hook inherits that run's caller identity, which OpenClaw has
  // already retired ("agent tool caller authority is no longer active"): continuations start from this scope instead.
  const neutral = new AsyncResource('continuity-continue');
  const warn = (message: string) => (api.logger?.warn ?? ((m: string) => process.stderr.write(`${m}\n`)))(`continuity: ${message.split('\n')[0]}`);
  if (memory.storeError) warn(`the plugin's store could not be used and starts empty: ${memory.storeError}`);
  const save = () => {
    try {
      memory.save();
    } catch (err) {
      warn(`the plugin's store could not be written: ${err instanceof Error ? err.message : String(err)}`);
    }
  };
  const orphans = memory.orphans;

  async function decide(where: Where, payloads: Record<string, unknown>[], tellPerson = true): Promise<Record<string, unknown> | null> {
    const e = projectEnv(env, where.cwd);
    const outputs: (Record<string, unknown> | null)[] = [];
    for (const p of payloads) {
      const outcome = await times.measure('hook', () => handlePayload(validatePayload(p), { env: e, now: now(), fallbackCwd: where.cwd, source: SOURCE, inProcessClient: client }));
      // OpenClaw shows the operator no hook message: a guarded workspace left without its ledger is said in the gateway's log too.
      if (outcome.unguarded && typeof outcome.output?.systemMessage === 'string') warn(outcome.output.systemMessage.replace(/^continuity: /, ''));
      outputs.push(outcome.output);
    }
    const merged = mergeAnswers(outputs);
    if (tellPerson) tell(where, personWordsOf(where.sessionId, merged?.systemMessage));
    return merged;
  }

  // Words for the person go out one after another, after the hook has answered (a channel may be slow).
  let telling: Promise<void> = Promise.resolve();
  /** Words recorded as not sent in this process (recorded once, tried again when said again). */
  const untold = new Set<string>();
  function tell(where: Where, said: PersonWords[], via?: string): void {
    if (!said.length) return;
    telling = telling.then(async () => {
      for (const w of wordsToSend(said, memory.told)) {
        const outcome = via ? ({ sent: true, channel: via, to: where.sessionId } as const) : await sendToPerson(api, w.session, w.text);
        if (outcome.sent) {
          memory.told.add(w.key);
          save();
        } else if (untold.has(w.key)) continue;
        else untold.add(w.key);
        const fields = outcome.sent ? { key: w.key, words: w.text, channel: outcome.channel, to: outcome.to } : { key: w.key, words: w.text, why: outcome.why };
        await decide(where, [recordedPayload(where, outcome.sent ? 'PersonWordsSent' : 'PersonWordsNotSent', fields)], false).catch(() => {});
      }
    }).catch((err: unknown) => warn(`words for the person could not be handled: ${err instanceof Error ? err.message : String(err)}`));
  }

  const deliveries = openClawDeliveryReader({ api, env, memory, scope: neutral, warn, ledgers });
  const openClawDeliveries: typeof deliveries.read = (...args) => times.measure('delivery record', () => deliveries.read(...args));
  const settled = deliveries.settled;

  /** Where a session's calls are judged: its workspace, as its runs' agent hooks named it. */
  function whereOf(sessionKey: string | undefined, sessionId: string | undefined, workspaceDir?: string): Where | null {
    const key = sessionKey ?? sessionId;
    if (!key) return null;
    if (workspaceDir && memory.workspaces.get(key) !== workspaceDir) {
      // Newest last: the store keeps the newest sessions when it is full.
      memory.workspaces.delete(key);
      memory.workspaces.set(key, workspaceDir);
      save();
    }
    const cwd = workspaceDir ?? memory.workspaces.get(key);
    return cwd ? { sessionId: key, cwd } : null;
  }

  function on<H extends HookName>(hook: H, handler: (event: EventOf<H>, ctx: ContextOf<H>) => Promise<unknown>, failed?: (where: string | null) => unknown): void {
    api.on(hook, async (event, ctx) => {
      try {
        const parsed = parseHook(hook, event, ctx);
        return await handler(parsed.event, parsed.ctx);
      } catch (err) {
        warn(`${hook}: ${err instanceof Error ? err.message : String(err)}`);
        return failed?.(workspaceOf(ctx));
      }
    });
  }
  const workspaceOf = (ctx: unknown): string | null => {
    const c = (ctx ?? {}) as { sessionKey?: unknown; workspaceDir?: unknown };
    if (typeof c.workspaceDir === 'string') return c.workspaceDir;
    return typeof c.sessionKey === 'string' ? (memory.workspaces.get(c.sessionKey) ?? null) : null;
  };

  /** The child's last answer from its session history (the gateway's sessions_history), when a hook did not carry it. */
  async function historyAnswer(sessionKey: string): Promise<string | null> {
    const read = api.runtime?.subagent?.getSessionMessages;
    if (!read) return null;
    try {
      // Like the continuation, a gateway method called from a run's hook: from the scope created at registration.
      return lastAssistantText((await neutral.runInAsyncScope(() => read({ sessionKey, limit: 50 }))).messages ?? []);
    } catch (err) {
      warn(`the history of ${sessionKey} could not be read: ${err instanceof Error ? err.message : String(err)}`);
      return null;
    }
  }

  on('before_prompt_build', async (event, ctx) => {
    // before_agent_run sees the prompt with the context plugins prepended: the words as they arrived are kept for it.
    if (ctx.runId) memory.prompts.set(ctx.runId, event.prompt);
    memory.trim();
    const where = whereOf(ctx.sessionKey, ctx.sessionId, ctx.workspaceDir);
    if (!where || isSubagentSession(ctx.sessionKey) || (ctx.runId && memory.ownRuns.has(ctx.runId))) return undefined;
    const source = memory.compacted.has(where.sessionId) ? 'compact' : memory.started.has(where.sessionId) ? 'resume' : 'startup';
    const answer = await decide(where, [sessionStartPayload(where, source)]);
    memory.started.add(where.sessionId);
    memory.compacted.delete(where.sessionId);
    const feedback = memory.feedback.get(where.sessionId) ?? [];
    memory.feedback.delete(where.sessionId);
    const text = [contextOf(answer), ...feedback, ...takeUpOrphans(where)].filter((t): t is string => !!t).join('\n\n');
    return text ? { prependContext: text } : undefined;
  });

  /**
   * Held stops a previous gateway left for this session, taken up by this
   * turn: their facts open it (a turn continuity starts at gateway_start
   * carries them as its message instead).
   */
  function takeUpOrphans(where: Where): string[] {
    const texts: string[] = [];
    for (const runId of [...orphans]) {
      const owed = memory.owed.get(runId);
      if (!owed || owed.sessionKey !== where.sessionId) continue;
      orphans.delete(runId);
      memory.owed.delete(runId);
      texts.push(owed.reason);
    }
    if (texts.length) {
      save();
      void decide(where, [recordedPayload(where, 'ContinuationTakenUp', { by: 'next_turn', count: texts.length })], false).catch(() => {});
    }
    return texts;
  }

  on('before_agent_run', async (event, ctx) => {
    const where = whereOf(ctx.sessionKey, ctx.sessionId, ctx.workspaceDir);
    if (!where) return undefined;
    const own = !!ctx.runId && memory.ownRuns.has(ctx.runId);
    const pass = !!ctx.runId && memory.admitted.has(ctx.runId);
    if (ctx.runId) memory.admitted.add(ctx.runId);
    // Runs whose end the plugin never saw (a hook that failed) are forgotten oldest first.
    if (memory.admitted.size > 512) memory.admitted.delete(memory.admitted.values().next().value!);
    const prompt = ctx.runId ? memory.prompts.get(ctx.runId) : undefined;
    if (ctx.runId) memory.prompts.delete(ctx.runId);
    const child = announcedChild(ctx);
    if (child && ctx.runId) {
      memory.announces.set(ctx.runId, child);
      save();
    }
    // A continuation turn has opened with its held stop's facts: the obligation is before the model.
    const opened = own ? [...memory.owed].filter(([, owed]) => owed.continuationKey === ctx.runId).map(([runId]) => runId) : [];
    for (const runId of opened) {
      memory.owed.delete(runId);
      orphans.delete(runId);
    }
    if (opened.length) save();
    // Children's results OpenClaw itself puts before the model in this turn ("Child results awaiting delivery"): its delivery.
    const listed = isSubagentSession(where.sessionId) ? [] : awaitingResults(event.messages);
    const shown = listed.filter((c) => !memory.shown.has(c));
    for (const c of shown) {
      memory.shown.set(c, now());
      capped(settled).add(c);
    }
    if (shown.length) save();
    const delivered = shown.map((c) => deliveredPayload(where, c, true, 'openclaw_context'));
    // What OpenClaw's registry says it delivered, before the prompt's rules look for lost results. What this turn's context
    // leaves out is read only at a turn of the operator's or continuity's: an announce run's context is built while that
    // announce is under way, without the child it hands over.
    const context = !child && subagentContextRead(event.messages) ? new Set([...listed, ...activeChildren(event.messages)]) : null;
    const registered = isSubagentSession(where.sessionId) ? { payloads: [], held: [] } : await openClawDeliveries(where, 'prompt', context);
    const answer = await decide(where, [...delivered, ...registered.payloads, heldBy(promptPayload(where, { ...event, prompt: prompt ?? event.prompt }, ctx, own, pass), registered.held)], false);
    // The operator's approve, stop or pause not taken as theirs: the run is stopped and the person told why, in OpenClaw's
    // own words for a blocked run (its `message` is what the person sees; the model never reads the prompt).
    const refused = refusedPrompt(answer);
    const words = personWordsOf(where.sessionId, answer?.systemMessage);
    // The refusal is told in the blocked run's reply, on whatever channel the prompt came from: recorded as sent there.
    const inReply = refused ? words.filter((w) => refused.startsWith(w.text)) : [];
    tell(where, inReply, 'blocked-run reply');
    tell(where, words.filter((w) => !inReply.includes(w)));
    if (refused) return { outcome: 'block', reason: 'continuity: the prompt was not taken as the person\'s', message: refused };
    return undefined;
  });

  const guardedHere = (root: string) => ledgerDirExists(root) || isRemembered(root, env);
  // A tool call continuity cannot judge, in a project where continuity is enabled or was (remembered outside it), is blocked: a failed hook must not be a "go ahead".
  const failClosed = (workspace: string | null) =>
    workspace && guardedHere(findProjectRoot(workspace, {})) ? { block: true, blockReason: 'continuity: this tool call could not be checked, so it was not run.' } : undefined;

  on(
    'before_tool_call',
    async (event, ctx) => {
      // Every exec of this gateway, in any workspace: a process it starts and leaves running is the agent's.
      if (event.toolName === 'exec' && typeof event.params.command === 'string') execStarted(memory, execKey(event, ctx), Date.now());
      const where = whereOf(ctx.sessionKey, ctx.sessionId);
      if (!where) return undefined;
      const payloads = times.measure('tool call facts', () => toolPayloads(where, event, 'PreToolUse', { ...facts, typedBefore: (id) => memory.typed.get(id) ?? '' }));
      const result = payloads.length ? toolCallResult(await decide(where, payloads), event.toolName) : undefined;
      // Text typed into an exec's session and not yet entered is remembered (unless refused), to judge the line whole.
      const typed = event.toolName === 'process' ? processInput(event.params) : null;
      if (typed !== null && !result && typeof event.params.sessionId === 'string') memory.typed.set(event.params.sessionId, unentered((memory.typed.get(event.params.sessionId) ?? '') + typed).slice(-4096));
      return result;
    },
    failClosed,
  );

  // Every exec of this gateway carries its mark: a process that keeps it is the agent's, whenever it asks (exec-survivors.ts).
  api.on('resolve_exec_env', () => {
    const m = execMarker();
    return { [m.name]: m.value };
  });

  on('after_tool_call', async (event, ctx) => {
    if (event.toolName === 'exec') execReturned(memory, execKey(event, ctx), Date.now(), execBackgrounded(event));
    const where = whereOf(ctx.sessionKey, ctx.sessionId);
    if (!where || !toolRan(event)) return undefined;
    const payloads = times.measure('tool call facts', () => toolPayloads(where, event, 'PostToolUse', facts));
    if (!payloads.length) return undefined;
    // A tool call's rules look for lost results too: what OpenClaw delivered is recorded first, what it keeps is held.
    const openclaw = await openClawDeliveries(where, 'tool');
    payloads.splice(0, payloads.length, ...openclaw.payloads, ...payloads.map((q) => heldBy(q, openclaw.held)));
    const child = spawnedChild(event);
    if (child && memory.children.get(child) !== where.sessionId) {
      memory.children.set(child, where.sessionId);
      save();
    }
    // OpenClaw does not wait for this hook: what it says reaches the model at the session's next turn.
    const said = afterToolFeedback(await decide(where, payloads));
    if (said) memory.feedback.set(where.sessionId, [...(memory.feedback.get(where.sessionId) ?? []), said]);
    return undefined;
  });

  on('before_agent_finalize', async (event, ctx) => {
    const sessionKey = ctx.sessionKey ?? event.sessionKey;
    const where = whereOf(sessionKey, ctx.sessionId ?? event.sessionId, ctx.workspaceDir ?? event.cwd);
    const runId = ctx.runId ?? event.runId;
    if (!where) return undefined;
    if (isSubagentSession(sessionKey)) {
      // A child's run ends: the child is done, in its requester's watch; no Stop rule holds a child.
      const requester = sessionKey ? memory.children.get(sessionKey) : undefined;
      const at = requester ? whereOf(requester, undefined) : null;
      if (at && sessionKey) await decide(at, [subagentStopPayload(at, sessionKey, event, event.lastAssistantMessage === undefined ? await historyAnswer(sessionKey) : null)]);
      return undefined;
    }
    // An announce run that reaches its end has put the child's result before the model: delivered, before the Stop rule looks for lost results.
    const announced = runId ? memory.announces.get(runId) : undefined;
    const delivered = announced ? [deliveredPayload(where, announced, true, 'announce')] : [];
    // What OpenClaw itself delivered, or keeps and shows at the next turn, is not delivered again by the watchdog.
    const openclaw = await openClawDeliveries(where, 'stop');
    const reason = stopReason(await decide(where, [...delivered, ...openclaw.payloads, heldBy(stopPayload(where, event), openclaw.held)]));
    if (!runId) return reason ? { action: 'revise', reason } : undefined;
    // OpenClaw refuses another pass once the run has had side effects (and after three): agent_end then sees it still owed.
    // A result OpenClaw keeps for the next turn: that turn is started when this run ends (OpenClaw lists it in its context).
    const waiting = openclaw.retained.length ? retainedWords(openclaw.retained) : null;
    const owed = reason ?? waiting;
    if (owed) memory.owed.set(runId, { sessionKey: where.sessionId, cwd: where.cwd, reason: owed, at: now(), state: 'held' });
    // The store is written whole and flushed: by a stop that changed what it keeps, not by each stop (most hold nothing).
    if (owed || memory.owed.delete(runId)) save();
    return reason ? { action: 'revise', reason } : undefined;
  });

  /**
   * A hook call for the watchdog, with the children whose results OpenClaw
   * keeps and will show itself (`client_held_children`): their recovery waits.
   */
  const heldBy = (payload: Record<string, unknown>, held: readonly string[]) => (held.length ? { ...payload, client_held_children: [...held] } : payload);

  /** The message of a turn started for results OpenClaw keeps: facts, the results themselves are OpenClaw's to show. */
  const retainedWords = (children: readonly string[]) =>
    `continuity: the result of ${children.length === 1 ? `subagent ${children[0]}` : `subagents ${children.join(', ')}`} has not reached this conversation by its announce; OpenClaw lists it under "Child results awaiting delivery" in this turn's context.`;

  /** Starts the session's next turn with a held stop's facts (continuity's own turn, never the operator's). */
  async function startContinuation(runId: string, owed: OwedContinuation, afterRestart: boolean): Promise<void> {
    const where = { sessionId: owed.sessionKey, cwd: owed.cwd };
    const run = api.runtime?.subagent?.run;
    if (!run) {
      await decide(where, [recordedPayload(where, 'ContinuationNotStarted', { run_id: runId, why: 'the gateway offers no runtime to start a turn with' })]);
      // Left owed: the session's next turn opens with it.
      orphans.add(runId);
      return;
    }
    const key = `${CONTINUATION_PREFIX}${randomUUID()}`;
    memory.ownRuns.add(key);
    memory.owed.set(runId, { ...owed, state: 'started', continuationKey: key });
    save();
    await decide(where, [recordedPayload(where, 'ContinuationStarted', { run_id: runId, continuation_run_id: key, message: owed.reason, ...(afterRestart ? { after_restart: true, held_at: owed.at } : {}) })]);
    neutral
      .runInAsyncScope(() => run({ sessionKey: owed.sessionKey, message: owed.reason, deliver: false, idempotencyKey: key }))
      .then(
        (r) => {
          if (r?.runId && !memory.ownRuns.has(r.runId)) {
            memory.ownRuns.add(r.runId);
            save();
          }
        },
        (err: unknown) => {
          memory.ownRuns.delete(key);
          // Not started: the session's next turn opens with the facts.
          memory.owed.set(runId, { ...owed, state: 'held' });
          orphans.add(runId);
          save();
          warn(`the next turn could not be started: ${err instanceof Error ? err.message : String(err)}`);
          void decide(where, [recordedPayload(where, 'ContinuationFailed', { continuation_run_id: key, error: String(err instanceof Error ? err.message : err).split('\n')[0] })]).catch(() => {});
        },
      );
  }

  on('agent_end', async (event, ctx) => {
    const runId = ctx.runId ?? event.runId;
    if (!runId) return undefined;
    // A continuation's run id is remembered while it runs: its prompt is never taken as the operator's.
    // (Kept in the store until then: a turn the gateway resumes after a restart is still continuity's own.)
    const changed = [memory.ownRuns.delete(runId), memory.announces.delete(runId)].some(Boolean);
    memory.prompts.delete(runId);
    memory.admitted.delete(runId);
    const owed = memory.owed.get(runId);
    if (!owed || owed.state !== 'held') {
      if (changed) save();
      return undefined;
    }
    if (!event.success) {
      memory.owed.delete(runId);
      save();
      const where = { sessionId: owed.sessionKey, cwd: owed.cwd };
      await decide(where, [recordedPayload(where, 'ContinuationNotStarted', { run_id: runId, why: 'the run ended with an error' })]);
      return undefined;
    }
    await startContinuation(runId, owed, false);
    return undefined;
  });

  // A restarted gateway: held stops whose runs died with the last one start their turns now.
  on('gateway_start', async () => {
    for (const runId of [...orphans]) {
      const owed = memory.owed.get(runId);
      orphans.delete(runId);
      if (owed) await startContinuation(runId, owed, true);
    }
    return undefined;
  });

  on('subagent_spawned', async (event, ctx) => {
    const requester = ctx.requesterSessionKey;
    if (!requester) return undefined;
    if (memory.children.get(event.childSessionKey) !== requester) {
      memory.children.set(event.childSessionKey, requester);
      save();
    }
    const at = whereOf(requester, undefined);
    if (at) await decide(at, [subagentStartPayload(at, event.childSessionKey)]);
    return undefined;
  });

  on('subagent_ended', async (event, ctx) => {
    // Only subagents' sessions: a turn started by api.runtime.subagent.run (a continuation) ends with one too.
    if (!isSubagentSession(event.targetSessionKey)) return undefined;
    const requester = ctx.requesterSessionKey ?? memory.children.get(event.targetSessionKey);
    const at = requester ? whereOf(requester, undefined) : null;
    if (at) await decide(at, [deliveredPayload(at, event.targetSessionKey, event.outcome === 'ok', 'subagent_ended')]);
    return undefined;
  });

  on('before_compaction', async (_event, ctx) => {
    const where = whereOf(ctx.sessionKey, ctx.sessionId, ctx.workspaceDir);
    if (where && !isSubagentSession(ctx.sessionKey)) await decide(where, [preCompactPayload(where)]);
    return undefined;
  });

  on('after_compaction', async (_event, ctx) => {
    const where = whereOf(ctx.sessionKey, ctx.sessionId, ctx.workspaceDir);
    if (where) memory.compacted.add(where.sessionId);
    return undefined;
  });
  // The gateway stopping: the kept connections are closed (each close checkpoints its ledger's log).
  api.on('gateway_stop', () => {
    ledgers.closeAll();
    times.flush();
    return undefined;
  });
  return { idle: () => telling, close: () => ledgers.closeAll(), ledgerConnections: ledgers.counts };
}
