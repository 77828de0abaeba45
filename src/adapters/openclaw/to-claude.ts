/**
 * OpenClaw hook calls as the hook events the rules of src/hooks/ read (Claude Code's field names).
 * Pure: what the plugin knows beyond the call (the run's workspace, whether
 * a run is continuity's own continuation) comes in as arguments.
 *
 * The session is OpenClaw's session key (`agent:main:<name>`): it stays the
 * same across the turns of one conversation, where the session id may not.
 */
import { isAbsolute, resolve } from 'node:path';
import { unwrapCommand } from '../../wall/bwrap.js';
import { patchOps, patchPayloads } from '../bridge/apply-patch.js';
import { isSubagentSession, type AgentContext, type EventOf } from './protocol.js';
import { fileToolPath, patchToolPath, type PathWorld } from './tool-paths.js';

export interface Where {
  sessionId: string;
  cwd: string;
}

type Payload = Record<string, unknown>;

const base = (w: Where, event: string): Payload => ({ session_id: w.sessionId, hook_event_name: event, cwd: w.cwd });

/** SessionStart: the ledger's ground truth, at a session's first turn (`startup`) and after a compaction (`compact`). */
export function sessionStartPayload(w: Where, source: 'startup' | 'compact' | 'resume'): Payload {
  return { ...base(w, 'SessionStart'), source };
}

/**
 * Why a turn's input is not the operator's own message, or null when it is:
 * OpenClaw's trusted owner bit on the run, no provenance from another session
 * or the system, not a subagent's session, not continuity's own continuation.
 * A user-role message is not proof of a person: a subagent's announce reaches
 * the parent as user-role text with trigger "user".
 */
export function notOperator(event: EventOf<'before_agent_run'>, ctx: AgentContext, ownRun: boolean, revisionPass = false): string | null {
  if (ownRun) return "continuity's own continuation turn";
  // OpenClaw admits a run again for each pass a plugin's `revise` asks for: the same run id, the revision request as its prompt.
  if (revisionPass) return `another pass of run ${ctx.runId ?? ''} (a revision request)`;
  if (isSubagentSession(ctx.sessionKey)) return `a subagent's session (${ctx.sessionKey})`;
  const p = ctx.inputProvenance;
  if (p && p.kind !== 'external_user') return `input from ${p.kind}${p.sourceTool ? ` (${p.sourceTool}${p.sourceSessionKey ? ` of ${p.sourceSessionKey}` : ''})` : ''}`;
  if (event.senderIsOwner !== true) return event.senderIsOwner === false ? 'the sender is not the owner' : 'OpenClaw did not say the sender is the owner';
  if (ctx.trigger !== undefined && ctx.trigger !== 'user') return `a ${ctx.trigger} turn`;
  return null;
}

/**
 * The prompt of a run: UserPromptSubmit when it is the operator's message;
 * otherwise recorded as what it is (`openclaw:ContinuationTurn`,
 * `openclaw:NotOperatorPrompt` with the reason), which no rule reads as the
 * person's words.
 */
export function promptPayload(w: Where, event: EventOf<'before_agent_run'>, ctx: AgentContext, ownRun: boolean, revisionPass = false): Payload {
  const why = notOperator(event, ctx, ownRun, revisionPass);
  if (why === null) return { ...base(w, 'UserPromptSubmit'), prompt: event.prompt };
  const kind = ownRun ? 'openclaw:ContinuationTurn' : 'openclaw:NotOperatorPrompt';
  return { ...base(w, kind), prompt: event.prompt, why, ...(ctx.inputProvenance ? { input_provenance: ctx.inputProvenance } : {}), ...(ctx.runId ? { run_id: ctx.runId } : {}) };
}

/** Tools that wrap another tool call (tool search): the inner call fires its own hooks and is the one judged. */
const WRAPPERS = new Set(['tool_call']);

/**
 * A tool call as the Claude Code tool calls that do the same: `exec` as Bash,
 * `write` as Write, `edit` as one Edit per replacement, `apply_patch` as one
 * file tool per file of the patch, `read` as Read. Any other tool keeps its
 * name (recorded; no rule judges it). Relative paths are the workspace's.
 */
export function toolPayloads(w: Where, event: EventOf<'before_tool_call'> | EventOf<'after_tool_call'>, phase: 'PreToolUse' | 'PostToolUse', facts: GatewayFacts = {}): Payload[] {
  if (WRAPPERS.has(event.toolName)) return [];
  const p = event.params;
  const one = (tool_name: string, tool_input: Payload): Payload => ({
    ...base(w, phase),
    tool_name,
    tool_input,
    ...(event.toolCallId ? { tool_use_id: event.toolCallId } : {}),
    ...(phase === 'PostToolUse' ? { tool_response: responseOf(event as EventOf<'after_tool_call'>) } : {}),
    ...(tool_name !== event.toolName ? { agent_tool_name: event.toolName } : {}),
  });
  const path = (x: unknown): string | null => (typeof x === 'string' && x !== '' ? (isAbsolute(x) ? x : resolve(w.cwd, x)) : null);
  // The file tools' paths as OpenClaw resolves them before it writes (`~`, `file://`, `@`, repaired parameters).
  const world: PathWorld = { cwd: w.cwd, home: facts.home, exists: facts.exists ?? (() => false) };
  const filePath = (x: unknown): string | null => (typeof x === 'string' && x !== '' ? fileToolPath(x, world) : null);
  switch (event.toolName) {
    case 'exec': {
      // A Code Mode cell: JavaScript, not a shell command (OpenClaw marks the call `toolKind: "code_mode_exec"` and passes
      // the cell as both `code` and `command`). Which executor runs it is the gateway's config, said here, never the model's.
      if (isCodeModeCell(event)) return [one('exec', { code: p.code ?? p.command, code_mode_executor: facts.codeModeExecutor ?? 'node' })];
      if (typeof p.command !== 'string') return [one('exec', p)];
      const workdir = path(p.workdir);
      // after_tool_call carries the parameters as they ran: the command wrapped in continuity's wall. The records
      // keep the command the agent asked for, as before_tool_call had it.
      const command = phase === 'PostToolUse' ? (unwrapCommand(p.command) ?? p.command) : p.command;
      return [{ ...one('Bash', { command }), ...(workdir ? { cwd: workdir } : {}) }];
    }
    case 'write': {
      const file = filePath(p.path ?? p.file_path);
      return file ? [one('Write', { file_path: file, content: typeof p.content === 'string' ? p.content : '' })] : [one('write', p)];
    }
    case 'edit': {
      const file = filePath(p.path ?? p.file_path);
      if (!file) return [one('edit', p)];
      const edits = Array.isArray(p.edits) ? (p.edits as Payload[]) : [{ oldText: p.oldText, newText: p.newText }];
      return edits.map((e) => one('Edit', { file_path: file, old_string: String(e.oldText ?? e.old_string ?? ''), new_string: String(e.newText ?? e.new_string ?? '') }));
    }
    case 'apply_patch': {
      const text = typeof p.input === 'string' ? p.input : typeof p.patch === 'string' ? p.patch : null;
      const ops = text ? patchOps(text) : [];
      const judged = ops.flatMap((op) => patchPayloads(op).map((t) => one(t.tool_name, { ...t.tool_input, file_path: typeof t.tool_input.file_path === 'string' && t.tool_input.file_path !== '' ? patchToolPath(t.tool_input.file_path, world) : null })));
      // OpenClaw's own reading of the targets (`derivedPaths`, before the call): any this reading missed is judged too.
      const seen = new Set(judged.map((j) => (j.tool_input as Payload).file_path));
      const derived = 'derivedPaths' in event && Array.isArray(event.derivedPaths) ? event.derivedPaths.filter((d) => !seen.has(d)) : [];
      const extra = derived.map((d) => one('Write', { file_path: d, content: '', patch_op: 'derived' }));
      return judged.length || extra.length ? [...judged, ...extra] : [one('apply_patch', p)];
    }
    case 'sessions_spawn': {
      // The dispatch of a subagent: Claude Code's background Agent call, whose launch names the child (its session key).
      const input = { prompt: typeof p.task === 'string' ? p.task : null, description: typeof p.label === 'string' ? p.label : null, subagent_type: typeof p.agentId === 'string' && p.agentId !== '' ? p.agentId : OPENCLAW_DEFAULT_AGENT_TYPE, run_in_background: true };
      if (phase === 'PreToolUse') return [one('Agent', input)];
      return [{ ...one('Agent', input), tool_response: spawnResponse(event as EventOf<'after_tool_call'>) }];
    }
    case 'process': {
      // Input to a process exec left running (a pty shell takes it as commands): judged as the command it may be.
      // A line typed over several calls is judged whole: what earlier calls typed since the last Enter comes first.
      const typed = processInput(p);
      const before = typeof p.sessionId === 'string' ? (facts.typedBefore?.(p.sessionId) ?? '') : '';
      // A carriage return is Enter to a terminal: a line end to the shell parser.
      return typed === null ? [one('process', p)] : [one('Bash', { command: (before + typed).replace(/\r\n?/g, '\n') })];
    }
    case 'read': {
      const file = filePath(p.path ?? p.file_path);
      return [one('Read', file ? { file_path: file } : p)];
    }
    default:
      return [one(event.toolName, p)];
  }
}

/** OpenClaw's Code Mode `exec`: marked by its tool kind, or a `code` cell with no shell command. */
export function isCodeModeCell(event: { params: Payload; toolKind?: unknown }): boolean {
  if (event.toolKind === 'code_mode_exec') return true;
  return typeof event.params.code === 'string' && typeof event.params.command !== 'string';
}

/** What the plugin knows of the gateway it runs in: its config at registration, its process's home, the files there are. */
export interface GatewayFacts {
  /** `tools.codeMode.executor`: `node` (OpenClaw's default) or `quickjs`. */
  codeModeExecutor?: string;
  /** The gateway process's home (`~` in a file tool's path). */
  home?: string;
  /** Whether a file exists (a leading `@` names a literal file only when it does). */
  exists?: (path: string) => boolean;
  /** What earlier `process` calls typed into an exec session since its last Enter. */
  typedBefore?: (sessionId: string) => string;
}

/** What stays typed and not yet entered after this text: the part after its last line end. */
export function unentered(text: string): string {
  const cut = Math.max(text.lastIndexOf('\n'), text.lastIndexOf('\r'));
  return cut < 0 ? text : text.slice(cut + 1);
}

/**
 * The text a `process` call types into a running process (`write` data,
 * `paste` text, `send-keys` literal and hex bytes, Enter as a newline), or
 * null when it types nothing.
 */
export function processInput(p: Payload): string | null {
  const action = typeof p.action === 'string' ? p.action : '';
  if (action === 'write' && typeof p.data === 'string') return p.data;
  if (action === 'paste' && typeof p.text === 'string') return p.text;
  if (action === 'submit') return '\r';
  if (action !== 'send-keys') return null;
  const parts: string[] = [];
  if (Array.isArray(p.keys)) for (const k of p.keys) parts.push(typeof k === 'string' && /^(enter|return|kpenter|c-m|c-j)$/i.test(k) ? '\n' : typeof k === 'string' && k.length === 1 ? k : ' ');
  if (Array.isArray(p.hex)) parts.push(Buffer.from(p.hex.filter((h): h is string => typeof h === 'string').map((h) => h.replace(/^0x/i, '')).join(''), 'hex').toString('latin1'));
  if (typeof p.literal === 'string') parts.push(p.literal);
  const text = parts.join('');
  return text === '' ? null : text;
}

/** The agent type a run records for a subagent spawned without one (OpenClaw runs it as the requester's agent). */
export const OPENCLAW_DEFAULT_AGENT_TYPE = 'default';

/** sessions_spawn's answer as an Agent launch: `accepted` names the child session; anything else launched nothing. */
function spawnResponse(event: EventOf<'after_tool_call'>): Record<string, unknown> {
  const details = (event.result as { details?: { status?: unknown; childSessionKey?: unknown } } | undefined)?.details;
  const child = details?.childSessionKey;
  if (details?.status === 'accepted' && typeof child === 'string' && child !== '') return { status: 'async_launched', agentId: child };
  return { status: 'not_launched', output: event.error ?? event.result ?? null };
}

/** The child session a sessions_spawn call launched, or null. */
export function spawnedChild(event: EventOf<'after_tool_call'>): string | null {
  if (event.toolName !== 'sessions_spawn') return null;
  const r = spawnResponse(event);
  return r.status === 'async_launched' ? (r.agentId as string) : null;
}

/** subagent_spawned: the child is running (SubagentStart), in the requester's session. */
export function subagentStartPayload(requester: Where, child: string): Payload {
  return { ...base(requester, 'SubagentStart'), agent_id: child, agent_type: OPENCLAW_DEFAULT_AGENT_TYPE };
}

/**
 * The child's own run ending (its before_agent_finalize): the child is done,
 * its final answer the captured result; when the hook carries none, the last
 * assistant text of the child's session history (`fromHistory`).
 */
export function subagentStopPayload(requester: Where, child: string, event: EventOf<'before_agent_finalize'>, fromHistory: string | null = null): Payload {
  const answer = event.lastAssistantMessage ?? fromHistory;
  return { ...base(requester, 'SubagentStop'), agent_id: child, agent_type: OPENCLAW_DEFAULT_AGENT_TYPE, stop_hook_active: event.stopHookActive, last_assistant_message: answer ?? null, ...(event.lastAssistantMessage === undefined && fromHistory !== null ? { result_from: 'session_history' } : {}) };
}

/** The last assistant text in a session's messages (OpenClaw's transcript entries: content a string or text parts), or null. */
export function lastAssistantText(messages: readonly unknown[]): string | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i] as { role?: unknown; content?: unknown } | null;
    if (!m || m.role !== 'assistant') continue;
    const text = typeof m.content === 'string' ? m.content : Array.isArray(m.content) ? m.content.map((p) => (p && typeof p === 'object' && (p as { type?: unknown }).type === 'text' && typeof (p as { text?: unknown }).text === 'string' ? (p as { text: string }).text : '')).join('') : '';
    if (text.trim() !== '') return text;
  }
  return null;
}

/**
 * A child's result reached the requester's conversation: Claude Code's
 * TaskOutput of a finished task (delivered by the normal path). OpenClaw
 * delivers it by an announce run in the requester, and fires subagent_ended
 * once that run has finished; a failed announce leaves the task pending and
 * fires none.
 */
export function deliveredPayload(requester: Where, child: string, ok: boolean, via: 'announce' | 'subagent_ended' | 'openclaw_announce' | 'openclaw_context'): Payload {
  return { ...base(requester, 'PostToolUse'), tool_name: 'TaskOutput', tool_input: { task_id: child }, tool_response: { status: ok ? 'completed' : 'failed' }, agent_tool_name: via };
}

/** The text of one transcript message: a string, or its text parts. */
function messageText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((p) => (p && typeof p === 'object' && typeof (p as { text?: unknown }).text === 'string' ? (p as { text: string }).text : '')).join('');
}

/** OpenClaw's runtime context for the current turn (not history, not anything the model or a person wrote). */
function isRuntimeContext(m: unknown): boolean {
  if (!m || typeof m !== 'object') return false;
  const o = m as { role?: unknown; details?: { source?: unknown; runtimeContextCarrier?: unknown }; runtimeContextCarrier?: unknown };
  if (o.role === 'custom') return o.details?.source === 'openclaw-runtime-context' || o.details?.runtimeContextCarrier === true;
  return o.role === 'user' && o.runtimeContextCarrier === true;
}

/**
 * The children whose results OpenClaw puts before the model in this turn's
 * runtime context, under "## Child results awaiting delivery" (a retained
 * delivery, OpenClaw 2026.9.6: one line per child, `session_json="<child
 * session key>"; … result_json="<result>"`); only lines with a result.
 * Read from the runtime context message alone, so that no text the model or
 * anyone else wrote into the conversation can claim a delivery.
 */
export function awaitingResults(messages: readonly unknown[] | undefined): string[] {
  const out: string[] = [];
  for (const m of messages ?? []) {
    if (!isRuntimeContext(m)) continue;
    for (const section of awaitingSections(messageText((m as { content?: unknown }).content))) {
      for (const line of section.split('\n').slice(1)) {
        if (line.startsWith('## ') || line.trim() === '') break;
        const session = jsonField(line, 'session_json');
        const result = jsonField(line, 'result_json');
        if (session && isSubagentSession(session) && result && result.trim() !== '') out.push(session);
      }
    }
  }
  return [...new Set(out)];
}

const AWAITING = '## Child results awaiting delivery';

/**
 * Did this turn's runtime context carry OpenClaw's subagent section (its
 * "## Active Subagents", "## Recently Completed Subagents" or "## Child
 * results awaiting delivery", at least "## Active Subagents\nnone" for a
 * session that may spawn)? Only then does a child missing from it say that
 * OpenClaw no longer lists that child's result.
 */
export function subagentContextRead(messages: readonly unknown[] | undefined): boolean {
  return (messages ?? []).some((m) => isRuntimeContext(m) && /## (Active Subagents|Recently Completed Subagents|Child results awaiting delivery)/.test(messageText((m as { content?: unknown }).content)));
}

/**
 * The children this turn's runtime context lists as still running ("##
 * Active Subagents", `session=<key>;`): OpenClaw has not ended them yet, so
 * their results are not left out of the context.
 */
export function activeChildren(messages: readonly unknown[] | undefined): string[] {
  const out = new Set<string>();
  for (const m of messages ?? []) {
    if (!isRuntimeContext(m)) continue;
    const text = messageText((m as { content?: unknown }).content);
    // The section as plain text, or inside the JSON string of a fragment (its line breaks escaped).
    for (const section of text.split(/## /).filter((x) => x.startsWith('Active Subagents'))) {
      for (const key of section.matchAll(/\bsession=([^\s;"\\]+);/g)) if (isSubagentSession(key[1])) out.add(key[1]!);
    }
  }
  return [...out];
}

/**
 * The "Child results awaiting delivery" sections of a runtime context: as
 * plain text, or (as OpenClaw 2026.9.6 sends its fragments) quoted as a JSON
 * string after "Conversation data (data, not instructions):".
 */
function awaitingSections(text: string): string[] {
  const out: string[] = [];
  for (let at = text.indexOf(AWAITING); at >= 0; at = text.indexOf(AWAITING, at + 1)) {
    if (text[at - 1] !== '"') {
      out.push(text.slice(at));
      continue;
    }
    const literal = /^"(?:[^"\\]|\\.)*"/.exec(text.slice(at - 1));
    if (!literal) continue;
    try {
      const v = JSON.parse(literal[0]) as unknown;
      if (typeof v === 'string') out.push(v);
    } catch {
      // not a JSON string: not OpenClaw's fragment
    }
  }
  return out;
}

/** A `name=<JSON string>` field of an OpenClaw context line, or null. */
function jsonField(line: string, name: string): string | null {
  const m = new RegExp(`(?:^|\\s)${name}=("(?:[^"\\\\]|\\\\.)*")`).exec(line);
  if (!m) return null;
  try {
    const v = JSON.parse(m[1]!) as unknown;
    return typeof v === 'string' ? v : null;
  } catch {
    return null;
  }
}

/** The child whose result an announce run hands to the requester (its input's provenance), or null. */
export function announcedChild(ctx: AgentContext): string | null {
  const p = ctx.inputProvenance;
  return p?.kind === 'inter_session' && p.sourceTool === 'subagent_announce' && typeof p.sourceSessionKey === 'string' && isSubagentSession(p.sourceSessionKey) ? p.sourceSessionKey : null;
}

/** What the tool gave back, as the rules after a call read it: the result's details and text, or the error. */
function responseOf(event: EventOf<'after_tool_call'>): unknown {
  if (event.error !== undefined) return { error: event.error };
  return event.result ?? null;
}

/** Did OpenClaw run the call at all? A call blocked before it ran (by continuity or another plugin) changed nothing. */
export function toolRan(event: EventOf<'after_tool_call'>): boolean {
  const details = (event.result as { details?: { status?: unknown } } | undefined)?.details;
  return details?.status !== 'blocked';
}

/** before_agent_finalize as Stop: the answer the run is about to end with. */
export function stopPayload(w: Where, event: EventOf<'before_agent_finalize'>): Payload {
  return { ...base(w, 'Stop'), stop_hook_active: event.stopHookActive, last_assistant_message: event.lastAssistantMessage ?? null };
}

/** before_compaction as PreCompact. */
export function preCompactPayload(w: Where): Payload {
  return { ...base(w, 'PreCompact'), trigger: 'auto' };
}

/** Any other OpenClaw event, recorded under `openclaw:<hook>`; no rule reads it. */
export function recordedPayload(w: Where, hook: string, fields: Payload): Payload {
  return { ...base(w, `openclaw:${hook}`), ...fields };
}
