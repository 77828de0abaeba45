/**
 * Narrates a real Claude Code session as it happens, from three sources:
 * Claude Code's stream-json output (the model's messages, the tool calls, each
 * hook's answer, what Claude Code added to the conversation), the scripted
 * server's requests (what the model was actually sent), and continuity's own
 * record of each hook call (the ledger's decision, in words).
 *
 *   model  Task 1 is done. I can continue with Task 2 (Export endpoint) next time.
 *   hook   Stop                       → continuity: BLOCKED (block 1 at this boundary)
 *          │ Task 1 "CSV writer" of the approved plan payments-export is complete. …
 *   claude gave the reason to the model as "Stop hook feedback"; the session goes on
 */
import { describeHookAnswer, wrapText } from '../../cli/render/hook-answer.js';
import type { StreamEvent } from './claude-process.js';

/** Claude Code's Stop hook feedback to the model: bare (2.1.197), or in a system-reminder that says it is a hook's output (2.1.331). */
const STOP_FEEDBACK = /^(<system-reminder>\n[^\n]*\n)?Stop hook feedback:/;
import { requestText, type RecordedRequest } from './model-server.js';

export interface NarratorDeps {
  out: (line: string) => void;
  /**
   * continuity's recorded decision for a hook call, in words: the call of a
   * tool call's id, else the oldest call of the event not narrated yet. Null:
   * not in the ledger (yet: a call that decides nothing may be spooled).
   */
  decisionOf: (event: string, toolUseId: string | null) => string | null;
  /** The person's prompt (the stream does not repeat it). */
  prompt: string;
}

/** What happened, counted as it was narrated (for the summary). */
export interface SessionFacts {
  hooks: number;
  /** Stops continuity blocked, and the times Claude Code then handed the reason back to the model. */
  stopBlocks: number;
  stopFeedback: number;
  /** Tool calls continuity denied before they ran, and the times Claude Code returned the reason as the tool's error. */
  denied: number;
  deniedReturned: number;
  /** Tool calls whose changes to guarded files continuity put back afterwards. */
  reverted: number;
  /** Hook context Claude Code put in front of the model, by event. */
  contextDelivered: string[];
  /** Words for the person (systemMessage). */
  toldThePerson: number;
  modelRequests: number;
}

const WIDTH = 70;

export class Narrator {
  readonly facts: SessionFacts = { hooks: 0, stopBlocks: 0, stopFeedback: 0, denied: 0, deniedReturned: 0, reverted: 0, contextDelivered: [], toldThePerson: 0, modelRequests: 0 };
  /** Tool calls the model asked for that have not had their PostToolUse yet, oldest first. */
  private readonly tools: { id: string; name: string; input: Record<string, unknown>; pre: boolean }[] = [];
  /** Context a hook added that has not been seen in a request to the model yet. */
  private readonly contexts: { event: string; text: string }[] = [];
  /** The text of each request the model got. */
  private readonly requests: string[] = [];
  /** Tool calls continuity denied, by tool_use id (Claude Code's error result names it). */
  private readonly deniedIds = new Set<string>();

  constructor(private readonly deps: NarratorDeps) {}

  /** A request of the main conversation reached the scripted model. */
  onRequest(rec: RecordedRequest): void {
    this.facts.modelRequests++;
    this.requests.push(requestText(rec));
    this.contextsSent();
  }

  /** Hook context found in a request to the model (the request and the hook's answer can reach this process in either order). */
  private contextsSent(): void {
    for (let i = 0; i < this.contexts.length; ) {
      const c = this.contexts[i]!;
      if (this.requests.some((text) => text.includes(`${c.event} hook additional context: ${c.text}`))) {
        this.contexts.splice(i, 1);
        this.facts.contextDelivered.push(c.event);
        this.line('claude', `put the ${c.event} context in front of the model ("${c.event} hook additional context: …" in its request)`);
      } else i++;
    }
  }

  onStream(e: StreamEvent): void {
    if (e.type === 'assistant') this.assistant(e);
    else if (e.type === 'user') this.user(e);
    else if (e.type === 'system' && e.subtype === 'hook_response') this.hook(e);
  }

  private assistant(e: StreamEvent): void {
    for (const block of (e.message?.content ?? []) as { type: string; text?: string; id?: string; name?: string; input?: Record<string, unknown> }[]) {
      if (block.type === 'text' && block.text?.trim()) this.line('model', block.text.trim());
      else if (block.type === 'tool_use' && block.name) {
        const input = block.input ?? {};
        this.tools.push({ id: String(block.id), name: block.name, input, pre: false });
        this.line('tool', `${block.name} ${toolDetail(input)}`.trimEnd());
      }
    }
  }

  private user(e: StreamEvent): void {
    const content = e.message?.content;
    const blocks = (typeof content === 'string' ? [{ type: 'text', text: content }] : Array.isArray(content) ? content : []) as Record<string, unknown>[];
    for (const b of blocks) {
      if (b.type === 'text' && typeof b.text === 'string' && STOP_FEEDBACK.test(b.text)) {
        this.facts.stopFeedback++;
        this.line('claude', 'gave the reason to the model as "Stop hook feedback" and asked it again: the session goes on');
      } else if (b.type === 'tool_result') {
        const text = resultText(b.content);
        // The call is over (a denied one never gets a PostToolUse).
        const done = this.tools.findIndex((t) => t.id === b.tool_use_id);
        if (done >= 0) this.tools.splice(done, 1);
        if (b.is_error === true && this.deniedIds.has(String(b.tool_use_id))) {
          this.facts.deniedReturned++;
          this.line('claude', "did not run it; the model got continuity's reason as the tool's error");
        } else if (b.is_error === true) this.line('claude', `tool error: ${clip(firstLine(text), 90)}`);
        else this.line('claude', `tool result: ${clip(firstLine(text), 90) || '(no output)'}`);
      }
    }
  }

  private hook(e: StreamEvent): void {
    this.facts.hooks++;
    const event = String(e.hook_event);
    const payload: Record<string, unknown> = { hook_event_name: event };
    const name = String(e.hook_name ?? event);
    const toolName = name.includes(':') && (event === 'PreToolUse' || event === 'PostToolUse') ? name.slice(name.indexOf(':') + 1) : null;
    let tool: (typeof this.tools)[number] | undefined;
    if (toolName) {
      tool = event === 'PreToolUse' ? this.tools.find((t) => t.name === toolName && !t.pre) : this.tools.find((t) => t.name === toolName && t.pre);
      if (tool) {
        payload.tool_name = tool.name;
        payload.tool_input = tool.input;
        tool.pre = true;
      } else payload.tool_name = toolName;
    } else if (event === 'SessionStart') payload.source = name.split(':')[1] ?? 'startup';
    else if (event === 'UserPromptSubmit') payload.prompt = this.deps.prompt;
    const stdout = String(e.stdout ?? e.output ?? '');
    const answer = describeHookAnswer(payload, { stdout, stderr: String(e.stderr ?? ''), exitCode: typeof e.exit_code === 'number' ? e.exit_code : 0 });
    const decided = this.deps.decisionOf(event, tool?.id ?? null);
    const said = stdout.trim() !== '';
    // A call that decides nothing may be recorded later (spooled); silence is then all there is to tell.
    const words = said ? (decided ?? answer.verdict) : decided === null || decided === 'recorded' ? 'said nothing (no objection)' : `${decided}; said nothing`;
    this.line('hook', answer.event);
    this.line('', `→ continuity: ${words}`);
    for (const d of answer.details) this.detail(d);

    const out = parse(stdout);
    if (!out) return;
    const specific = (out.hookSpecificOutput ?? {}) as Record<string, unknown>;
    if (event === 'Stop' && out.decision === 'block') this.facts.stopBlocks++;
    if (specific.permissionDecision === 'deny') {
      this.facts.denied++;
      if (tool) this.deniedIds.add(tool.id);
    }
    if (event === 'PostToolUse' && out.decision === 'block') this.facts.reverted++;
    if (typeof specific.additionalContext === 'string' && (event === 'SessionStart' || event === 'UserPromptSubmit')) {
      this.contexts.push({ event, text: specific.additionalContext });
      this.contextsSent();
    }
    if (typeof out.systemMessage === 'string') {
      this.facts.toldThePerson++;
      this.line('claude', 'keeps the systemMessage for the person (its UI shows it); the model is not sent it');
    }
  }

  private line(label: string, text: string): void {
    const lines = wrapText(text.replace(/\n{2,}/g, '\n'), WIDTH);
    this.deps.out(`  ${label.padEnd(6)} ${lines[0] ?? ''}`);
    for (const l of lines.slice(1)) this.deps.out(`         ${l}`);
  }

  private detail(text: string): void {
    this.deps.out(`         │ ${text}`);
  }
}

function toolDetail(input: Record<string, unknown>): string {
  if (typeof input.command === 'string') return input.command;
  if (typeof input.file_path === 'string') return input.file_path;
  if (typeof input.description === 'string') return input.description;
  return '';
}

function resultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((c) => (c && typeof c === 'object' && typeof (c as { text?: unknown }).text === 'string' ? (c as { text: string }).text : '')).join('\n');
  return '';
}

function parse(stdout: string): Record<string, unknown> | null {
  const text = stdout.trim();
  if (!text) return null;
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function firstLine(s: string): string {
  return s.trim().split('\n')[0] ?? '';
}

function clip(s: string, n: number): string {
  return s.length <= n ? s : `${s.slice(0, n - 1)}…`;
}
