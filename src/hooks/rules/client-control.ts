/**
 * The agent client's own tools that change what runs the agent: its plugins,
 * its gateway, its config, its schedulers, the shells it keeps outside the
 * agent's `exec`. Called by the model, they would switch continuity off or
 * run commands no hook ever sees. Pure: the tool's name and parameters in,
 * the reason it is refused out (null: allowed).
 *
 * The names and parameters are OpenClaw's (its tool catalog, 2026.9.6):
 * `plugins`, `gateway`, `openclaw` (its system agent), `automations` (alias
 * `cron`), `terminal`, `computer`, `nodes`, and a Code Mode cell (`exec` with
 * `code` instead of `command`). Read-only actions stay allowed; an action this
 * rule does not know is refused, as the safe answer. A shell command naming
 * OpenClaw's CLI or pi's (pi-cli.ts) is judged by what that command changes.
 */

import { squash } from '../../shell/mentions.js';
import { piCliRefusal } from './pi-cli.js';

/** The plugin id continuity runs under in OpenClaw (openclaw/openclaw.plugin.json). */
export const CONTINUITY_PLUGIN_ID = 'continuity';

export { CLIENT_CONTROL_TOOLS, clientControlWants } from './client-control-wants.js';

type Input = Record<string, unknown>;

const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
const RUNS_HOOKS = "the gateway's plugins run continuity's hooks";

/** Why the call may not run, or null. */
export function clientControlRefusal(tool: string, input: Input): string | null {
  switch (tool) {
    case 'plugins':
      return pluginsRefusal(input);
    case 'gateway':
      return gatewayRefusal(input);
    case 'openclaw':
      return "OpenClaw's system agent changes the gateway's config and plugins on request (continuity among them); a person does that outside the agent";
    case 'automations':
    case 'cron':
      return automationRefusal(input);
    case 'terminal':
      return str(input.action) === 'input' || !TERMINAL_READS.has(str(input.action))
        ? "a shared terminal is a shell the gateway started outside the agent's exec: what it runs passes no hook"
        : null;
    case 'computer':
      return COMPUTER_OBSERVATIONS.has(str(input.action)) || (str(input.action) === 'browser_dialog' && str(input.dialogAction) === 'inspect')
        ? null
        : "input to a desktop reaches its terminals and settings, outside every hook (observing it stays allowed)";
    case 'nodes':
      return nodesRefusal(input);
    case 'exec':
      return codeCellRefusal(input);
    case 'Bash':
      return typeof input.command === 'string' ? (openClawCliRefusal(input.command) ?? piCliRefusal(input.command)) : null;
    default:
      return null;
  }
}

const PLUGIN_READS = new Set(['list', 'inspect', 'search']);

function pluginsRefusal(input: Input): string | null {
  const action = str(input.action);
  if (PLUGIN_READS.has(action)) return null;
  if (action === 'install') return `installing a plugin loads new code into the gateway that runs continuity's hooks (${RUNS_HOOKS}); a person installs plugins outside the agent`;
  const target = str(input.pluginId).toLowerCase();
  if (['enable', 'disable', 'uninstall', 'reload'].includes(action)) {
    return target === CONTINUITY_PLUGIN_ID || target === '' ? `\`plugins ${action}\` of continuity would change or stop the plugin that runs the agent's hooks` : null;
  }
  return `\`plugins ${action || '(no action)'}\` is not an action continuity knows to be read-only`;
}

const GATEWAY_READS = new Set(['config.get', 'config.schema.lookup']);

function gatewayRefusal(input: Input): string | null {
  const action = str(input.action);
  if (GATEWAY_READS.has(action)) return null;
  if (action === 'update.run') return `\`gateway update.run\` replaces and restarts the gateway that runs continuity's hooks; a person updates OpenClaw outside the agent`;
  return `\`gateway ${action || '(no action)'}\` may change the gateway's config (its plugins, hooks, sandbox and tool policy); only reading it is the agent's`;
}

/** Scheduler actions that read, or act on jobs that already exist (which a person authored: an agent cannot add one that runs code). */
const AUTOMATION_SAFE = new Set(['status', 'list', 'get', 'runs', 'next_check', 'remove', 'wake', 'run']);
/** Job fields that make the gateway run a command or a script by itself, whatever the nesting OpenClaw's normaliser accepts. */
const RUNS_CODE_KEYS = new Set(['script', 'command', 'argv', 'trigger']);
const RUNS_CODE_KINDS = new Set(['script', 'stream', 'command', 'on-exit']);

function automationRefusal(input: Input): string | null {
  const action = str(input.action);
  if (AUTOMATION_SAFE.has(action)) return null;
  if (action !== 'add' && action !== 'update') return `\`automations ${action || '(no action)'}\` is not an action continuity knows`;
  const found = codeField(input.job ?? input, 0) ?? codeField(input, 0);
  return found
    ? `an automation whose ${found} runs code under the gateway unattended, where no agent hook sees it (script and stream jobs); scheduled agent turns and reminders stay allowed`
    : null;
}

/** The first field of a job (at any depth) that runs a command or a script, or null. */
function codeField(value: unknown, depth: number): string | null {
  if (depth > 6 || !value || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (const v of value) {
      const f = codeField(v, depth + 1);
      if (f) return f;
    }
    return null;
  }
  for (const [k, v] of Object.entries(value as Input)) {
    if (RUNS_CODE_KEYS.has(k) && v !== null && v !== undefined && v !== '') return k;
    if (k === 'kind' && typeof v === 'string' && RUNS_CODE_KINDS.has(v.trim().toLowerCase())) return `kind "${v}"`;
    const f = codeField(v, depth + 1);
    if (f) return f;
  }
  return null;
}

const TERMINAL_READS = new Set(['read', 'list', 'resize', 'close']);

/** The computer tool's observations (OpenClaw's COMPUTER_OBSERVATION_ACTIONS); every other action is input. */
const COMPUTER_OBSERVATIONS = new Set(['screenshot', 'wait', 'list_apps', 'list_windows', 'get_accessibility_tree', 'get_cursor_position', 'get_window_state', 'zoom', 'get_browser_state', 'get_recording_state']);

/** Node commands that start a process on the node's host, or change what it may start. */
const NODE_RUNS = /^system\.(run|exec|execapprovals\.set)\b/i;

function nodesRefusal(input: Input): string | null {
  const action = str(input.action);
  if (action === 'approve') return 'approving a pairing request gives a new device operator rights on the gateway (its config, its plugins): a person approves devices';
  if (action === 'invoke' && NODE_RUNS.test(str(input.invokeCommand))) return `\`${str(input.invokeCommand)}\` starts a process on a node's host, outside the agent's exec and its hooks`;
  return null;
}

/**
 * A Code Mode cell (OpenClaw's `exec` with `code`, no `command`): its nested
 * tool calls go through the hooks, but the default executor (`node:vm`) is no
 * boundary, so the cell itself can run anything in the gateway's process.
 * The QuickJS executor is a boundary: the adapter says which one the gateway
 * is configured with (`code_mode_executor`).
 */
function codeCellRefusal(input: Input): string | null {
  if (typeof input.command === 'string' || typeof input.code !== 'string') return null;
  if (input.code_mode_executor === 'quickjs') return null;
  return "a Code Mode cell run by OpenClaw's node:vm executor can reach the gateway's own process, where no hook sees what it does (the QuickJS executor, `tools.codeMode.executor: \"quickjs\"`, is isolated and allowed)";
}

/**
 * OpenClaw's own CLI run as a command: the subcommands that change its
 * config or plugins (`openclaw plugins disable continuity`, `openclaw config
 * set …`, `openclaw update`, a cron job with a script). Read from the text, its
 * quotes and backslashes seen through: a script or a name built at run time is
 * not seen (the wall hides the config and the token from such commands).
 * `openclaw agent` is left to the operator-channel check, which judges what
 * its message would do.
 */
const CLI_ACTIONS: Record<string, { actions: RegExp | null; what: string; flags?: RegExp }> = {
  plugins: { actions: /^(enable|disable|uninstall|install|update|reload|remove|rm)$/i, what: "changes the gateway's plugins" },
  plugin: { actions: /^(enable|disable|uninstall|install|update|reload|remove|rm)$/i, what: "changes the gateway's plugins" },
  config: { actions: /^(set|unset|patch|apply|edit|import|reset)$/i, what: "changes the gateway's config" },
  configure: { actions: null, what: "changes the gateway's config" },
  onboard: { actions: null, what: "changes the gateway's config" },
  setup: { actions: null, what: "changes the gateway's config" },
  reset: { actions: null, what: "resets the gateway's config and state" },
  uninstall: { actions: null, what: 'removes OpenClaw' },
  update: { actions: null, what: 'replaces the gateway' },
  migrate: { actions: null, what: "rewrites the gateway's config and state" },
  doctor: { actions: null, flags: /\s--(fix|repair|yes)\b/i, what: "repairs (rewrites) the gateway's config" },
  hooks: { actions: /^(enable|disable|install|uninstall|remove)$/i, what: "changes the gateway's hooks" },
  cron: { actions: /^(add|edit|update)$/i, flags: /\s--(script|trigger-script|stream-command|command|argv)\b/i, what: 'schedules a script or command the gateway runs unattended' },
  automations: { actions: /^(add|edit|update)$/i, flags: /\s--(script|trigger-script|stream-command|command|argv)\b/i, what: 'schedules a script or command the gateway runs unattended' },
  nodes: { actions: /^(approve|pair)$/i, what: 'pairs a device with operator rights' },
  devices: { actions: /^(approve|pair)$/i, what: 'pairs a device with operator rights' },
  secrets: { actions: /^(set|delete|rm|remove)$/i, what: "changes the gateway's credentials" },
  gateway: { actions: /^(install|uninstall)$/i, what: 'changes how the gateway runs' },
};
/** Global options that take a value (`openclaw --profile work plugins …`). */
const CLI_VALUE_OPTIONS = new Set(['--profile', '--log-level', '--container', '--config']);

export function openClawCliRefusal(command: string): string | null {
  const text = squash(command);
  const at = /(?:^|[\s/;&|(`$=])openclaw(?:\.mjs)?(?=\s)/gi;
  for (let m = at.exec(text); m; m = at.exec(text)) {
    // The rest of this simple command, up to the next separator, as words.
    const rest = (text.slice(m.index + m[0].length).split(/[;&|\n)]/)[0] ?? '').trim();
    const words = rest.split(/\s+/).filter(Boolean);
    let i = 0;
    while (i < words.length && words[i]!.startsWith('-')) i += CLI_VALUE_OPTIONS.has(words[i]!) ? 2 : 1;
    const sub = words[i]?.toLowerCase();
    const rule = sub ? CLI_ACTIONS[sub] : undefined;
    if (!rule) continue;
    const action = words.slice(i + 1).find((w) => !w.startsWith('-')) ?? '';
    if (rule.actions && !rule.actions.test(action)) continue;
    if (rule.flags && !rule.flags.test(` ${rest}`)) continue;
    // Another plugin enabled, disabled or reloaded is not continuity's business; an install loads new code into the gateway.
    if ((sub === 'plugins' || sub === 'plugin') && !/^(install|update)$/i.test(action) && !/continuity/i.test(rest)) continue;
    return `\`openclaw ${sub}${rule.actions ? ` ${action}` : ''}\` ${rule.what}: the gateway it changes loads and runs continuity's hooks; a person does that outside the agent`;
  }
  return null;
}

/** The violation a refused call leaves in the ledger. */
export const CLIENT_CONTROL_DENIED = 'client_control_denied';

/** The words the model gets as the tool's result. */
export function clientControlReason(tool: string, why: string): string {
  return `continuity: the ${tool} call was not run: ${why}.`;
}
