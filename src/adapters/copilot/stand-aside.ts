/**
 * GitHub Copilot CLI also runs the hooks of a repository's
 * `.claude/settings.json` (its hooks reference; seen on 1.0.102), with the
 * same payloads it hands its own hook files. In a project wired for both
 * clients each of its events would then reach continuity twice, recorded
 * twice (a stop counted twice towards the loop limit). Where Copilot CLI's
 * own wiring runs `continuity hook copilot`, that call speaks for the event
 * and `continuity hook claude-code`, started by Copilot CLI, stands aside.
 * Copilot CLI sets COPILOT_CLI=1 and COPILOT_PROJECT_DIR for every hook, and
 * is then the nearest agent client above the hook: a Claude Code started
 * from inside a Copilot CLI shell inherits the variables but is itself the
 * nearest client, and its hooks answer. An agent's command that sets them
 * only makes its own made-up event go unheard.
 *
 * In a project wired for Claude Code alone, the same call is all there is:
 * it answers as Copilot CLI's own hook would (`copilotWithoutItsWiring`),
 * so that the rules hold in a Copilot CLI session there too. Read as
 * Claude Code's, Copilot CLI's payloads name its own tool arguments
 * (`path`, `file_text`), which the guards would not see.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { callerAgent } from '../../util/process-ancestry.js';
import { copilotVariablesSet } from './copilot-env.js';

/** `caller`: the nearest agent client above this process (src/util/process-ancestry.ts). */
export function copilotSpeaksForIt(env: NodeJS.ProcessEnv, caller: () => string = callerAgent): boolean {
  return startedByCopilot(env, caller) && copilotWired(String(env.COPILOT_PROJECT_DIR));
}

/** Started by Copilot CLI in a project where its own wiring does not run `continuity hook copilot`. */
export function copilotWithoutItsWiring(env: NodeJS.ProcessEnv, caller: () => string = callerAgent): boolean {
  return startedByCopilot(env, caller) && !copilotWired(String(env.COPILOT_PROJECT_DIR));
}

function startedByCopilot(env: NodeJS.ProcessEnv, caller: () => string): boolean {
  if (!copilotVariablesSet(env)) return false;
  // No client above (a script) or a platform that does not say: the variables decide. A made-up event gets
  // no further than Copilot CLI's own hook lets it: approval there needs Copilot CLI among the hook's ancestors.
  const nearest = caller();
  return nearest === 'copilot' || nearest === 'unknown';
}

function copilotWired(project: string): boolean {
  try {
    return /\bhook copilot\b/.test(readFileSync(join(project, '.github', 'hooks', 'continuity.json'), 'utf8'));
  } catch {
    return false;
  }
}
