/**
 * OpenClaw plugin hook events and contexts, as continuity reads them
 * (openclaw 2026.9.6: `dist/hook-runner-global-*.d.ts`, PluginHook*Event and
 * PluginHookAgentContext / PluginHookToolContext; observed in a real gateway
 * run, test/fixtures/agents/openclaw-2026.9.6/). Objects are loose: OpenClaw
 * adds fields over time and an unknown field must never break a hook. Only
 * what continuity reads is checked. An absent field means what it names has
 * not happened (no provenance: the producer gave none).
 */
import * as v from 'valibot';
import { describeIssue } from '../../util/validation.js';
import { PayloadError } from '../../hooks/hook-payload.js';

const str = v.optional(v.string());

/** Typed origin of a turn's user-role input (`src/sessions/input-provenance.ts`). */
const InputProvenance = v.looseObject({
  kind: v.string(),
  sourceSessionKey: str,
  sourceTool: str,
  sourceRole: str,
});
export type InputProvenance = v.InferOutput<typeof InputProvenance>;

/** The context of agent hooks (before_prompt_build, before_agent_run, before_agent_finalize, agent_end). */
export const AgentContext = v.looseObject({
  runId: str,
  agentId: str,
  sessionKey: str,
  sessionId: str,
  workspaceDir: str,
  trigger: str,
  inputProvenance: v.optional(InputProvenance),
});
export type AgentContext = v.InferOutput<typeof AgentContext>;

/** The context of tool hooks: no workspace (it is remembered from the run's agent hooks). */
export const ToolContext = v.looseObject({
  runId: str,
  agentId: str,
  sessionKey: str,
  sessionId: str,
  toolName: str,
  toolCallId: str,
});
export type ToolContext = v.InferOutput<typeof ToolContext>;

/** The context of compaction hooks. */
export const SessionContext = v.looseObject({ sessionKey: str, sessionId: str, agentId: str, workspaceDir: str });
export type SessionContext = v.InferOutput<typeof SessionContext>;

const params = v.optional(v.record(v.string(), v.unknown()), {});

export const EVENTS = {
  before_prompt_build: v.looseObject({ prompt: v.optional(v.string(), '') }),
  // messages: the turn's history and its runtime context (read for the child results OpenClaw itself puts there).
  before_agent_run: v.looseObject({ prompt: v.optional(v.string(), ''), senderIsOwner: v.optional(v.boolean()), messages: v.optional(v.array(v.unknown())) }),
  before_tool_call: v.looseObject({ toolName: v.pipe(v.string(), v.minLength(1)), params, runId: str, toolCallId: str, derivedPaths: v.optional(v.array(v.string())), toolKind: str }),
  after_tool_call: v.looseObject({ toolName: v.pipe(v.string(), v.minLength(1)), params, runId: str, toolCallId: str, result: v.optional(v.unknown()), error: str, toolKind: str }),
  before_agent_finalize: v.looseObject({ runId: str, sessionId: v.optional(v.string(), ''), sessionKey: str, cwd: str, stopHookActive: v.optional(v.boolean(), false), lastAssistantMessage: str }),
  agent_end: v.looseObject({ runId: str, success: v.optional(v.boolean(), true), error: str }),
  before_compaction: v.looseObject({ messageCount: v.optional(v.number()), tokenCount: v.optional(v.number()) }),
  after_compaction: v.looseObject({ messageCount: v.optional(v.number()), compactedCount: v.optional(v.number()) }),
  subagent_spawned: v.looseObject({ runId: str, childSessionKey: v.pipe(v.string(), v.minLength(1)), label: str, agentId: str }),
  subagent_ended: v.looseObject({ targetSessionKey: v.pipe(v.string(), v.minLength(1)), runId: str, outcome: str, reason: str }),
  gateway_start: v.looseObject({}),
} as const;

export type HookName = keyof typeof EVENTS;
export type EventOf<H extends HookName> = v.InferOutput<(typeof EVENTS)[H]>;

const SubagentContext = v.looseObject({ runId: str, childSessionKey: str, requesterSessionKey: str });

const CONTEXTS = {
  before_prompt_build: AgentContext,
  before_agent_run: AgentContext,
  before_tool_call: ToolContext,
  after_tool_call: ToolContext,
  before_agent_finalize: AgentContext,
  agent_end: AgentContext,
  before_compaction: SessionContext,
  after_compaction: SessionContext,
  subagent_spawned: SubagentContext,
  subagent_ended: SubagentContext,
  gateway_start: v.looseObject({}),
} as const satisfies Record<HookName, v.GenericSchema>;

export type ContextOf<H extends HookName> = v.InferOutput<(typeof CONTEXTS)[H]>;

/** Checks one hook call's event and context; throws PayloadError with one line saying what is wrong. */
export function parseHook<H extends HookName>(hook: H, event: unknown, ctx: unknown): { event: EventOf<H>; ctx: ContextOf<H> } {
  const e = v.safeParse(EVENTS[hook], event);
  if (!e.success) throw new PayloadError(`invalid OpenClaw ${hook} event: ${describeIssue(e.issues)}`);
  const c = v.safeParse(CONTEXTS[hook], ctx ?? {});
  if (!c.success) throw new PayloadError(`invalid OpenClaw ${hook} context: ${describeIssue(c.issues)}`);
  return { event: e.output as EventOf<H>, ctx: c.output as ContextOf<H> };
}

/** A subagent's own session (`agent:<id>:subagent:<uuid>`): its turns are a child's, never the operator's. */
export function isSubagentSession(sessionKey: string | undefined): boolean {
  return typeof sessionKey === 'string' && /:subagent:/.test(sessionKey);
}
