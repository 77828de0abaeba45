import { agentClients, ancestors, describeClient, isHookRunner } from '../../util/process-ancestry.js';

/**
 * Who started this hook process, from its ancestors: the nearest process
 * that runs agents' hooks, and an agent client above that one (a session
 * started from inside an agent's command: `claude -p approve` in its Bash).
 */
export function hookClient(): { client: string | null | 'unknown'; nestedUnder: string | null } {
  const list = ancestors();
  if (list === null) return { client: 'unknown', nestedUnder: null };
  const runner = list.findIndex(isHookRunner);
  if (runner < 0) return { client: null, nestedUnder: null };
  const above = agentClients(list.slice(runner + 1));
  return { client: describeClient(list[runner]!), nestedUnder: above.length ? describeClient(above[0]!) : null };
}
