import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isCompiled } from './is-compiled.js';

export { isCompiled };

/**
 * The directory of the running code on disk: the bundle's folder for the Node
 * build, the executable's folder for the compiled one.
 */
export function codeDir(moduleUrl: string): string {
  return isCompiled(moduleUrl) ? dirname(process.execPath) : dirname(fileURLToPath(moduleUrl));
}

/** The command line that runs this same CLI again with `args`, whichever entry is running. */
export function selfCommand(moduleUrl: string, args: string[]): { cmd: string; args: string[] } {
  return isCompiled(moduleUrl) ? { cmd: process.execPath, args } : { cmd: process.execPath, args: [process.argv[1]!, ...args] };
}
