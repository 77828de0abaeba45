/**
 * continuity's own wall on macOS: the same spec as on Linux (spec.ts), as a
 * Seatbelt profile that @anthropic-ai/sandbox-runtime generates, run with
 * `sandbox-exec`. Here the library's command is used whole: on macOS it
 * holds everything in itself (the profile inline, no mount points, no file
 * or descriptor of the process that generated it), so a hook can hand it to
 * the client and exit. The library adds its own deny list (shell start-up
 * files, `.gitconfig`, `.gitmodules`, `.mcp.json`, editor folders,
 * `.claude/commands`, `.claude/agents`, `.git/hooks`, `.git/config`, in the
 * project and below it) and leaves the network as it is.
 *
 * What continuity adds on top, by hand: the original command carried in
 * front (carried.ts), so that the records read it back exactly; the
 * library's temporary folder for the command (`TMPDIR=/tmp/claude`) made
 * where missing (own-wall.ts), which its own manager would otherwise make.
 * What Seatbelt cannot do: a writable folder of the call's own over `~/.npm/_npx`
 * (there is no mount); it stays read-only, so `npx` of a package not yet in
 * the person's npx cache fails inside the wall on macOS.
 * Not run on a Mac by continuity's tests: they check the profile generated.
 */
import { wrapCommandWithSandboxMacOS } from '@anthropic-ai/sandbox-runtime/dist/sandbox/macos-sandbox-utils.js';
import { getDefaultWritePaths } from '@anthropic-ai/sandbox-runtime/dist/sandbox/sandbox-utils.js';
import type { WallSpec } from './bwrap.js';
import { WALL_ENV } from './bwrap.js';
import { carry, RUN_CARRIED } from './carried.js';
import { engineDenyPaths } from './engine-denies.js';

/**
 * `root`: the project. The library anchors its deny list at the process's
 * working folder (the project for a hook process, not for a plugin in the
 * OpenClaw gateway): the list is also given for the project itself, missing
 * names included (a Seatbelt rule needs no file to stand on).
 */
export function seatbeltCommand(spec: WallSpec, root: string, command: string): string {
  const wrapped = wrapCommandWithSandboxMacOS({
    command: RUN_CARRIED,
    needsNetworkRestriction: false,
    readConfig: { denyOnly: [...spec.hidden.dirs, ...spec.hidden.files], allowWithinDeny: [...spec.reopened] },
    // Placeholders (a folder that must stand read-only where missing) need no folder on macOS: a path rule holds either way.
    // With the library's own: the devices a command writes its output to, and the TMPDIR it hands the command (/tmp/claude).
    writeConfig: { allowOnly: [...spec.writable, ...spec.reopened, ...getDefaultWritePaths({ denyRead: [...spec.hidden.dirs, ...spec.hidden.files] })], denyWithinAllow: [...spec.readOnly, ...spec.placeholders, ...engineDenyPaths(root)] },
    unsetEnvVars: [...spec.unsetEnv],
    setEnvVars: { [WALL_ENV]: 'sandbox-exec' },
    // OpenClaw's `pty` runs the command on a pseudo-terminal.
    allowPty: true,
    binShell: spec.shell.path,
  });
  return carry(command, wrapped);
}
