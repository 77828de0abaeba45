/**
 * The original command carried in front of a wrapped one, as an assignment
 * the client's shell makes for the wall's program alone
 * (`CONTINUITY_WALL_COMMAND='<the command>' env … sandbox-exec … -c 'eval "$CONTINUITY_WALL_COMMAND"'`):
 * where a library generates the wrapped command, the original is not
 * quoted by continuity inside it, so it is carried where continuity can
 * read it back exactly (the records keep the command the agent wrote). Pure.
 */
import { shQuote, unquote } from './quote.js';

export const CARRIED_ENV = 'CONTINUITY_WALL_COMMAND';

/** What the shell inside the wall runs: the carried command, as `-c` would run it. */
export const RUN_CARRIED = `eval "$${CARRIED_ENV}"`;

export function carry(command: string, wrapped: string): string {
  return `${CARRIED_ENV}=${shQuote(command)} ${wrapped}`;
}

/** The command carry() put in front of `text`, or null. */
export function carried(text: string): string | null {
  const m = new RegExp(`^${CARRIED_ENV}=('(?:[^']|'\\\\'')*') `, 's').exec(text);
  return m ? unquote(m[1]!) : null;
}
