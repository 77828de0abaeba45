// OpenClaw's part of the hand-over, played from its recording the way
// OpenClaw runs continuity: no process per hook, but continuity's plugin
// registered with (a stand-in of) the gateway's plugin API, and its hooks
// called in the gateway's order with OpenClaw-shaped events and contexts
// (as captured from OpenClaw 2026.9.6, test/fixtures/agents/openclaw-2026.9.6/).
// The `continuity task done` the agent ran from its exec is the request that
// command leaves in the inbox (inside continuity's own wall, where the
// ledger is read-only to it), taken in by the plugin's own hook: the client
// comes from the hook, not from the file's word.
import { join } from 'node:path';
import * as v from 'valibot';
import { AgentRequestSchema } from '../../app/agent-requests.js';
import { writeRequest } from '../../ledger/inbox.js';
import { startGatewayStandIn } from '../openclaw/gateway-stand-in.js';

const Step = v.union([v.object({ hook: v.string(), event: v.record(v.string(), v.unknown()), ctx: v.record(v.string(), v.unknown()) }), v.object({ request: AgentRequestSchema })]);
export const OpenClawPart = v.object({
  client: v.literal('OpenClaw'),
  version: v.string(),
  /** The session's key (`agent:main:main`): what the plugin names the session by in the ledger. */
  sessionKey: v.string(),
  /** Fields of every hook call's context (agent, session, run); a step's own come on top. `"$project"` in a step is the demo project. */
  ctx: v.record(v.string(), v.unknown()),
  steps: v.array(Step),
});
export type OpenClawPart = v.InferOutput<typeof OpenClawPart>;

export interface PlayedOpenClawPart {
  /** What the plugin's before_prompt_build prepended to the first prompt: the context OpenClaw puts in front of its model. */
  firstContext: string;
  /** Hook calls the plugin could not handle (what it warned the gateway's log of). */
  failed: string[];
}

export async function playOpenClawPart(o: { part: OpenClawPart; project: string; home: string; env: NodeJS.ProcessEnv }): Promise<PlayedOpenClawPart> {
  const played: PlayedOpenClawPart = { firstContext: '', failed: [] };
  const gateway = startGatewayStandIn({
    warn: (m) => played.failed.push(m),
    // The gateway's environment, and the plugin's store in its state folder (in the demo's HOME).
    plugin: { env: o.env, storePath: join(o.home, '.openclaw', 'continuity', 'openclaw-plugin-state.json') },
  });
  const inProject = (x: Record<string, unknown>) => JSON.parse(JSON.stringify(x).replaceAll('$project', JSON.stringify(o.project).slice(1, -1))) as Record<string, unknown>;
  for (const step of o.part.steps) {
    if ('request' in step) {
      // What the agent's command left in the inbox (src/cli/requests.ts writes the same record): the session the plugin's hooks name.
      writeRequest(o.project, { v: 1, at: new Date().toISOString(), sessionId: o.part.sessionKey, client: 'openclaw', request: step.request });
      continue;
    }
    const ctx = { ...o.part.ctx, sessionKey: o.part.sessionKey, ...inProject(step.ctx) };
    const event = inProject(step.event);
    // OpenClaw admits the run with the prompt as the model gets it: the plugins' context prepended.
    if (step.hook === 'before_agent_run' && played.firstContext) event.prompt = `${played.firstContext}\n\n${String(event.prompt)}`;
    const answer = (await gateway.call(step.hook, event, ctx)) as { prependContext?: unknown } | undefined;
    if (step.hook === 'before_prompt_build' && !played.firstContext && typeof answer?.prependContext === 'string') played.firstContext = answer.prependContext;
  }
  await gateway.idle();
  return played;
}
