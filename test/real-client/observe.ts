// Reading what Claude Code actually did in a run: the requests it sent the
// model, the hook events it reported, the transcript it wrote.
import assert from 'node:assert/strict';
import { after } from 'node:test';
import { newMessages, requestText, say, type RecordedRequest } from '../../src/demo/real-client/model-server.js';
import { Project, type ProjectOptions, type RunResult } from './run-claude.js';

/** A project for one test, removed when the test file ends (kept with CONTINUITY_REAL_CLIENT_KEEP=1). */
export function project(opts: ProjectOptions = {}): Project {
  const p = new Project(opts);
  after(() => {
    if (process.env.CONTINUITY_REAL_CLIENT_KEEP) process.stderr.write(`kept ${p.dir}\n`);
    else p.remove();
  });
  return p;
}

/** A project whose plan the user approved by typing `approve` as the prompt of a first real session. */
export async function approvedProject(opts: ProjectOptions = {}): Promise<Project> {
  const p = project(opts);
  const r = await p.run({ prompt: 'approve', turns: [[say('Noted.')]] });
  assertFinished(r);
  assert.equal(r.ledgerStatus.plan?.state, 'approved', `the approval session did not approve the plan\n${timeline(r)}`);
  return p;
}

/** Claude Code ended by itself, successfully, without help from the kill timer. */
export function assertFinished(r: RunResult): void {
  assert.equal(r.timedOut, false, `Claude Code had to be killed after ${r.durationMs} ms\n${timeline(r)}`);
  assert.equal(r.exitCode, 0, `Claude Code exited ${r.exitCode ?? r.signal}\n${timeline(r)}`);
  const result = r.stream.find((e) => e.type === 'result');
  assert.ok(result, `no result event on stdout\n${timeline(r)}`);
  assert.equal(result.is_error, false, `the run ended in error: ${JSON.stringify(result).slice(0, 500)}`);
  // Offline: nothing but the Messages API (and a HEAD / connectivity probe) was asked for.
  assert.deepEqual(r.unknownPaths.filter((p) => p !== 'HEAD /'), [], 'Claude Code asked the scripted server for unknown paths');
}

export interface HookRun {
  event: string;
  name: string;
  /** The hook's stdout as Claude Code read it, parsed when it is JSON. */
  output: Record<string, any> | null;
  exitCode: number | null;
  outcome: string;
}

/** The hooks Claude Code ran, in order, with the answers it got (from `--include-hook-events`). */
export function hookRuns(r: RunResult, event?: string): HookRun[] {
  return r.stream
    .filter((e) => e.type === 'system' && e.subtype === 'hook_response' && (!event || e.hook_event === event))
    .map((e) => {
      const raw = String(e.output ?? e.stdout ?? '').trim();
      let output: Record<string, any> | null = null;
      if (raw) {
        try {
          output = JSON.parse(raw);
        } catch {
          output = { raw };
        }
      }
      return { event: String(e.hook_event), name: String(e.hook_name), output, exitCode: typeof e.exit_code === 'number' ? e.exit_code : null, outcome: String(e.outcome) };
    });
}

/** The text of the user-role messages a request added to the conversation since the previous request. */
export function addedUserText(r: RunResult, index: number): string {
  const added = newMessages(r.conversation[index - 1], r.conversation[index]!) as { role: string; content: unknown }[];
  return added
    .filter((m) => m.role === 'user')
    .map((m) => requestText({ body: { messages: [m] } } as RecordedRequest))
    .join('\n');
}

/**
 * A hook's text as the model got it, unwrapped: Claude Code 2.1.331 puts it
 * in a system-reminder whose first line says it is a hook's output (2.1.332
 * says more on that line: whose hook it is, and that what it relays is
 * data); the pinned version sends it bare.
 */
export function unwrapHookText(text: string): string {
  const m = /^<system-reminder>\nThe text below is the output of a hook\b[^\n]*\n([\s\S]*?)\n?<\/system-reminder>\s*$/.exec(text);
  return m ? m[1]! : text;
}

/** Every "Stop hook feedback" message the model was sent in the conversation's last request. */
export function stopFeedback(r: RunResult): string[] {
  const last = r.conversation.at(-1);
  if (!last) return [];
  const messages = (last.body.messages ?? []) as { role: string; content: unknown }[];
  return messages
    .filter((m) => m.role === 'user')
    .map((m) => requestText({ body: { messages: [m] } } as RecordedRequest))
    .filter((t) => t.includes('Stop hook feedback:'));
}

/** The paragraphs of a request that Claude Code built from hooks' additionalContext, by event. */
export function hookContexts(rec: RecordedRequest): { event: string; text: string }[] {
  const out: { event: string; text: string }[] = [];
  const re = /(\w+) hook additional context: ([^\n]*)/g;
  for (const m of requestText(rec).matchAll(re)) out.push({ event: m[1]!, text: m[2]! });
  return out;
}

/** Hook system messages as Claude Code recorded them for its UI ("<hook> says: …"). */
export function shownSystemMessages(r: RunResult, event?: string): string[] {
  return r.transcript
    .filter((e) => e.type === 'attachment' && e.attachment?.type === 'hook_system_message' && (!event || e.attachment.hookEvent === event))
    .map((e) => String(e.attachment.content));
}

/** A compact account of a run, for assertion messages. */
export function timeline(r: RunResult): string {
  const lines = [`exit ${r.exitCode ?? r.signal}${r.timedOut ? ' (killed)' : ''} in ${r.durationMs} ms; ${r.requests.length} requests`];
  r.conversation.forEach((q, i) => {
    const added = i === 0 ? '(first)' : addedUserText(r, i).replace(/\s+/g, ' ').slice(0, 160);
    lines.push(`  request ${i} [${q.kind}${q.turn !== undefined ? ` turn ${q.turn}` : ''}] ${added}`);
  });
  for (const h of hookRuns(r)) lines.push(`  hook ${h.name} → ${h.output ? JSON.stringify(h.output).slice(0, 160) : '(nothing)'}`);
  if (r.stderr.trim()) lines.push(`  stderr: ${r.stderr.trim().slice(0, 400)}`);
  return lines.join('\n');
}
