// One gateway process, stood in for: continuity's OpenClaw plugin registered
// with the stand-in of OpenClaw's plugin API (src/demo/openclaw/gateway-stand-in.ts),
// its hooks called in the order the program on argv[2] gives (JSON), then the
// process ends, as a killed gateway does (no hook of its own runs). What the
// plugin asked of OpenClaw (turns started, words sent) is printed as one JSON line.
import { startGatewayStandIn } from '../../src/demo/openclaw/gateway-stand-in.js';

interface Program {
  storePath: string;
  /** OpenClaw's task registry: a child session → its deliveryStatus. */
  registry?: Record<string, string>;
  /** The session entry's route for words to the person (none: the session came from the CLI). */
  route?: { channel: string; to: string };
  steps: { hook: string; event: unknown; ctx: unknown }[];
}

const program = JSON.parse(process.argv[2]!) as Program;
const gateway = startGatewayStandIn({
  registry: program.registry,
  route: program.route,
  warn: (m) => process.stderr.write(`${m}\n`),
  plugin: { env: { PATH: process.env.PATH }, storePath: program.storePath },
});
const results: unknown[] = [];
// "$run0" in a step: the run id of the first turn this gateway started (known only once it is started).
const bound = (x: unknown): unknown => JSON.parse(JSON.stringify(x).replaceAll('$run0', String(gateway.runs[0]?.idempotencyKey ?? '$run0')));
for (const s of program.steps) results.push((await gateway.call(s.hook, bound(s.event), bound(s.ctx))) ?? null);
// Words for the person go out after the hook has answered.
await gateway.idle();
process.stdout.write(`${JSON.stringify({ results, runs: gateway.runs, sent: gateway.sent })}\n`);
