/**
 * GitHub Copilot CLI also runs the hooks of a repository's
 * `.claude/settings.json` (its hooks reference; seen on 1.0.102), with the
 * same payloads it hands its own hook files. In a project wired for both
 * clients each of its events would then reach continuity twice, recorded
 * twice (a stop counted twice towards the loop limit). Where Copilot CLI's
 * own wiring runs `continuity hook copilot`, that call speaks for the event
 * and `continuity hook claude-code`, started by Copilot CLI, stands aside.
 * Copilot CLI sets COPILOT_CLI=1 and COPILOT_PROJECT_DIR for every hook; an
 * agent's command that sets them too only makes its own made-up event go
 * unheard.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export function copilotSpeaksForIt(env: NodeJS.ProcessEnv): boolean {
  if (env.COPILOT_CLI !== '1' || !env.COPILOT_PROJECT_DIR) return false;
  try {
    return /\bhook copilot\b/.test(readFileSync(join(env.COPILOT_PROJECT_DIR, '.github', 'hooks', 'continuity.json'), 'utf8'));
  } catch {
    return false;
  }
}
