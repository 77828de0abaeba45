import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a as s}from"./chunk-UHNEAFFF.mjs";import{b as a}from"./chunk-I4KP2VAS.mjs";import"./chunk-CXS6YJ7R.mjs";var r="const HOOK: string[] = ",c="// continuity: written by `continuity init --agent pi`";function l(t){return`${c}; \`continuity init --agent pi --uninstall\` removes it.
// Hands pi's events to continuity's hook (the rules of the project's plan) and does what it answers.
import { spawnSync } from 'node:child_process';

${r}${JSON.stringify([t.command,...t.args])};

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
`}function o(t){if(!t.startsWith(c))return null;let n=t.split(`
`).find(e=>e.startsWith(r));if(!n)return null;try{let e=JSON.parse(n.slice(r.length).replace(/;\s*$/,""));return!Array.isArray(e)||!e.length||!e.every(u=>typeof u=="string")?null:{command:e[0],args:e.slice(1)}}catch{return null}}var i=".pi/extensions/continuity.ts",m={agent:"pi",settingsFile:i,install:(t,n)=>{if(t!==null&&o(t)===null)throw new s(i,"it is not the extension continuity writes");return l(a(n,"pi"))},uninstall:t=>{if(o(t)===null)throw new s(i,"it is not the extension continuity writes");return null},installedCommands:t=>{let n=o(t);return n?[n]:[]}};export{i as PI_EXTENSION_FILE,m as target};
