/**
 * The allowed signers file, in the format of OpenSSH's ssh-keygen(1)
 * "ALLOWED SIGNERS" (git's gpg.ssh.allowedSignersFile): one
 * `principals [options] keytype base64-key [comment]` a line, `#` comments
 * and blank lines ignored, options comma separated with double-quoted
 * values. ssh-keygen itself does the verifying; this reading serves doctor,
 * which says which line is wrong and whether a key is listed, where
 * ssh-keygen would only fail a signature.
 */

export interface SignerEntry {
  line: number;
  principals: string;
  options: string | null;
  keyType: string;
  key: string;
}

export interface AllowedSigners {
  entries: SignerEntry[];
  problems: { line: number; why: string }[];
}

const KEY_TYPE = /^(ssh-(ed25519|rsa|dss)|ecdsa-sha2-nistp(256|384|521)|sk-(ssh-ed25519|ecdsa-sha2-nistp256)@openssh\.com)$/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

export function parseAllowedSigners(text: string): AllowedSigners {
  const entries: SignerEntry[] = [];
  const problems: { line: number; why: string }[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = i + 1;
    const trimmed = raw.trim();
    if (trimmed === '' || trimmed.startsWith('#')) return;
    const words = splitWords(trimmed);
    if (!words) return void problems.push({ line, why: 'an unclosed double quote' });
    const [principals, ...rest] = words;
    let options: string | null = null;
    if (rest[0] !== undefined && !KEY_TYPE.test(rest[0])) options = rest.shift()!;
    const [keyType, key] = rest;
    if (!keyType || !KEY_TYPE.test(keyType)) return void problems.push({ line, why: `no key type after ${options ? 'the options' : 'the principals'} (ssh-ed25519, ssh-rsa, ecdsa-sha2-…)` });
    if (!key || !BASE64.test(key) || !keyNamesItsType(key, keyType)) return void problems.push({ line, why: `the ${keyType} key is not a valid public key` });
    entries.push({ line, principals: principals!, options, keyType, key });
  });
  return { entries, problems };
}

/** The entries whose key is this public key (`keytype base64 [comment]`, as in a .pub file). */
export function entriesForKey(signers: AllowedSigners, publicKey: string): SignerEntry[] {
  const [type, key] = publicKey.trim().split(/\s+/);
  return signers.entries.filter((e) => e.keyType === type && e.key === key);
}

/** Words split at blanks outside double quotes (an option's value may hold blanks); null when a quote is left open. */
function splitWords(text: string): string[] | null {
  const words: string[] = [];
  let word = '';
  let quoted = false;
  for (const c of text) {
    if (c === '"') quoted = !quoted;
    if (!quoted && (c === ' ' || c === '\t')) {
      if (word) words.push(word);
      word = '';
      continue;
    }
    word += c;
  }
  if (quoted) return null;
  if (word) words.push(word);
  return words;
}

/**
 * A public key blob is a run of SSH strings (length, bytes) to its last
 * byte, its type first and the key's parts after: a key cut short or mixed
 * up with another type's is not one.
 */
function keyNamesItsType(base64: string, type: string): boolean {
  const blob = Buffer.from(base64, 'base64');
  const parts: Buffer[] = [];
  for (let at = 0; at < blob.length; ) {
    if (at + 4 > blob.length) return false;
    const n = blob.readUInt32BE(at);
    if (at + 4 + n > blob.length) return false;
    parts.push(blob.subarray(at + 4, at + 4 + n));
    at += 4 + n;
  }
  return parts.length >= 2 && parts[0]!.toString('latin1') === type;
}
