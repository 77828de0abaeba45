/**
 * The OpenClaw half of `continuity init --agent openclaw`: continuity's
 * entries in the gateway's config (src/install/targets/openclaw.ts), and the
 * record of them in continuity's state home (src/install/openclaw-record.ts),
 * so that `--uninstall` in the last project that asked for them gives the
 * config back byte for byte. The plugin itself is OpenClaw's to install
 * (`openclaw plugins install <clone>/openclaw`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openClawConfigPath, openClawStateDir } from '../../adapters/openclaw/config-path.js';
import { InvalidSettingsError } from '../../install/hook-target.js';
import { openClawRecordPath, parseOpenClawRecord, renderOpenClawRecord, withProject } from '../../install/openclaw-record.js';
import { packageRoot } from '../../install/this-install.js';
import { gatewayWiring, installGatewayEntries, OPENCLAW_PLUGIN_ID, uninstallGatewayEntries, type GatewayWiring } from '../../install/targets/openclaw.js';
import { CliError, ExitCode } from '../../util/errors.js';

/** What init-openclaw needs of init's file access and report (init.ts's Files and Report). */
export interface InitFiles {
  read(path: string): string | null;
  write(path: string, text: string): void;
  remove(path: string): void;
}
export type InitLine = (verb: 'created' | 'changed' | 'removed' | 'restored' | 'unchanged' | 'kept' | 'note', what: string, why?: string) => void;

export function gatewayConfigPath(env: NodeJS.ProcessEnv = process.env): string {
  const path = openClawConfigPath(env);
  if (!path) throw new CliError('init: no home folder to find OpenClaw\'s config in; set OPENCLAW_CONFIG_PATH (or OPENCLAW_STATE_DIR) as the gateway has it', ExitCode.config);
  return path;
}

function configError(err: unknown): unknown {
  return err instanceof InvalidSettingsError ? new CliError(`init: ${err.message}`, ExitCode.config) : err;
}

function readRecord(files: InitFiles, config: string) {
  const path = openClawRecordPath(config);
  try {
    return { path, record: parseOpenClawRecord(files.read(path), config, path) };
  } catch (err) {
    throw new CliError(`init: ${(err as Error).message}; nothing was changed (move it aside to start the record again)`, ExitCode.config);
  }
}

export function installOpenClaw(root: string, files: InitFiles, line: InitLine): void {
  const config = gatewayConfigPath();
  const before = files.read(config);
  let install;
  try {
    install = installGatewayEntries(before, config);
  } catch (err) {
    throw configError(err);
  }
  const { path: recordPath, record } = readRecord(files, config);
  const next = withProject(record, config, root, install.edits, before === null);
  if (install.text !== before) {
    files.write(config, install.text);
    const what = install.edits.map((e) => (e.kind === 'allow' ? `"${OPENCLAW_PLUGIN_ID}" added to plugins.allow` : `plugins.entries.${OPENCLAW_PLUGIN_ID}.hooks.allowConversationAccess set to true`)).join('; ');
    line(before === null ? 'created' : 'changed', config, `OpenClaw's config: ${what} (the gateway applies it without a restart)`);
  } else {
    line('unchanged', config, "OpenClaw's config already has continuity's entries");
  }
  if (renderOpenClawRecord(next) !== (record ? renderOpenClawRecord(record) : null)) files.write(recordPath, renderOpenClawRecord(next));
  for (const note of wiringNotes(gatewayWiring(install.text, config), installedPlugin(install.text, config))) line('note', config, note);
}

export function uninstallOpenClaw(root: string, files: InitFiles, line: InitLine): void {
  const config = gatewayConfigPath();
  const { path: recordPath, record } = readRecord(files, config);
  if (!record || !record.projects.includes(root)) {
    line('unchanged', config, 'init did not add continuity\'s entries to it for this project');
    return;
  }
  const others = record.projects.filter((p) => p !== root);
  if (others.length > 0) {
    files.write(recordPath, renderOpenClawRecord({ ...record, projects: others }));
    line('kept', config, `continuity's entries stay: ${others.length === 1 ? 'another project' : `${others.length} other projects`} set up with init use the same gateway (${others.join(', ')})`);
    return;
  }
  const current = files.read(config);
  if (current !== null) {
    let rest: string | null;
    try {
      rest = uninstallGatewayEntries(current, record.edits, config, record.created);
    } catch (err) {
      throw configError(err);
    }
    if (rest === null) {
      files.remove(config);
      line('removed', config, 'init had created it and nothing else is in it');
    } else if (rest !== current) {
      files.write(config, rest);
      line('changed', config, "continuity's entries taken out; the rest is as it was");
    } else {
      line('unchanged', config, "continuity's entries are no longer in it");
    }
  }
  files.remove(recordPath);
  line('note', config, `the plugin stays installed in OpenClaw: \`openclaw plugins uninstall ${OPENCLAW_PLUGIN_ID}\` removes it`);
}

/** Where OpenClaw has the plugin: linked (`plugins.load.paths`) or copied into its state folder; null when neither. */
export function installedPlugin(configText: string | null, config: string, env: NodeJS.ProcessEnv = process.env): { how: 'linked' | 'copied'; dir: string } | null {
  let loadPaths: string[] = [];
  try {
    loadPaths = configText === null ? [] : gatewayWiring(configText, config).loadPaths;
  } catch {
    // unreadable: reported elsewhere
  }
  const isOurs = (dir: string) => {
    try {
      return (JSON.parse(readFileSync(join(dir, 'openclaw.plugin.json'), 'utf8')) as { id?: unknown }).id === OPENCLAW_PLUGIN_ID;
    } catch {
      return false;
    }
  };
  const linked = loadPaths.find(isOurs);
  if (linked) return { how: 'linked', dir: linked };
  const state = openClawStateDir(env);
  const copy = state ? join(state, 'extensions', OPENCLAW_PLUGIN_ID) : null;
  return copy && isOurs(copy) ? { how: 'copied', dir: copy } : null;
}

/** The clone's plugin folder, for the install command in messages. */
export function pluginSource(): string {
  const root = packageRoot();
  const dir = root ? join(root, 'openclaw') : null;
  return dir && existsSync(join(dir, 'openclaw.plugin.json')) ? dir : '<clone>/openclaw';
}

/** What keeps the plugin from running, beyond the entries init writes. */
export function wiringNotes(w: GatewayWiring, installed: { how: string; dir: string } | null): string[] {
  const notes: string[] = [];
  if (!installed) notes.push(`the plugin is not installed in OpenClaw: run \`openclaw plugins install ${pluginSource()}\``);
  if (w.pluginsDisabled) notes.push('plugins.enabled is false: OpenClaw loads no plugin');
  if (w.denied) notes.push(`plugins.deny names "${OPENCLAW_PLUGIN_ID}": OpenClaw does not load it; take it out by hand`);
  if (w.entryEnabled === false) notes.push(`plugins.entries.${OPENCLAW_PLUGIN_ID}.enabled is false: \`openclaw plugins enable ${OPENCLAW_PLUGIN_ID}\` turns it on`);
  return notes;
}

