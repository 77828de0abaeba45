/**
 * A stand-in for the OpenClaw gateway around continuity's plugin: the part
 * of OpenClaw's plugin API the plugin uses (`on`, the runtime's turn starter,
 * task registry, session entries and channel adapters), the plugin
 * registered with it as the gateway registers it, and its hooks called one
 * at a time as the gateway calls them. What the plugin asked of OpenClaw
 * (turns started, words sent to the person) is kept. It runs continuity's
 * OpenClaw part where no gateway is run (the hand-over demo, the plugin's
 * restart tests), and stands for no more of OpenClaw than that.
 */
import { registerContinuity, type OpenClawApi, type PluginOptions } from '../../adapters/openclaw/plugin.js';

export interface GatewayStandInOptions {
  /** OpenClaw's task registry: a child session → its deliveryStatus. */
  registry?: Readonly<Record<string, string>>;
  /** The session entry's route for words to the person (none: the session came from the CLI). */
  route?: { channel: string; to: string };
  /** The gateway's log: what the plugin warns of. */
  warn: (message: string) => void;
  /** What the gateway's plugin loader passes on (its environment, the plugin's store). */
  plugin: PluginOptions;
}

export interface GatewayStandIn {
  /** Calls the plugin's handler of `hook`, as the gateway does; undefined when the plugin registered none. */
  call(hook: string, event: unknown, ctx: unknown): Promise<unknown>;
  /** Turns the plugin started (api.runtime.subagent.run), in order. */
  runs: { sessionKey: string; message: string; deliver?: boolean; idempotencyKey?: string }[];
  /** Words the plugin sent to the person through the route's channel. */
  sent: { to: unknown; text: unknown }[];
  /** Settles once the words for the person handled so far are sent or recorded (they go out after the hook has answered). */
  idle(): Promise<void>;
}

export function startGatewayStandIn(o: GatewayStandInOptions): GatewayStandIn {
  const hooks: Record<string, (event: unknown, ctx: unknown) => unknown> = {};
  const runs: GatewayStandIn['runs'] = [];
  const sent: GatewayStandIn['sent'] = [];
  const taskRuns = () => Object.entries(o.registry ?? {}).map(([childSessionKey, deliveryStatus]) => ({ childSessionKey, deliveryStatus }));
  const api: OpenClawApi = {
    on: (name, handler) => void (hooks[name] = handler),
    runtime: {
      subagent: {
        run: async (params) => {
          runs.push(params);
          // OpenClaw uses the idempotency key as the run id.
          return { runId: params.idempotencyKey };
        },
        getSessionMessages: async () => ({ messages: [] }),
      },
      // OpenClaw's two readings of its task registry: in its memory, and through its database worker.
      tasks: { runs: { bindSession: () => ({ list: taskRuns }) }, async: { runs: { bindSession: () => ({ list: async () => taskRuns() }) } } },
      agent: { session: { getSessionEntry: () => (o.route ? { deliveryContext: o.route } : { lastChannel: 'webchat' }) } },
      channel: { outbound: { loadAdapter: async (id) => (id === o.route?.channel ? { sendText: async (ctx) => void sent.push({ to: ctx.to, text: ctx.text }) } : undefined) } },
    },
    logger: { warn: o.warn },
  };
  const registration = registerContinuity(api, o.plugin);
  return {
    call: async (hook, event, ctx) => hooks[hook]?.(event, ctx),
    runs,
    sent,
    idle: () => registration.idle(),
  };
}
