/**
 * The cheap half of the client-control rule (client-control.ts): is this
 * one of the agent client's own tools that can change what runs the agent?
 * Apart from the rule, which every tool call's start-up would otherwise
 * load with its tables: the rule itself comes with the deciders.
 */
import { squash } from '../../shell/mentions.js';
import { namesPiCli } from './pi-cli.js';

/** Every tool name the rule judges (the cheap `wants` test); a shell command only when it names OpenClaw's CLI. */
export const CLIENT_CONTROL_TOOLS: ReadonlySet<string> = new Set(['plugins', 'gateway', 'openclaw', 'automations', 'cron', 'terminal', 'computer', 'nodes', 'exec']);

/** Cheap: is this one of the client's own tools that can change what runs the agent? */
export function clientControlWants(p: { tool_name: string; tool_input?: Record<string, unknown> }): boolean {
  if (p.tool_name === 'Bash') {
    const command = p.tool_input?.command;
    if (typeof command !== 'string') return false;
    // Both expressions fold only ASCII letters' case: where one matches, the lower-cased text holds `openclaw` or `pi`.
    // A command holding neither (most) compiles neither at the start of the hook process.
    const lower = squash(command).toLowerCase();
    return (lower.includes('openclaw') && /openclaw/i.test(squash(command))) || (lower.includes('pi') && namesPiCli(command));
  }
  return CLIENT_CONTROL_TOOLS.has(p.tool_name);
}
