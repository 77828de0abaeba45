// Running the real Codex CLI offline against the scripted Responses API
// server (responses-server.ts): what a person sets by hand, written here.
// - the model provider: `config.toml` with a provider whose `base_url` is the
//   scripted server (`wire_api = "responses"`), and a model catalog
//   (`model_catalog_json`) naming the scripted model, so Codex offers it its
//   `apply_patch` and subagent tools as it does to its own models;
// - trusting the project (`[projects."<dir>"] trust_level = "trusted"`) and
//   reviewing its hooks: `/hooks` in Codex's UI records each hook's hash as
//   `[hooks.state."<key>"] trusted_hash`; here the hashes come from Codex's
//   own app server (`hooks/list`), the list that UI shows.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const SCRIPTED_MODEL = 'scripted';

/** The API key Codex sends the scripted server (read from SCRIPTED_API_KEY): not a key anything else accepts. */
export const CODEX_SCRIPTED_ENV = { SCRIPTED_API_KEY: 'scripted-offline-key' };

/** The catalog entry Codex needs for a model it does not know (its fields as 0.169.0 requires them). */
const CATALOG = {
  models: [
    {
      slug: SCRIPTED_MODEL,
      display_name: SCRIPTED_MODEL,
      description: 'A scripted model on 127.0.0.1.',
      base_instructions: 'You are a scripted model.',
      supported_reasoning_levels: [],
      shell_type: 'shell_command',
      visibility: 'list',
      supported_in_api: true,
      priority: 1,
      apply_patch_tool_type: 'freeform',
      multi_agent_version: 'v1',
      truncation_policy: { mode: 'tokens', limit: 10000 },
      context_window: 272000,
      input_modalities: ['text'],
      supports_parallel_tool_calls: false,
      support_verbosity: false,
      experimental_supported_tools: [],
    },
  ],
};

/** A hook Codex trusts: its key and the hash `/hooks` recorded. */
export interface TrustedHook {
  key: string;
  hash: string;
}

/** Writes the model catalog into CODEX_HOME. */
export function writeCodexCatalog(codexHome: string): void {
  mkdirSync(codexHome, { recursive: true });
  writeFileSync(join(codexHome, 'catalog.json'), JSON.stringify(CATALOG, null, 2));
}

/** `CODEX_HOME/config.toml`: the scripted provider at `baseUrl`, the project trusted, its hooks trusted. */
export function writeCodexConfig(o: { codexHome: string; project: string; baseUrl: string; trusted: readonly TrustedHook[]; approvalPolicy?: string; fullAccess?: boolean; extra?: readonly string[] }): void {
  const lines = [
    `model = "${SCRIPTED_MODEL}"`,
    'model_provider = "scripted"',
    `model_catalog_json = ${JSON.stringify(join(o.codexHome, 'catalog.json'))}`,
    `approval_policy = ${JSON.stringify(o.approvalPolicy ?? 'never')}`,
    ...(o.fullAccess ? ['sandbox_mode = "danger-full-access"'] : []),
    'check_for_update_on_startup = false',
    ...(o.extra ?? []),
    '',
    '[model_providers.scripted]',
    'name = "scripted"',
    `base_url = "${o.baseUrl}/v1"`,
    'wire_api = "responses"',
    'env_key = "SCRIPTED_API_KEY"',
    'request_max_retries = 0',
    'stream_max_retries = 0',
    '',
    `[projects.${JSON.stringify(o.project)}]`,
    'trust_level = "trusted"',
    '',
    ...o.trusted.flatMap((t) => [`[hooks.state.${JSON.stringify(t.key)}]`, `trusted_hash = ${JSON.stringify(t.hash)}`, '']),
  ];
  writeFileSync(join(o.codexHome, 'config.toml'), lines.join('\n'));
}

export interface CodexHook {
  key: string;
  eventName: string;
  command: string;
  currentHash: string;
  trustStatus: string;
  source: string;
}

/** The hooks Codex finds for a project, with their hashes and trust (its app server's `hooks/list`). */
export async function codexHookList(bin: string, project: string, env: NodeJS.ProcessEnv): Promise<CodexHook[]> {
  const reply = await appServerCall(bin, project, env, 'hooks/list', { cwds: [project] });
  const data = (reply as { data?: { hooks?: unknown[] }[] }).data ?? [];
  return data.flatMap((d) => (d.hooks ?? []) as CodexHook[]);
}

/** What a person does in `/hooks`: every hook of the project trusted as it is now. */
export function projectHooksTrusted(hooks: readonly CodexHook[]): TrustedHook[] {
  return hooks.filter((h) => h.source === 'project').map((h) => ({ key: h.key, hash: h.currentHash }));
}

/** `codex --version` (`codex-cli 0.169.0`), or null when the file does not answer as Codex does. */
export function codexVersion(bin: string, env: NodeJS.ProcessEnv): string | null {
  const r = spawnSync(bin, ['--version'], { encoding: 'utf8', timeout: 30_000, env });
  const m = r.status === 0 && typeof r.stdout === 'string' ? /^codex-cli (\d+\.\d+\.\d+)/m.exec(r.stdout.trim()) : null;
  return m ? m[1]! : null;
}

/** One JSON-RPC call to `codex app-server` (stdio), after its `initialize` handshake. */
async function appServerCall(bin: string, cwd: string, env: NodeJS.ProcessEnv, method: string, params: unknown): Promise<unknown> {
  const child = spawn(bin, ['app-server'], { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
  let buf = '';
  const waiting = new Map<number, (m: { result?: unknown; error?: unknown }) => void>();
  child.stdout.on('data', (d) => {
    buf += d;
    for (let i = buf.indexOf('\n'); i >= 0; i = buf.indexOf('\n')) {
      const line = buf.slice(0, i);
      buf = buf.slice(i + 1);
      try {
        const m = JSON.parse(line) as { id?: number; result?: unknown; error?: unknown };
        if (typeof m.id === 'number') waiting.get(m.id)?.(m);
      } catch {
        // not a message
      }
    }
  });
  const exited = new Promise<never>((_, fail) => child.on('error', fail));
  let id = 0;
  const call = (m: string, p: unknown) =>
    Promise.race([
      exited,
      new Promise<unknown>((ok, fail) => {
        const n = ++id;
        const timer = setTimeout(() => fail(new Error(`codex app-server: no answer to ${m}`)), 30_000);
        waiting.set(n, (r) => {
          clearTimeout(timer);
          if (r.error) fail(new Error(`codex app-server ${m}: ${JSON.stringify(r.error)}`));
          else ok(r.result);
        });
        child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: n, method: m, params: p })}\n`);
      }),
    ]);
  try {
    await call('initialize', { clientInfo: { name: 'continuity', version: '0' } });
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'initialized' })}\n`);
    return await call(method, params);
  } finally {
    child.kill('SIGKILL');
  }
}
