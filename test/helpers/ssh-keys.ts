/** Real SSH keys and signatures for tests: ssh-keygen itself, keys made in a folder of the test's own. */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface TestKey {
  /** The private key file (no passphrase). */
  file: string;
  /** `ssh-ed25519 AAAA… comment`. */
  publicKey: string;
}

export function makeKey(dir: string, name: string): TestKey {
  const file = join(dir, name);
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', name, '-f', file], { stdio: 'ignore' });
  return { file, publicKey: readFileSync(`${file}.pub`, 'utf8').trim() };
}

/** The armored signature of `text` by `key` in `namespace`, as `ssh-keygen -Y sign` writes it. */
export function signText(key: TestKey, text: string, namespace: string): string {
  return execFileSync('ssh-keygen', ['-Y', 'sign', '-f', key.file, '-n', namespace], { input: text, encoding: 'utf8', stdio: ['pipe', 'pipe', 'ignore'] });
}

/** An allowed signers file, one `principal [options] key` line each (git's gpg.ssh.allowedSignersFile format). */
export function writeSigners(path: string, lines: { principal: string; key: TestKey; options?: string }[]): void {
  writeFileSync(path, lines.map((l) => `${l.principal}${l.options ? ` ${l.options}` : ''} ${l.key.publicKey}\n`).join(''));
}
