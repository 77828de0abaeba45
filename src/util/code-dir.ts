import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

/** True when running as the compiled executable, whose modules live in Bun's embedded file system. */
export function isCompiled(moduleUrl: string): boolean {
  const path = fileURLToPath(moduleUrl);
  return path.startsWith('/$bunfs/') || /^[A-Z]:[\\/]~BUN[\\/]/i.test(path);
}

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
