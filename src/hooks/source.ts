/** The agent an event source names (`hook:codex` → `codex`): what the watchdog's runs record as their source. */
export function agentOfSource(source: string): string {
  return source.startsWith('hook:') ? source.slice('hook:'.length) : source;
}
