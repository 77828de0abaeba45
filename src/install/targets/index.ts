/**
 * Where each agent's install target lives, loaded only when asked for.
 * A target that is not part of this build fails to load with a one-line
 * CliError saying so.
 */
import { CliError, ExitCode } from '../../util/errors.js';
import type { AgentName, HookTarget } from '../hook-target.js';

type TargetModule = { target: HookTarget };

export const TARGETS: Record<AgentName, () => Promise<TargetModule>> = {
  'claude-code': () => import('./claude-code.js'),
  codex: () => import('./codex.js'),
  gemini: () => import('./gemini.js'),
  cursor: () => import('./cursor.js'),
};

export const AGENT_NAMES = Object.keys(TARGETS) as AgentName[];

export function isAgentName(name: string): name is AgentName {
  return Object.prototype.hasOwnProperty.call(TARGETS, name);
}

export async function loadTarget(agent: string): Promise<HookTarget> {
  if (!isAgentName(agent)) throw new CliError(`unknown agent "${agent}" (known: ${AGENT_NAMES.join(', ')})`, ExitCode.invalidInput);
  return (await TARGETS[agent]()).target;
}
