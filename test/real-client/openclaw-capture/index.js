// Loaded next to continuity's plugin when CONTINUITY_REAL_CLIENT_CAPTURE=DIR:
// writes every event and context OpenClaw hands the hooks continuity uses to
// DIR/openclaw-<time>-<hook>.json, for the unit tests' fixtures. Functions
// and abort signals are left out (they are not data).
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const HOOKS = ['before_prompt_build', 'before_agent_run', 'before_tool_call', 'after_tool_call', 'before_agent_finalize', 'agent_end', 'before_compaction', 'after_compaction', 'subagent_spawned', 'subagent_ended'];
const dir = process.env.CONTINUITY_OPENCLAW_CAPTURE_DIR;
let n = 0;
const data = (x) => JSON.parse(JSON.stringify(x ?? null, (k, v) => (typeof v === 'function' || (v && typeof v === 'object' && v.constructor?.name === 'AbortSignal') ? undefined : k === 'systemPrompt' ? `[${String(v).length} chars]` : v)));

export default {
  id: 'continuity-capture',
  name: 'continuity capture',
  description: 'Captures hook payloads for tests.',
  register(api) {
    if (!dir) return;
    mkdirSync(dir, { recursive: true });
    for (const hook of HOOKS) {
      // A low priority: runs after continuity's handlers (it must not change what they see).
      api.on(hook, async (event, ctx) => {
        const file = join(dir, `openclaw-${Date.now()}-${String(++n).padStart(4, '0')}-${hook}.json`);
        writeFileSync(file, `${JSON.stringify({ hook, event: data(event), ctx: data(ctx) }, null, 2)}\n`);
        appendFileSync(join(dir, 'index.txt'), `${file}\n`);
        return undefined;
      }, { priority: -100 });
    }
  },
};
