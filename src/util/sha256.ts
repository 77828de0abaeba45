import { createRequire } from 'node:module';

type Crypto = typeof import('node:crypto');
let crypto: Crypto | undefined;

/**
 * sha256 hex digest. node:crypto is loaded on first use, not at start-up:
 * a top-level import would cost every hook call several milliseconds, and
 * most calls never hash anything.
 */
export function sha256(text: string): string {
  crypto ??= createRequire(import.meta.url)('node:crypto') as Crypto;
  return crypto.createHash('sha256').update(text).digest('hex');
}
