/**
 * pi's own CLI run as a command: the subcommands that change which
 * extensions pi loads (pi 0.73.1, docs/packages.md): `pi install` (a package's
 * extensions load into pi's process as the person), `pi remove`/`uninstall`,
 * `pi update` (pi itself or its packages replaced), `pi config` (switches
 * extensions on and off in its settings). Read from the text, its quotes and
 * backslashes seen through; a name built at run time is not seen (the wall
 * keeps pi's settings and extension folders read-only to such commands).
 * Pure.
 */
import { squash } from '../../shell/mentions.js';

const ACTIONS: Readonly<Record<string, string>> = {
  install: "installs a package whose extensions pi loads into its own process, beside continuity's",
  remove: 'removes packages from the settings that decide which extensions pi loads',
  uninstall: 'removes packages from the settings that decide which extensions pi loads',
  update: 'replaces pi or its packages',
  config: "switches pi's extensions on and off in its settings",
};

const AT = /(?:^|[\s/;&|(`$=])pi\s+(install|remove|uninstall|update|config)(?=$|[\s;&|)])/i;

/** Cheap: does the command name one of pi's subcommands that change its extensions? */
export function namesPiCli(command: string): boolean {
  return AT.test(squash(command));
}

/** Why the command may not run, or null. */
export function piCliRefusal(command: string): string | null {
  const m = AT.exec(squash(command));
  if (!m) return null;
  const sub = m[1]!.toLowerCase();
  return `\`pi ${sub}\` ${ACTIONS[sub]}: pi runs continuity's extension; a person does that outside the agent`;
}
