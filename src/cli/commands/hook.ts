import { writeFd } from '../../util/write-fd.js';
import { CliError, ExitCode } from '../../util/errors.js';
import { readStdin } from '../../util/stdin.js';
import { handleClaudeCodePayload, parsePayload, PayloadError } from '../../adapters/claude-code/hook.js';
import { answerMalformed } from '../../adapters/claude-code/malformed.js';
import { flushStages, stage } from '../../util/stage-clock.js';
import { copilotVariablesSet } from '../../adapters/copilot/copilot-env.js';

const AGENTS = ['claude-code'] as const;
/**
 * Agents whose protocol is translated onto the hook events the rules read (src/hooks/).
 * Their code (src/cli/agent-hook-main.ts) is loaded only when one of them
 * calls, so a Claude Code hook call loads nothing more than before.
 */
const OTHER_AGENTS = ['codex', 'gemini', 'cursor', 'pi', 'copilot', 'opencode'] as const;

/**
 * `continuity hook <agent>`: one payload on stdin, the agent's protocol on stdout.
 * Claude Code reads exit code 2 as "block" (so do Codex and Gemini CLI; Cursor reads it as "deny"), so no failure here may exit 2:
 * a malformed payload or an internal problem is one line on stderr and exit 1,
 * which Claude Code treats as a non-blocking error.
 */
export async function run(argv: string[]): Promise<number> {
  const agent = argv[0];
  if (agent === '--help' || agent === '-h') {
    writeFd(1, `usage: continuity hook ${[...AGENTS, ...OTHER_AGENTS].join('|')} < payload.json\n`);
    return ExitCode.ok;
  }
  // Started by Copilot CLI from .claude/settings.json in a project wired for Claude Code alone: its payload is Copilot CLI's.
  // Its code (the process tree's reading) only where Copilot CLI's variables are set: without them it stands aside for nothing.
  const copilot = copilotVariablesSet(process.env) ? await import('../../adapters/copilot/stand-aside.js') : null;
  if (agent === 'claude-code' && copilot?.copilotWithoutItsWiring(process.env)) return run(['copilot']);
  if (agent && (OTHER_AGENTS as readonly string[]).includes(agent)) {
    // Loaded only for these agents: a file of its own on the hook path (see scripts/build.mjs).
    const { run: runAgent } = await import('../agent-hook-main.js');
    return runAgent(argv);
  }
  if (!agent || !(AGENTS as readonly string[]).includes(agent)) {
    throw new CliError(`hook: unknown agent "${agent ?? ''}" (supported: ${[...AGENTS, ...OTHER_AGENTS].join(', ')})`, ExitCode.invalidInput);
  }
  // Started by Copilot CLI from .claude/settings.json, where its own wiring runs `continuity hook copilot` too.
  if (copilot?.copilotSpeaksForIt(process.env)) return ExitCode.ok;
  stage('start-up');
  let raw = '';
  try {
    raw = readStdin();
    const payload = parsePayload(raw);
    stage('payload');
    const outcome = await handleClaudeCodePayload(payload, { env: process.env, now: new Date().toISOString(), fallbackCwd: process.cwd() });
    if (outcome.output) writeFd(1, `${JSON.stringify(outcome.output)}\n`);
    stage('answer');
    flushStages();
    return ExitCode.ok;
  } catch (err) {
    const message = (err instanceof Error ? err.message : String(err)).split('\n')[0] ?? '';
    writeFd(2, `continuity: ${message}\n`);
    if (err instanceof PayloadError) {
      const safe = recordMalformed(raw, message);
      if (safe) {
        writeFd(1, `${JSON.stringify(safe)}\n`);
        return ExitCode.ok;
      }
    }
    if (process.env.CONTINUITY_DEBUG && err instanceof Error) writeFd(2, `${err.stack}\n`);
    return err instanceof CliError && err.exitCode === ExitCode.refused ? ExitCode.refused : ExitCode.failure;
  }
}

// Recording must never turn a malformed payload into a crash of its own.
function recordMalformed(raw: string, message: string): Record<string, unknown> | null {
  try {
    return answerMalformed(raw, message, { env: process.env, cwd: process.cwd(), now: new Date().toISOString() });
  } catch {
    return null;
  }
}
