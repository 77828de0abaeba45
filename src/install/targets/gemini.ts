import { CliError, ExitCode } from '../../cli/errors.js';
import type { HookTarget } from '../hook-target.js';

/** Not part of this build: loading this target is a one-line error that says so. */
export const target: HookTarget = ((): never => {
  throw new CliError('init --agent gemini is not available in this build', ExitCode.invalidInput);
})();
