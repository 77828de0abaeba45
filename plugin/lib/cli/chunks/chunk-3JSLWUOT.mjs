import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
var s="// continuity hook command: ",o="// continuity's OpenCode plugin, written by `continuity init --agent opencode` (removed by `continuity init --agent opencode --uninstall`).";function r(e){let n=[e.command,...e.args];return`${o}
${s}${JSON.stringify(n)}
import { spawn } from 'node:child_process';

const HOOK = ${JSON.stringify(n)};
const TIMEOUT_MS = 30000;

/** One hook call: the payload on stdin, the answer (JSON) on stdout; nothing when the hook fails (as OpenCode's other hooks fail open). */
function ask(payload) {
  return new Promise((resolve) => {
    let out = '';
    let child;
    try {
      child = spawn(HOOK[0], HOOK.slice(1), { stdio: ['pipe', 'pipe', 'inherit'], cwd: payload.directory });
    } catch {
      resolve(null);
      return;
    }
    const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
    child.stdout.on('data', (d) => (out += d));
    child.on('error', () => {
      clearTimeout(timer);
      resolve(null);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code !== 0) return resolve(null);
      try {
        resolve(out.trim() ? JSON.parse(out) : null);
      } catch {
        resolve(null);
      }
    });
    child.stdin.on('error', () => {});
    child.stdin.end(JSON.stringify(payload));
  });
}

let partSeq = 0;
/** A text part the model reads and the screen does not show as typed. */
function contextPart(message, text) {
  partSeq += 1;
  const id = 'prt_' + Date.now().toString(16).padStart(12, '0') + 'continuity' + String(partSeq).padStart(4, '0');
  return { id, type: 'text', text, synthetic: true, messageID: message?.id, sessionID: message?.sessionID };
}

export const Continuity = async ({ client, directory }) => {
  const opened = new Set();
  const toolSteps = new Set();
  const held = new Set();
  const sentByUs = new Set();
  const parents = new Map();
  const agents = new Map();
  const compacted = new Set();
  const summarizing = new Set();
  const call = (hook_event_name, input, output, extra = {}) => ask({ hook_event_name, directory, input, output, ...extra });
  const tell = (answer) => {
    if (answer?.message) client.tui?.showToast?.({ body: { message: answer.message, variant: 'info' } })?.catch?.(() => {});
  };
  return {
    event: async ({ event }) => {
      const props = event?.properties ?? {};
      if (event?.type === 'session.created' && props.info?.parentID) parents.set(props.info.id, props.info.parentID);
      // Compacted: the session's next model request gets the ledger's truth (experimental.chat.system.transform).
      if (event?.type === 'session.compacted' && props.sessionID) {
        summarizing.delete(props.sessionID);
        if (!parents.has(props.sessionID)) compacted.add(props.sessionID);
      }
    },
    'experimental.chat.system.transform': async (input, output) => {
      const id = input?.sessionID;
      if (!id || !compacted.delete(id)) return;
      const answer = await call('session.compacted', { sessionID: id }, null);
      tell(answer);
      if (answer?.context && Array.isArray(output.system)) output.system.push(answer.context);
    },
    'chat.message': async (input, output) => {
      const id = input.sessionID;
      const text = (output.parts ?? []).filter((p) => p.type === 'text' && !p.synthetic).map((p) => p.text).join('\\n');
      if (sentByUs.delete(id + '\\0' + text)) return;
      // A subagent's session (the task tool's): its prompt is the model's words, not the person's.
      const session = await client.session.get({ path: { id } }).catch(() => null);
      const parent = session?.data?.parentID ?? null;
      if (parent) {
        parents.set(id, parent);
        if (typeof input.agent === 'string') agents.set(id, input.agent);
        await call('chat.message', input, output, { parent_session: parent });
        return;
      }
      held.delete(id);
      const context = [];
      if (!opened.has(id)) {
        opened.add(id);
        const start = await call('session.created', { sessionID: id }, null);
        tell(start);
        if (start?.context) context.push(start.context);
      }
      const answer = await call('chat.message', input, output);
      tell(answer);
      if (answer?.deny) throw new Error(answer.deny);
      if (answer?.context) context.push(answer.context);
      for (const c of context) output.parts.push(contextPart(output.message, c));
    },
    'chat.params': async (input) => {
      // A new step of the model's: none of its tool calls has started yet.
      toolSteps.delete(input.sessionID);
    },
    'tool.execute.before': async (input, output) => {
      toolSteps.add(input.sessionID);
      const answer = await call('tool.execute.before', input, output);
      tell(answer);
      if (answer?.deny) throw new Error(answer.deny);
      if (answer?.args && output.args && typeof output.args === 'object') Object.assign(output.args, answer.args);
    },
    'tool.execute.after': async (input, output) => {
      const answer = await call('tool.execute.after', input, output);
      tell(answer);
      if (answer?.append && output && typeof output.output === 'string') output.output += '\\n\\n' + answer.append;
    },
    'experimental.text.complete': async (input, output) => {
      const id = input.sessionID;
      // A step that started a tool call goes on after it: its text does not end the turn.
      if (toolSteps.has(id)) return;
      // The compaction's summary (the model's one text after experimental.session.compacting) does not end the turn.
      if (summarizing.delete(id)) return;
      // A subagent's last step: its final answer, for its caller (the caller's turn goes on).
      if (parents.has(id)) {
        await call('experimental.text.complete', input, output, { parent_session: parents.get(id), agent: agents.get(id) ?? null });
        return;
      }
      const answer = await call('experimental.text.complete', input, output, { stop_hook_active: held.has(id) });
      tell(answer);
      if (!answer?.hold) return;
      held.add(id);
      sentByUs.add(id + '\\0' + answer.hold);
      await client.session.prompt({ path: { id }, body: { noReply: true, parts: [{ type: 'text', text: answer.hold }] } });
    },
    'experimental.session.compacting': async (input, output) => {
      summarizing.add(input.sessionID);
      const answer = await call('experimental.session.compacting', input, output);
      tell(answer);
      if (answer?.context && Array.isArray(output.context)) output.context.push(answer.context);
    },
  };
};
`}function i(e){if(!e.startsWith(o))return null;let n=e.split(`
`).find(t=>t.startsWith(s));if(!n)return null;try{let t=JSON.parse(n.slice(s.length));return!Array.isArray(t)||t.length===0||!t.every(a=>typeof a=="string")?null:{command:t[0],args:t.slice(1)}}catch{return null}}export{r as a,i as b};
