// Loaded beside continuity's plugin in the load run (test/real-client/openclaw-load.ts),
// and in the same gateway without it: one line per hook call the gateway makes,
// to CONTINUITY_OPENCLAW_LOAD_CALLS, so that the ledger's events can be held
// against the calls that were made (none lost, none doubled).
import { appendFileSync } from 'node:fs';

const HOOKS = ['before_agent_run', 'before_tool_call', 'after_tool_call', 'before_agent_finalize', 'agent_end', 'subagent_spawned', 'subagent_ended'];
const file = process.env.CONTINUITY_OPENCLAW_LOAD_CALLS;

export default {
  id: 'continuity-load-counter',
  name: 'continuity load counter',
  description: 'Counts the hook calls a gateway makes, for the load run.',
  register(api) {
    if (!file) return;
    for (const hook of HOOKS) {
      // After continuity's handlers: it must not change what they see.
      api.on(hook, async (event, ctx) => {
        const line = { hook, sessionKey: ctx?.sessionKey ?? null, runId: ctx?.runId ?? event?.runId ?? null, toolCallId: event?.toolCallId ?? ctx?.toolCallId ?? null, toolName: event?.toolName ?? null };
        appendFileSync(file, `${JSON.stringify(line)}\n`);
        return undefined;
      }, { priority: -100 });
    }
  },
};
