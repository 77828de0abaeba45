import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Is `path` a file this process may execute? */
export function isExecutable(path: unknown): boolean {
  if (typeof path !== 'string' || !path) return false;
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Is `command` an executable in one of PATH's folders? */
export function onPath(command: string, env: NodeJS.ProcessEnv = process.env): boolean {
  return (env.PATH ?? '').split(delimiter).some((dir) => !!dir && isExecutable(join(dir, command)));
}
