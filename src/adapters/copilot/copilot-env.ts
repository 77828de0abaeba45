/**
 * Copilot CLI sets COPILOT_CLI=1 and COPILOT_PROJECT_DIR for every hook it
 * runs (stand-aside.ts). Without them a call was not started by it, and a
 * Claude Code hook call loads none of the code that finds its client among
 * the hook's ancestors.
 */
export function copilotVariablesSet(env: NodeJS.ProcessEnv): boolean {
  return env.COPILOT_CLI === '1' && !!env.COPILOT_PROJECT_DIR;
}
