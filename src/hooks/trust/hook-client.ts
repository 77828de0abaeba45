import { agentClients, ancestors, clientArguments, clientKind, describeClient, isHookRunner, type AncestorProcess } from '../../util/process-ancestry.js';

/**
 * Who started this hook process, from its ancestors: the nearest process
 * that runs agents' hooks, and an agent client above that one (a session
 * started from inside an agent's command: `claude -p approve` in its Bash).
 */
export function hookClient(list: readonly AncestorProcess[] | null = ancestors()): { client: string | null | 'unknown'; nestedUnder: string | null } {
  if (list === null) return { client: 'unknown', nestedUnder: null };
  const runner = list.findIndex(isHookRunner);
  if (runner < 0) return { client: null, nestedUnder: null };
  // A client that relaunched itself (Gemini CLI: a child of itself, the same command with a larger heap) is one client, not one inside another.
  let first = runner + 1;
  while (list[first] && relaunched(list[first - 1]!, list[first]!)) first++;
  const above = agentClients(list.slice(first));
  return { client: describeClient(list[runner]!), nestedUnder: above.length ? describeClient(above[0]!) : null };
}

/**
 * Was this hook process started inside one of the client's tool calls?
 * Gemini CLI (0.61.0, read in its bundle) runs its hooks as plain children,
 * in its own session, and each shell command in a session of its own
 * (`detached`, or a pseudo-terminal); a process between the client and the
 * hook that is in another session than the client's is such a command. A
 * nested client (its own hooks) is the nearest runner, so it is not one.
 * False where sessions are not known (no /proc).
 */
export function startedInsideToolCall(list: readonly AncestorProcess[] | null = ancestors()): boolean {
  if (!list) return false;
  const runner = list.findIndex(isHookRunner);
  const sid = runner < 0 ? undefined : list[runner]!.sid;
  if (sid === undefined) return false;
  return list.slice(0, runner).some((p) => p.sid !== undefined && p.sid !== sid);
}

/**
 * `child` is `parent` started again with the same arguments: Gemini CLI
 * relaunching itself with a larger heap, Codex's Node launcher starting its
 * native binary. A client started inside another's command has a shell
 * between them and arguments of its own.
 */
function relaunched(child: AncestorProcess, parent: AncestorProcess): boolean {
  const kind = clientKind(child);
  return !!kind && clientKind(parent) === kind && clientArguments(child).join('\0') === clientArguments(parent).join('\0');
}
