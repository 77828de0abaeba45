/**
 * The pi extension `continuity init --agent pi` writes: a thin one that
 * hands each of pi's events to `continuity hook pi` (one process per event,
 * as Gemini CLI's command hooks) and does what the answer says, rather than
 * the rules loaded into pi's process (as the OpenClaw plugin is): the rules,
 * the ledger driver and the wall then stay outside the agent's process, in
 * the compiled hook every other command-hook client runs, and the extension
 * has no dependency to install. Its cost per event is one hook process
 * (bench/pi-hook.ts measures it against pi's own floor).
 *
 * Why each event is handled where it is (pi 0.73.1, read in its
 * agent-session.js and agent-loop.js):
 * - The end of a run is held at `message_end` of an assistant message whose
 *   stopReason is `stop` (or `length`). pi's agent loop polls its follow-up queue right
 *   after that message and ends the run when it is empty; extension events
 *   are delivered on a queue the loop does not wait for, and `agent_end`
 *   comes after the loop has ended (in `-p` mode pi exits then). So the hook
 *   runs synchronously (spawnSync) inside the handler, and a held stop is
 *   queued with `sendMessage(…, { deliverAs: 'followUp' })` before the loop
 *   polls: the model gets it as the next message and the run goes on.
 * - `tool_call` may mutate `event.input` (a shell command wrapped in the
 *   wall) or return `{ block: true, reason }`; pi awaits it.
 * - `input` carries pi's own word on where a prompt came from (`source`):
 *   what the person typed or an RPC client sent, or an extension's message.
 * It is generated text, not a module of this package: pi loads it with its
 * own TypeScript loader from the project, and it must not import anything
 * but Node's modules.
 */
import type { HookCommand } from '../hook-target.js';

/** The line that names the hook command: how `doctor` and `--uninstall` know the file is continuity's. */
export const HOOK_LINE = 'const HOOK: string[] = ';
export const MARKER = '// continuity: written by `continuity init --agent pi`';

export function piExtensionSource(hook: HookCommand): string {
  return `${MARKER}; \`continuity init --agent pi --uninstall\` removes it.
// Hands pi's events to continuity's hook (the rules of the project's plan) and does what it answers.
import { spawnSync } from 'node:child_process';

${HOOK_LINE}${JSON.stringify([hook.command, ...hook.args])};

type Answer = { block?: string; input?: Record<string, unknown>; context?: string; followUp?: string; message?: string } | null;

export default function continuity(pi: any): void {
  let pending: string[] = [];
  let heldSinceInput = false;

  function call(event: string, ctx: any, fields: Record<string, unknown>): Answer {
    const sm = ctx.sessionManager;
    const payload = { hook_event_name: event, session_id: sm.getSessionId(), transcript_path: sm.getSessionFile() ?? null, cwd: ctx.cwd, ...fields };
    const r = spawnSync(HOOK[0]!, HOOK.slice(1), { input: JSON.stringify(payload), encoding: 'utf8', cwd: ctx.cwd, timeout: 30000, maxBuffer: 16 * 1024 * 1024 });
    if (r.stderr) process.stderr.write(r.stderr);
    if (r.error || r.status !== 0) {
      process.stderr.write(\`continuity: the hook did not answer (\${r.error ? r.error.message : \`exit \${r.status}\`})\\n\`);
      return null;
    }
    let answer: Answer = null;
    try {
      answer = r.stdout.trim() ? JSON.parse(r.stdout) : null;
    } catch {
      process.stderr.write('continuity: the hook answered something other than JSON\\n');
      return null;
    }
    if (answer?.message) {
      if (ctx.hasUI) ctx.ui.notify(answer.message, 'info');
      else process.stderr.write(\`\${answer.message}\\n\`);
    }
    return answer;
  }

  pi.on('session_start', (event: any, ctx: any) => {
    const a = call('session_start', ctx, { reason: event.reason });
    if (a?.context) pending.push(a.context);
  });

  pi.on('input', (event: any, ctx: any) => {
    if (event.source !== 'extension') heldSinceInput = false;
    const a = call('input', ctx, { text: event.text, source: event.source });
    if (a?.context) pending.push(a.context);
    if (a?.block) {
      process.stderr.write(\`\${a.block}\\n\`);
      if (ctx.hasUI) ctx.ui.notify(a.block, 'warning');
      return { action: 'handled' };
    }
    return { action: 'continue' };
  });

  pi.on('before_agent_start', () => {
    if (!pending.length) return undefined;
    const content = pending.join('\\n\\n');
    pending = [];
    return { message: { customType: 'continuity', content, display: false } };
  });

  pi.on('tool_call', (event: any, ctx: any) => {
    const a = call('tool_call', ctx, { tool_name: event.toolName, tool_call_id: event.toolCallId, input: event.input });
    if (a?.block) return { block: true, reason: a.block };
    if (a?.input) Object.assign(event.input, a.input);
    return undefined;
  });

  pi.on('tool_result', (event: any, ctx: any) => {
    const a = call('tool_result', ctx, { tool_name: event.toolName, tool_call_id: event.toolCallId, input: event.input, content: event.content, is_error: event.isError });
    if (!a?.context) return undefined;
    return { content: [...(event.content ?? []), { type: 'text', text: a.context }] };
  });

  pi.on('message_end', (event: any, ctx: any) => {
    const m = event.message;
    // A stop or length reason ends the run (no tool call follows); an error or an abort ends it without an answer to judge.
    if (m?.role !== 'assistant' || (m.stopReason !== 'stop' && m.stopReason !== 'length')) return undefined;
    const text = (m.content ?? []).filter((c: any) => c?.type === 'text').map((c: any) => c.text).join('\\n');
    const a = call('message_end', ctx, { last_assistant_message: text, stop_hook_active: heldSinceInput });
    if (a?.followUp) {
      heldSinceInput = true;
      pi.sendMessage({ customType: 'continuity', content: a.followUp, display: true }, { deliverAs: 'followUp', triggerTurn: true });
    }
    return undefined;
  });

  pi.on('session_before_compact', (_event: any, ctx: any) => {
    call('session_before_compact', ctx, {});
    return undefined;
  });

  pi.on('session_compact', (_event: any, ctx: any) => {
    const a = call('session_compact', ctx, {});
    if (a?.context) pi.sendMessage({ customType: 'continuity', content: a.context, display: false }, { deliverAs: 'steer' });
  });
}
`;
}

/** The hook command a file written by piExtensionSource names, or null when it is not one. */
export function hookOfExtension(text: string): HookCommand | null {
  if (!text.startsWith(MARKER)) return null;
  const line = text.split('\n').find((l) => l.startsWith(HOOK_LINE));
  if (!line) return null;
  try {
    const words: unknown = JSON.parse(line.slice(HOOK_LINE.length).replace(/;\s*$/, ''));
    if (!Array.isArray(words) || !words.length || !words.every((w) => typeof w === 'string')) return null;
    return { command: words[0] as string, args: words.slice(1) as string[] };
  } catch {
    return null;
  }
}
