/**
 * The tools the delivery watchdog watches, and whether a call comes from
 * inside a subagent: names only, imported by its rules' cheap checks
 * (tool-rules.ts) and by its handlers alike.
 */

/** The tool that dispatches a subagent (`Task` before Claude Code 2.1). */
export const AGENT_TOOLS: ReadonlySet<string> = new Set(['Agent', 'Task']);
/** Tools that read a background subagent's output. */
export const OUTPUT_TOOLS: ReadonlySet<string> = new Set(['TaskOutput', 'AgentOutputTool']);

/** A hook call made inside a subagent carries its agent_id; the watchdog acts for the main conversation only. */
export function fromSubagent(p: object): boolean {
  const id = (p as { agent_id?: unknown }).agent_id;
  return typeof id === 'string' && id !== '';
}
