import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import type { Config } from '../config/schema.js';
import { APPROVAL_NAMESPACE, statementText, type ApprovalStatement } from '../domain/approval-statement.js';

/** The key a person's approvals are signed with, and where that was said. */
export interface SigningKey {
  /** A key file (private, or `.pub` for a key held by ssh-agent), or `key::<public key>` (ssh-agent), as git's user.signingkey takes it. */
  key: string;
  from: 'CONTINUITY_SIGNING_KEY' | 'approval.signingKey' | 'git user.signingkey';
}

/**
 * The signing key this machine's person set: CONTINUITY_SIGNING_KEY, the
 * config's `approval.signingKey`, or git's `user.signingkey` when git signs
 * with SSH (`gpg.format ssh`), the key the person already signs commits
 * with. Null: approvals are not signed here.
 */
export function signingKeyOf(root: string, config: Config, env: NodeJS.ProcessEnv): SigningKey | null {
  const fromEnv = env.CONTINUITY_SIGNING_KEY?.trim();
  if (fromEnv) return { key: fromEnv, from: 'CONTINUITY_SIGNING_KEY' };
  if (config.approval.signingKey) return { key: config.approval.signingKey, from: 'approval.signingKey' };
  if (gitConfig(root, 'gpg.format') !== 'ssh') return null;
  const key = gitConfig(root, 'user.signingkey');
  return key ? { key, from: 'git user.signingkey' } : null;
}

/** The public key of a signing key, `ssh-ed25519 AAAA…` (doctor looks it up in the signers file), or why it cannot be read. */
export function publicKeyOf(k: SigningKey, root: string): { ok: true; publicKey: string } | { ok: false; reason: string } {
  const literal = literalKey(k.key);
  if (literal) return { ok: true, publicKey: literal };
  const path = keyPath(k.key, root);
  try {
    const text = readFileSync(path.endsWith('.pub') ? path : `${path}.pub`, 'utf8').trim();
    return { ok: true, publicKey: text };
  } catch {
    // No .pub beside it: ssh-keygen derives it (a key with a passphrase asks for it, so not here).
    const r = spawnSync('ssh-keygen', ['-y', '-P', '', '-f', path], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 10_000 });
    if (r.status === 0 && r.stdout.trim()) return { ok: true, publicKey: r.stdout.trim() };
    return { ok: false, reason: `${path} has no .pub beside it and its public key cannot be read without its passphrase` };
  }
}

/**
 * Signs the statement's canonical text with `ssh-keygen -Y sign` in
 * continuity's namespace. ssh-keygen keeps the person's terminal: it asks a
 * key's passphrase there (or ssh-agent signs, confirming first for a key
 * added with `ssh-add -c`).
 */
export function signStatement(s: ApprovalStatement, k: SigningKey, root: string): { ok: true; signature: string } | { ok: false; reason: string } {
  const dir = mkdtempSync(join(tmpdir(), 'continuity-sign-'));
  try {
    const literal = literalKey(k.key);
    let keyFile = keyPath(k.key, root);
    if (literal) {
      keyFile = join(dir, 'key.pub');
      writeFileSync(keyFile, `${literal}\n`);
    }
    const message = join(dir, 'statement');
    writeFileSync(message, statementText(s));
    const r = spawnSync('ssh-keygen', ['-Y', 'sign', '-f', keyFile, '-n', APPROVAL_NAMESPACE, message], { encoding: 'utf8', stdio: ['inherit', 'pipe', 'pipe'] });
    if (r.error) return { ok: false, reason: `ssh-keygen cannot run: ${(r.error as NodeJS.ErrnoException).code ?? r.error.message}` };
    if (r.status !== 0) return { ok: false, reason: `ssh-keygen -Y sign with ${keyFile} failed: ${lastLine(r.stderr) || `exit ${r.status ?? r.signal}`}` };
    return { ok: true, signature: readFileSync(`${message}.sig`, 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function literalKey(key: string): string | null {
  return key.startsWith('key::') ? key.slice('key::'.length).trim() : /^(ssh-|ecdsa-|sk-)/.test(key) ? key.trim() : null;
}

function keyPath(key: string, root: string): string {
  if (key === '~' || key.startsWith('~/')) return join(homedir(), key.slice(1));
  return isAbsolute(key) ? key : join(root, key);
}

function gitConfig(root: string, name: string): string | null {
  const r = spawnSync('git', ['config', '--get', name], { cwd: root, encoding: 'utf8', timeout: 10_000 });
  return r.status === 0 && r.stdout.trim() ? r.stdout.trim() : null;
}

function lastLine(text: string): string {
  const lines = text.trim().split('\n').filter((l) => l.trim() && !/^Signing file /.test(l));
  return lines[lines.length - 1]?.trim() ?? '';
}
