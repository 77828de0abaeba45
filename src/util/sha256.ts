import { createRequire } from 'node:module';

type Crypto = typeof import('node:crypto');
let crypto: Crypto | undefined;

/** Bun's own hasher: the same digest as node:crypto's, without loading node:crypto (about 3 ms at each start of the compiled hook). */
interface BunHasher {
  update(data: string): unknown;
  digest(encoding: 'hex'): string;
}
const bunHasher = (globalThis as { Bun?: { CryptoHasher?: new (algorithm: string) => BunHasher } }).Bun?.CryptoHasher;

/**
 * sha256 hex digest of a string, or of the concatenation of several (fed to
 * the hash one by one, so a large text need not be built first). node:crypto
 * is loaded on first use, not at start-up: a top-level import would cost
 * every hook call several milliseconds, and most calls never hash anything.
 */
export function sha256(text: string | Iterable<string>): string {
  let hash: BunHasher;
  if (bunHasher) hash = new bunHasher('sha256');
  else {
    crypto ??= createRequire(import.meta.url)('node:crypto') as Crypto;
    hash = crypto.createHash('sha256');
  }
  if (typeof text === 'string') hash.update(text);
  else for (const part of text) hash.update(part);
  return hash.digest('hex');
}

/** Bun's hasher keyed for an HMAC (`new CryptoHasher('sha256', key)`). */
type BunKeyedHasher = new (algorithm: string, key: string) => BunHasher;

/**
 * HMAC-SHA256 hex digest of a string under a key, loaded as sha256 above:
 * Bun's own hasher in the compiled hook, node:crypto elsewhere, on first use.
 */
export function hmacSha256(key: string, text: string): string {
  if (bunHasher) {
    const h = new (bunHasher as unknown as BunKeyedHasher)('sha256', key);
    h.update(text);
    return h.digest('hex');
  }
  crypto ??= createRequire(import.meta.url)('node:crypto') as Crypto;
  return crypto.createHmac('sha256', key).update(text).digest('hex');
}
