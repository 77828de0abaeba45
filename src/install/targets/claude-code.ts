/**
 * Claude Code: continuity's hooks in `<project>/.claude/settings.json`, in
 * Claude Code's exec form (`command` + `args`, no shell). The file is edited
 * as text: the person's comments, formatting and other keys stay as they
 * were, and uninstall takes out exactly what install put in.
 */
import { findNodeAtLocation, getNodeValue, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import * as v from 'valibot';
import { describeIssue } from '../../util/validation.js';
import { isContinuityCommand, splitShellCommand } from '../hook-command.js';
import { InvalidSettingsError, type HookCommand, type HookTarget } from '../hook-target.js';
import { appendMember, layoutOf, printValue, removeMember } from '../jsonc-edit.js';

const AGENT = 'claude-code';
const SETTINGS_FILE = '.claude/settings.json';

/** Seconds Claude Code waits for one hook call (its default is ten minutes; a stuck call should not hold a session that long). */
export const HOOK_TIMEOUT_SECONDS = 30;

export interface Wiring {
  event: string;
  /** Claude Code's tool-name matcher: names joined by `|`, `*` for every tool; absent for events without tools. */
  matcher?: string;
}

/**
 * Every event continuity answers (src/hooks/handlers/index.ts).
 * PreToolUse needs only the tools a rule looks at before they run: the file
 * tools and Bash (guarded writes), Agent/Task (subagent dispatch), and
 * AskUserQuestion/ExitPlanMode (the client's own announcement of the dialog
 * whose answer may approve a plan). PostToolUse needs every tool: any tool
 * may have written a guarded file, AskUserQuestion and ExitPlanMode carry
 * approvals, and a lost subagent result is delivered after whichever tool
 * runs next. PostToolUseFailure too: a Bash call that failed ends there, and
 * until a call has ended it counts as running.
 */
export const CLAUDE_CODE_WIRING: readonly Wiring[] = [
  { event: 'SessionStart' },
  { event: 'UserPromptSubmit' },
  { event: 'PreToolUse', matcher: 'Agent|Task|Write|Edit|MultiEdit|NotebookEdit|Bash|AskUserQuestion|ExitPlanMode' },
  { event: 'PostToolUse', matcher: '*' },
  { event: 'PostToolUseFailure', matcher: '*' },
  { event: 'Stop' },
  { event: 'SubagentStart' },
  { event: 'SubagentStop' },
  { event: 'PreCompact' },
];

/** The handler object Claude Code runs for one event. */
export function hookEntry(hook: HookCommand): Record<string, unknown> {
  return { type: 'command', command: hook.command, args: hook.args, timeout: HOOK_TIMEOUT_SECONDS };
}

function group(w: Wiring, hook: HookCommand): Record<string, unknown> {
  return { ...(w.matcher === undefined ? {} : { matcher: w.matcher }), hooks: [hookEntry(hook)] };
}

/** The `hooks` object continuity adds, as Claude Code reads it. */
export function claudeCodeHooks(hook: HookCommand): Record<string, unknown[]> {
  return Object.fromEntries(CLAUDE_CODE_WIRING.map((w) => [w.event, [group(w, hook)]]));
}

// Only what continuity walks through is checked; everything else is the person's and Claude Code's business.
const object = <T extends v.GenericSchema>(schema: T) => v.pipe(v.unknown(), v.check((x) => !Array.isArray(x), 'expected an object, received an array'), schema);
const HooksShape = object(v.record(v.string(), v.array(object(v.looseObject({ matcher: v.optional(v.string()), hooks: v.array(object(v.looseObject({ type: v.string() }))) })))));
const SettingsShape = v.looseObject({ hooks: v.optional(HooksShape) });

function parseSettings(text: string): Node {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length || !root) {
    const first = errors[0];
    throw new InvalidSettingsError(SETTINGS_FILE, first ? `${printParseErrorCode(first.error)} at offset ${first.offset}` : 'empty document');
  }
  if (root.type !== 'object') throw new InvalidSettingsError(SETTINGS_FILE, 'the top level is not an object');
  const shape = v.safeParse(SettingsShape, getNodeValue(root));
  if (!shape.success) throw new InvalidSettingsError(SETTINGS_FILE, describeIssue(shape.issues));
  return root;
}

interface Found {
  event: string;
  matcher: string | undefined;
  /** The handler's node in its group's `hooks` array. */
  node: Node;
  value: Record<string, unknown>;
}

function eachHandler(root: Node): Found[] {
  const hooks = findNodeAtLocation(root, ['hooks']);
  const out: Found[] = [];
  for (const prop of hooks?.children ?? []) {
    const event = String(prop.children![0]!.value);
    for (const groupNode of prop.children![1]!.children ?? []) {
      const matcher = findNodeAtLocation(groupNode, ['matcher'])?.value as string | undefined;
      for (const node of findNodeAtLocation(groupNode, ['hooks'])?.children ?? []) {
        out.push({ event, matcher, node, value: getNodeValue(node) as Record<string, unknown> });
      }
    }
  }
  return out;
}

/** An exec-form handler's command, or null. */
function execCommand(value: Record<string, unknown>): HookCommand | null {
  const { type, command, args } = value;
  if (type !== 'command' || typeof command !== 'string' || !Array.isArray(args) || !args.every((a) => typeof a === 'string')) return null;
  return { command, args: args as string[] };
}

/** Handlers install put in: exec form, running continuity's `hook claude-code`. */
function ours(root: Node): Found[] {
  return eachHandler(root).filter((f) => {
    const cmd = execCommand(f.value);
    return cmd !== null && isContinuityCommand(cmd, AGENT);
  });
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v));
}

function installedExactly(found: Found[], hook: HookCommand): boolean {
  if (found.length !== CLAUDE_CODE_WIRING.length) return false;
  const want = canonical(hookEntry(hook));
  return CLAUDE_CODE_WIRING.every((w) => {
    const here = found.filter((f) => f.event === w.event);
    return here.length === 1 && (here[0]!.matcher ?? '') === (w.matcher ?? '') && canonical(here[0]!.value) === want;
  });
}

/**
 * The node to take out with a handler: its group when the group holds
 * nothing else, the event when that was its only group, `hooks` when that
 * was its only event. Never the whole document.
 */
function outermostEmptied(handler: Node): Node {
  let node = handler;
  const only = (n: Node) => n.parent!.children!.length === 1;
  if (!only(node)) return node;
  node = node.parent!.parent!.parent!; // hooks array → "hooks" property → the group
  if (!only(node)) return node;
  node = node.parent!.parent!; // event array → the event's property
  if (!only(node)) return node;
  return node.parent!.parent!; // hooks object → the "hooks" property
}

function removeOurs(text: string): string {
  for (;;) {
    const found = ours(parseSettings(text));
    const last = found.reduce<Found | undefined>((a, f) => (!a || f.node.offset > a.node.offset ? f : a), undefined);
    if (!last) return text;
    // Last first: each removal then undoes exactly one append.
    text = removeMember(text, outermostEmptied(last.node));
  }
}

function addOurs(text: string, hook: HookCommand): string {
  if (!findNodeAtLocation(parseSettings(text), ['hooks'])) return appendMember(text, parseSettings(text), claudeCodeHooks(hook), 'hooks');
  for (const w of CLAUDE_CODE_WIRING) {
    const root = parseSettings(text);
    const groups = findNodeAtLocation(root, ['hooks', w.event]);
    text = groups ? appendMember(text, groups, group(w, hook)) : appendMember(text, findNodeAtLocation(root, ['hooks'])!, [group(w, hook)], w.event);
  }
  return text;
}

export const target: HookTarget = {
  agent: AGENT,
  settingsFile: SETTINGS_FILE,

  install(existing, hook) {
    if (existing === null || existing.trim() === '') return `${printValue({ hooks: claudeCodeHooks(hook) }, layoutOf(''), '')}\n`;
    if (installedExactly(ours(parseSettings(existing)), hook)) return existing;
    return addOurs(removeOurs(existing), hook);
  },

  uninstall(existing) {
    if (existing.trim() === '') return existing;
    if (ours(parseSettings(existing)).length === 0) return existing;
    const text = removeOurs(existing);
    const root = parseSettings(text);
    return (root.children ?? []).length === 0 && !/[/*]/.test(text) ? null : text;
  },

  installedCommands(existing) {
    if (existing.trim() === '') return [];
    const seen = new Map<string, HookCommand>();
    for (const f of eachHandler(parseSettings(existing))) {
      const cmd = execCommand(f.value) ?? (f.value.type === 'command' && typeof f.value.command === 'string' ? splitShellCommand(f.value.command) : null);
      if (cmd && isContinuityCommand(cmd, AGENT)) seen.set(JSON.stringify(cmd), cmd);
    }
    return [...seen.values()];
  },
};
