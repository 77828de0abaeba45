/**
 * Exit codes are part of the CLI contract (documented in the README).
 * Every expected failure is a CliError: one line on stderr, a known code, no stack.
 */
export const ExitCode = {
  ok: 0,
  /** `gate evaluate`: continuity failure. `hook`: malformed payload (non-blocking for Claude Code). `doctor`: a check failed. */
  failure: 1,
  /** Bad usage or invalid input (arguments, stdin JSON, plan content). */
  invalidInput: 2,
  /** A file could not be read or written. */
  io: 3,
  /** `.continuity/config.json` is invalid; for `init`, the agent's settings file is (and is left untouched). */
  config: 4,
  /** The ledger cannot be opened or is corrupt. */
  ledger: 5,
  /** Refused: an action only a person may take was attempted from an agent (recorded as a violation). */
  refused: 6,
  /** An unexpected internal error (a bug): still one line, never a stack trace. */
  internal: 70,
} as const;

export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];

/**
 * The hook path is bundled into files loaded on demand, each with its own copy
 * of this class (scripts/build.mjs); a registered symbol marks every copy's
 * errors, so `instanceof CliError` holds whichever file threw.
 */
const CLI_ERROR: unique symbol = Symbol.for('continuity.CliError') as never;

export class CliError extends Error {
  readonly [CLI_ERROR] = true;

  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && (value as { [CLI_ERROR]?: unknown })[CLI_ERROR] === true;
  }

  constructor(
    message: string,
    readonly exitCode: ExitCodeValue = ExitCode.invalidInput,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** Turns an fs error into a one-line message naming the file. */
export function ioError(path: string, err: unknown, verb = 'read'): CliError {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  const why =
    code === 'ENOENT' ? 'no such file'
    : code === 'EACCES' || code === 'EPERM' ? 'permission denied'
    : code === 'EISDIR' ? 'is a directory'
    : err instanceof Error ? err.message
    : String(err);
  return new CliError(`cannot ${verb} ${path}: ${why}`, ExitCode.io);
}
