/**
 * How wide and whether in colour: decided once from the output stream and
 * the environment, then handed to the pure renderers.
 *
 * Colour (https://no-color.org, https://force-color.org):
 *   NO_COLOR set to anything but ''  → never, whatever else is set;
 *   FORCE_COLOR '0' or 'false'       → never;
 *   FORCE_COLOR anything else but '' → always, even into a pipe;
 *   otherwise                        → only on a terminal whose TERM is not 'dumb'.
 * Width: the terminal's columns (between MIN_WIDTH and MAX_WIDTH); 80 into a pipe or file.
 */
export interface TerminalOptions {
  width: number;
  colour: boolean;
}

export const PIPE_WIDTH = 80;
/** Wider lines are harder to read than they are useful. */
export const MAX_WIDTH = 120;
/** Below this the layout has no room left; a narrower terminal wraps. */
export const MIN_WIDTH = 20;

export interface OutputStream {
  isTTY?: boolean;
  columns?: number;
}

export function colourWanted(isTTY: boolean, env: NodeJS.ProcessEnv): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined && force !== '') return force !== '0' && force.toLowerCase() !== 'false';
  return isTTY && env.TERM !== 'dumb';
}

export function widthFor(out: OutputStream): number {
  if (!out.isTTY || !out.columns || out.columns <= 0) return PIPE_WIDTH;
  return Math.max(MIN_WIDTH, Math.min(MAX_WIDTH, Math.floor(out.columns)));
}

export function terminalOptions(out: OutputStream, env: NodeJS.ProcessEnv): TerminalOptions {
  return { width: widthFor(out), colour: colourWanted(!!out.isTTY, env) };
}

/** The local time zone, for times shown to the person at this terminal ('UTC' when unknown). */
export function localTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
