/**
 * Claude Code's own schema for hook configuration, as the pinned client
 * (2.1.197) defines it: the `hooks` key of settings.json and the `hooks` of a
 * plugin's hooks/hooks.json share it. Read from the client's bundled schema
 * (the settings' hook-event enum, the matcher group, the command handler) and
 * from its hooks reference; strict where the client is strict, so a typo in
 * a field continuity writes fails here before it fails in a session.
 */
import * as v from 'valibot';

/** Every hook event the client accepts, in its own order. */
export const HOOK_EVENTS = [
  'PreToolUse', 'PostToolUse', 'PostToolUseFailure', 'PostToolBatch', 'Notification', 'UserPromptSubmit', 'UserPromptExpansion',
  'SessionStart', 'SessionEnd', 'Stop', 'StopFailure', 'SubagentStart', 'SubagentStop', 'PreCompact', 'PostCompact',
  'PermissionRequest', 'PermissionDenied', 'Setup', 'TeammateIdle', 'TaskCreated', 'TaskCompleted', 'Elicitation',
  'ElicitationResult', 'ConfigChange', 'WorktreeCreate', 'WorktreeRemove', 'InstructionsLoaded', 'CwdChanged',
  'FileChanged', 'MessageDisplay',
] as const;

/**
 * A `type: "command"` handler. With `args` it is exec form: `command` is one
 * executable spawned directly with `args` (no shell; `${CLAUDE_PLUGIN_ROOT}`
 * and `${CLAUDE_PROJECT_DIR}` are substituted in each element), and the client
 * warns about whitespace in `command` unless it is a path.
 */
export const CommandHandler = v.pipe(
  v.strictObject({
    type: v.literal('command'),
    command: v.pipe(v.string(), v.minLength(1)),
    args: v.optional(v.array(v.string())),
    if: v.optional(v.string()),
    shell: v.optional(v.picklist(['bash', 'powershell'])),
    timeout: v.optional(v.pipe(v.number(), v.gtValue(0))),
    statusMessage: v.optional(v.string()),
    once: v.optional(v.boolean()),
    async: v.optional(v.boolean()),
    asyncRewake: v.optional(v.boolean()),
  }),
  v.check((h) => h.args === undefined || !/\s/.test(h.command) || /[\\/]/.test(h.command), 'exec form: "command" is one executable, its arguments go in "args"'),
);

export const MatcherGroup = v.strictObject({
  matcher: v.optional(v.string()),
  hooks: v.array(CommandHandler),
});

export const HooksConfig = v.record(v.picklist(HOOK_EVENTS), v.array(MatcherGroup));

/** A plugin's hooks/hooks.json: the same hooks, with an optional description. */
export const PluginHooksFile = v.strictObject({
  description: v.optional(v.string()),
  hooks: HooksConfig,
});
