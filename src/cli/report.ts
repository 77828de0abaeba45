import { CliError, ExitCode } from '../util/errors.js';

/**
 * Runs a command and turns its outcome into an exit code. Exit codes are set,
 * never forced with process.exit, so piped output is always flushed. Errors
 * are one line; CONTINUITY_DEBUG=1 adds the stack for whoever is fixing a bug.
 */
export async function runAndReport(command: () => Promise<number>): Promise<void> {
  try {
    process.exitCode = await command();
  } catch (err) {
    if (err instanceof CliError) {
      process.stderr.write(`continuity: ${err.message}\n`);
      process.exitCode = err.exitCode;
      return;
    }
    const message = err instanceof Error ? err.message : String(err);
    process.stderr.write(`continuity: internal error: ${message.split('\n')[0]}\n`);
    if (process.env.CONTINUITY_DEBUG) process.stderr.write(`${(err as Error)?.stack ?? ''}\n`);
    process.exitCode = ExitCode.internal;
  }
}
