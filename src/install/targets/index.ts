/**
 * Where each agent's install target lives, loaded only when asked for.
 * A target that is not part of this build fails to load with a one-line
 * CliError saying so.
 */
import { CliError, ExitCode } from '../../util/errors.js';
import type { AgentName, HookTarget, InitAgent } from '../hook-target.js';

type TargetModule = { target: HookTarget };

export const TARGETS: Record<AgentName, () => Promise<TargetModule>> = {
  'claude-code': () => import('./claude-code.js'),
  codex: () => import('./codex.js'),
  gemini: () => import('./gemini.js'),
  cursor: () => import('./cursor.js'),
  pi: () => import('./pi.js'),
  copilot: () => import('./copilot.js'),
  opencode: () => import('./opencode.js'),
};

export const AGENT_NAMES = Object.keys(TARGETS) as AgentName[];

export function isAgentName(name: string): name is AgentName {
  return Object.prototype.hasOwnProperty.call(TARGETS, name);
}

/** Every name `init --agent` takes. */
export const INIT_AGENTS: readonly InitAgent[] = [...AGENT_NAMES, 'openclaw'];

export function isInitAgent(name: string): name is InitAgent {
  return (INIT_AGENTS as readonly string[]).includes(name);
}

/** One `--agent` name, checked; a one-line CliError names the known ones. */
export function parseInitAgent(name: string, command: string): InitAgent {
  if (!isInitAgent(name)) throw new CliError(`${command}: unknown agent "${name}" (known: ${INIT_AGENTS.join(', ')})`, ExitCode.invalidInput);
  return name;
}

export async function loadTarget(agent: string): Promise<HookTarget> {
  if (!isAgentName(agent)) throw new CliError(`unknown agent "${agent}" (known: ${AGENT_NAMES.join(', ')})`, ExitCode.invalidInput);
  return (await TARGETS[agent]()).target;
}
