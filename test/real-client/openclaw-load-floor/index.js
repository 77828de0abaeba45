// The client's own floor in the load run (test/real-client/openclaw-load.ts):
// a plugin registering exactly the hooks continuity's plugin registers, with
// the same allowConversationAccess, each handler returning nothing. What the
// gateway spends on it is what OpenClaw itself costs for a plugin of those
// hooks (its dispatch, the conversation copies it makes for them), the floor
// continuity's own cost is measured against.
// The list is continuity's (src/adapters/openclaw/plugin.ts); a unit test holds the two equal.
export const HOOKS = [
  'before_prompt_build',
  'before_agent_run',
  'before_tool_call',
  'resolve_exec_env',
  'after_tool_call',
  'before_agent_finalize',
  'agent_end',
  'gateway_start',
  'subagent_spawned',
  'subagent_ended',
  'before_compaction',
  'after_compaction',
  'gateway_stop',
];

export default {
  id: 'continuity-load-floor',
  name: 'continuity load floor',
  description: "Registers the hooks continuity's plugin registers and does nothing in them, for the load run.",
  register(api) {
    // async like continuity's handlers (but resolve_exec_env and gateway_stop, which it registers plain): the same kind of call for OpenClaw to await.
    for (const hook of HOOKS) api.on(hook, hook === 'resolve_exec_env' || hook === 'gateway_stop' ? () => undefined : async () => undefined);
  },
};
