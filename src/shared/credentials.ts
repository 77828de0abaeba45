/**
 * How this machine logs in to the shared ledger: never from the project.
 * CONTINUITY_SHARED_URL (the whole URL), else the URL in
 * ~/.config/continuity/shared/<project>.url (mode 0600, outside the
 * project; continuity's own wall hides the folder), else the recorded address
 * with the user and password libpq's way (PGUSER, PGPASSWORD, ~/.pgpass),
 * which the client library reads itself.
 */
import { readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { parseSharedUrl, sameAddress, type SharedAddress } from './address.js';

/** The folder of the credentials files; hidden inside continuity's own wall (src/hooks/rules/own-wall.ts). */
export function sharedCredentialsDir(env: NodeJS.ProcessEnv): string | null {
  const home = env.HOME || homedir();
  if (!home) return null;
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), 'continuity', 'shared');
}

export function credentialsFile(env: NodeJS.ProcessEnv, projectId: string): string | null {
  const dir = sharedCredentialsDir(env);
  return dir ? join(dir, `${projectId.slice(0, 16)}.url`) : null;
}

/** The variables that carry the shared ledger's credentials: unset inside continuity's own wall. */
export const SHARED_CREDENTIAL_VARS = ['CONTINUITY_SHARED_URL', 'PGPASSWORD'] as const;

export type Login = { connectionString: string; from: 'environment' | 'file' } | { host: string; port: number; database: string; from: 'libpq' };

/** The login for the recorded address; a URL that names another database is not used for this one. */
export function loginFor(address: SharedAddress, projectId: string, env: NodeJS.ProcessEnv): Login | { error: string } {
  const fromEnv = env.CONTINUITY_SHARED_URL?.trim();
  if (fromEnv) {
    const p = parseSharedUrl(fromEnv);
    if (p.ok && sameAddress(p.address, address)) return { connectionString: fromEnv, from: 'environment' };
  }
  const file = credentialsFile(env, projectId);
  if (file) {
    let text: string | null = null;
    try {
      const st = statSync(file);
      if ((st.mode & 0o077) !== 0) return { error: `${file} is readable by others (mode ${(st.mode & 0o777).toString(8)}); chmod 600 it` };
      text = readFileSync(file, 'utf8').trim();
    } catch {
      // no file: libpq's way below
    }
    if (text) {
      const p = parseSharedUrl(text);
      if (p.ok && sameAddress(p.address, address)) return { connectionString: text, from: 'file' };
    }
  }
  return { ...address, from: 'libpq' };
}
