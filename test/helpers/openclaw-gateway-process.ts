// One gateway process, stood in for: continuity's OpenClaw plugin registered
// with a stand-in of OpenClaw's plugin API, its hooks called in the order the
// program on argv[2] gives (JSON), then the process ends, as a killed gateway
// does (no hook of its own runs). What the plugin asked of OpenClaw (turns
// started, words sent) is printed as one JSON line.
import { registerContinuity, type OpenClawApi } from '../../src/adapters/openclaw/plugin.js';

interface Program {
  storePath: string;
  /** OpenClaw's task registry: a child session → its deliveryStatus. */
  registry?: Record<string, string>;
  /** The session entry's route for words to the person (none: the session came from the CLI). */
  route?: { channel: string; to: string };
  steps: { hook: string; event: unknown; ctx: unknown }[];
}

const program = JSON.parse(process.argv[2]!) as Program;
const hooks: Record<string, (event: unknown, ctx: unknown) => Promise<unknown>> = {};
const runs: unknown[] = [];
const sent: unknown[] = [];
const api: OpenClawApi = {
  on: (name, handler) => void (hooks[name] = handler as never),
  runtime: {
    subagent: {
      run: async (params) => {
        runs.push(params);
        return { runId: params.idempotencyKey };
      },
      getSessionMessages: async () => ({ messages: [] }),
    },
    tasks: { async: { runs: { bindSession: () => ({ list: async () => Object.entries(program.registry ?? {}).map(([childSessionKey, deliveryStatus]) => ({ childSessionKey, deliveryStatus })) }) } } },
    agent: { session: { getSessionEntry: () => (program.route ? { deliveryContext: program.route } : { lastChannel: 'webchat' }) } },
    channel: { outbound: { loadAdapter: async (id) => (id === program.route?.channel ? { sendText: async (ctx) => void sent.push({ to: ctx.to, text: ctx.text }) } : undefined) } },
  },
  logger: { warn: (m) => process.stderr.write(`${m}\n`) },
};
const registration = registerContinuity(api, { env: { PATH: process.env.PATH }, storePath: program.storePath });
const results: unknown[] = [];
// "$run0" in a step: the run id of the first turn this gateway started (known only once it is started).
const bound = (x: unknown): unknown => JSON.parse(JSON.stringify(x).replaceAll('$run0', String((runs[0] as { idempotencyKey?: string } | undefined)?.idempotencyKey ?? '$run0')));
for (const s of program.steps) results.push((await hooks[s.hook]?.(bound(s.event), bound(s.ctx))) ?? null);
// Words for the person go out after the hook has answered.
await registration.idle();
process.stdout.write(`${JSON.stringify({ results, runs, sent })}\n`);
