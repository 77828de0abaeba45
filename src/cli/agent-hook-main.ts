/**
 * `continuity hook codex|gemini|cursor|pi|copilot|opencode`. The hook command loads it only for
 * these agents, so a Claude Code hook call loads none of it.
 */
import { writeFd } from '../util/write-fd.js';
import { readStdin } from '../util/stdin.js';
import { PayloadError } from '../hooks/hook-payload.js';
import { recordMalformed } from '../adapters/bridge/malformed.js';
import { runAgentHook } from '../adapters/bridge/run.js';
import type { AgentAdapter, BridgedAgent } from '../adapters/bridge/types.js';
import { adapter as codex } from '../adapters/codex/hook.js';
import { adapter as cursor } from '../adapters/cursor/hook.js';
import { adapter as gemini } from '../adapters/gemini/hook.js';
import { adapter as pi } from '../adapters/pi/hook.js';
import { adapter as copilot } from '../adapters/copilot/hook.js';
import { adapter as opencode } from '../adapters/opencode/hook.js';
import { CliError, ExitCode } from '../util/errors.js';

const ADAPTERS: Record<BridgedAgent, AgentAdapter<never>> = {
  codex: codex as AgentAdapter<never>,
  gemini: gemini as AgentAdapter<never>,
  cursor: cursor as AgentAdapter<never>,
  pi: pi as AgentAdapter<never>,
  copilot: copilot as AgentAdapter<never>,
  opencode: opencode as AgentAdapter<never>,
};

/**
 * One payload of the agent's on stdin, an answer in its protocol on stdout.
 * A malformed payload or an internal problem is one line on stderr and exit
 * 1: none of these agents reads 1 as "block" (Codex and Gemini CLI read 2
 * that way, Cursor reads 2 as "deny"). A hook run inside the wall exits 6
 * (refused): no client runs its hooks there.
 */
export async function run(argv: string[]): Promise<number> {
  const agent = argv[0] as BridgedAgent;
  const adapter = ADAPTERS[agent];
  const now = new Date().toISOString();
  let raw = '';
  try {
    raw = readStdin();
    const answer = await runAgentHook(adapter, raw, { env: process.env, now, cwd: process.cwd() });
    if (answer.stdout) writeFd(1, `${JSON.stringify(answer.stdout)}\n`);
    return answer.exitCode;
  } catch (err) {
    const message = (err instanceof Error ? err.message : String(err)).split('\n')[0] ?? '';
    writeFd(2, `continuity: ${message}\n`);
    if (err instanceof PayloadError) {
      try {
        recordMalformed(agent, raw, message, { env: process.env, cwd: process.cwd(), now });
      } catch {
        // Recording must never turn a malformed payload into a crash of its own.
      }
    }
    if (process.env.CONTINUITY_DEBUG && err instanceof Error) writeFd(2, `${err.stack}\n`);
    // A hook event piped in from inside the wall is refused (6), as `continuity hook claude-code` refuses it.
    return err instanceof CliError && err.exitCode === ExitCode.refused ? ExitCode.refused : ExitCode.failure;
  }
}
