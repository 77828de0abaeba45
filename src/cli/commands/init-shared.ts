/**
 * `continuity init --shared URL`: joins the project to the team's shared
 * ledger. The project's config records where it is (host, port, database);
 * the credentials stay out of the project: a URL with a password is written to
 * ~/.config/continuity/shared/<project>.url (mode 0600), one without is left
 * to CONTINUITY_SHARED_URL, PGPASSWORD or ~/.pgpass at each sync. A first
 * exchange checks the connection and pushes what this machine has recorded.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseTree } from 'jsonc-parser';
import { CONFIG_PATH, parseConfig } from '../../config/load.js';
import { defaultConfigText } from '../../install/default-config.js';
import { appendMember } from '../../install/jsonc-edit.js';
import { describeAddress, parseSharedUrl, type SharedAddress } from '../../shared/address.js';
import { credentialsFile } from '../../shared/credentials.js';
import { projectIdentity } from '../../shared/identity.js';
import { syncPass } from '../../app/shared-sync.js';
import { CliError, ExitCode } from '../../util/errors.js';
import { withLedger } from '../project.js';
import { renderSyncReport } from '../render/sync-report.js';

export async function joinShared(root: string, urlArg: string | true, env: NodeJS.ProcessEnv): Promise<number> {
  const url = urlArg === true ? env.CONTINUITY_SHARED_URL?.trim() : urlArg;
  if (!url) throw new CliError('init --shared: give the URL (postgres://host:port/database) or set CONTINUITY_SHARED_URL', ExitCode.invalidInput);
  const parsed = parseSharedUrl(url);
  if (!parsed.ok) throw new CliError(`init --shared: ${parsed.why}`, ExitCode.invalidInput);
  const identity = projectIdentity(root);
  if ('error' in identity) throw new CliError(`init --shared: ${identity.error}`, ExitCode.invalidInput);
  const lines: string[] = [];
  const configPath = join(root, CONFIG_PATH);
  const before = existsSync(configPath) ? readFileSync(configPath, 'utf8') : null;
  const text = withShared(before ?? defaultConfigText(), parsed.address);
  const config = await parseConfig(text, CONFIG_PATH);
  if (text !== before) {
    mkdirSync(dirname(configPath), { recursive: true });
    writeFileSync(configPath, text);
    lines.push(`changed ${CONFIG_PATH}: shared ledger ${describeAddress(parsed.address)} (no credentials)`);
  } else lines.push(`unchanged ${CONFIG_PATH}: it already names ${describeAddress(parsed.address)}`);
  if (parsed.hasPassword && url !== env.CONTINUITY_SHARED_URL?.trim()) {
    const file = credentialsFile(env, identity.id);
    if (!file) throw new CliError('init --shared: no home folder to keep the credentials in; set CONTINUITY_SHARED_URL instead', ExitCode.invalidInput);
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(file, `${url}\n`, { mode: 0o600 });
    chmodSync(file, 0o600);
    lines.push(`created ${file}: the credentials, readable by you only, outside the project`);
  }
  // config.json is guarded: what a person wrote here is recorded as authorised, and the first exchange made.
  const code = await withLedger({ create: true, adopt: new Set([CONFIG_PATH.split('\\').join('/')]) }, async (ledger) => {
    const report = await syncPass(ledger, root, config.shared!, { env, now: () => new Date().toISOString() });
    lines.push(...renderSyncReport(report));
    return report.offline ? ExitCode.ledger : ExitCode.ok;
  });
  process.stdout.write(`${lines.join('\n')}\n`);
  return code;
}

/** The config's text with the `shared` key set, every other byte kept (src/install/jsonc-edit.ts). */
function withShared(text: string, address: SharedAddress): string {
  const value = { host: address.host, port: address.port, database: address.database };
  const tree = parseTree(text);
  if (!tree || tree.type !== 'object') throw new CliError(`init --shared: ${CONFIG_PATH} is not a JSON object`, ExitCode.config);
  const existing = tree.children?.find((p) => p.children?.[0]?.value === 'shared');
  if (existing) {
    const current = existing.children?.[1];
    const same = current && JSON.stringify(['host', 'port', 'database'].map((k) => current.children?.find((c) => c.children?.[0]?.value === k)?.children?.[1]?.value)) === JSON.stringify([value.host, value.port, value.database]);
    if (same) return text;
    throw new CliError(`init --shared: ${CONFIG_PATH} already names a shared ledger; edit its "shared" key by hand to change it`, ExitCode.config);
  }
  return appendMember(text, tree, value, 'shared');
}
