/** Environment variables agents set in the shells they run commands in. */
const AGENT_SHELL_MARKERS = ['CLAUDECODE', 'AI_AGENT', 'CLAUDE_CODE_SESSION_ID', 'CLAUDE_CODE_ENTRYPOINT', 'CODEX_SANDBOX', 'CODEX_SESSION_ID', 'GEMINI_CLI', 'CURSOR_AGENT', 'OPENCLAW_SHELL'];

/** The marker that shows this command runs inside an agent's shell, if any. */
export function agentShellMarker(env: NodeJS.ProcessEnv = process.env): string | null {
  return AGENT_SHELL_MARKERS.find((k) => env[k]) ?? null;
}
