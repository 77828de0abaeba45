import { ExitCode } from '../util/errors.js';

/**
 * The JSON-on-stdin commands (`gate evaluate`, `watchdog assess`) answer
 * invalid input alike: one JSON line on stderr and exit 2, so a tool calling
 * them can read the error as easily as the result.
 */
export function invalidInput(message: string): number {
  process.stderr.write(JSON.stringify({ ok: false, error: 'invalid_input', message }) + '\n');
  return ExitCode.invalidInput;
}

/** Parses stdin as JSON, or reports why it is not (`expected` says what should have been there). */
export function parseJsonInput(stdin: string, expected: string): { ok: true; json: unknown } | { ok: false; exitCode: number } {
  if (stdin.trim() === '') return { ok: false, exitCode: invalidInput(`stdin is empty: expected ${expected}`) };
  try {
    return { ok: true, json: JSON.parse(stdin) };
  } catch (err) {
    return { ok: false, exitCode: invalidInput(`stdin is not valid JSON: ${(err instanceof Error ? err.message : String(err)).split('\n')[0] ?? ''}`) };
  }
}
