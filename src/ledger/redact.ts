import { hmacSha256 } from '../util/sha256.js';

/**
 * Credentials taken out of what continuity stores: every string the audit
 * trail keeps (src/ledger/audit-input.ts) and every other text column that
 * can carry the agent's or a tool's words passes through here first. A
 * secret is replaced by a marker, `[redacted:<kind>:hmac=<16 hex>]`, whose
 * digest lets the same secret be recognised from one event to the next (the
 * same token in two commands, a PreToolUse and its PostToolUse paired by
 * their recorded input) without the secret being kept.
 *
 * The digest is an HMAC-SHA256 keyed by the ledger's own random key
 * (src/ledger/redaction-key.ts), not a bare sha256: a short password's bare
 * digest is found again by hashing guesses, by anyone who reads an event
 * (`continuity log --json` pasted somewhere, the recovery copy in the
 * person's home folder, which does not hold the key). Whoever holds the
 * project's `.continuity/` folder holds the key too: the marker hides a weak
 * password from a reader of the events, not from a reader of that folder.
 *
 * Hand-written patterns: the secret-scanning pattern sets published for
 * JavaScript come as command-line scanners (gitleaks, trufflehog wrappers)
 * or with dependency trees and start-up costs the hook's hot path cannot
 * carry (a WASM engine, hundreds of rules compiled at each start); the PII
 * redactors look for e-mail addresses and card numbers, not credentials.
 * These few shapes are those agents' commands and files carry.
 *
 * Pure and deterministic: the same text under the same key is always kept
 * the same way, and a text already redacted is left as it is.
 */

/** A marker, as the whole of a string. */
const WHOLE_MARKER = /^\[redacted:[a-z-]+:hmac=[0-9a-f]{16}\]$/;

export function isMarker(text: string): boolean {
  return WHOLE_MARKER.test(text);
}

/** The marker for a secret of this kind under the ledger's key. */
export function marker(kind: string, secret: string, key: string): string {
  return `[redacted:${kind}:hmac=${hmacSha256(key, secret).slice(0, 16)}]`;
}

/** A value that names a secret rather than being one: a variable, a template, a marker already. */
function isReference(value: string): boolean {
  return value === '' || /^(?:\$|%|\{|<|\[redacted:|process\.env|os\.environ|env\.)/.test(value);
}

interface Rule {
  kind: string;
  /**
   * A cheap test of the lower-cased text, which it must pass for the rule to
   * be run at all: most strings of a hook call (ids, paths, test output) pass
   * none. Substrings, not a regular expression: each expression costs its
   * compilation at the first use in every hook process. The text must hold
   * one of `hint`, and `also` when there is one.
   */
  hint: readonly string[];
  also?: string;
  /**
   * Global; the named group `s` is the secret, `pre` (optional) what stands
   * before it and is kept. Built at the first text that passes the hint: a
   * hook call that records a payload without any (most) builds none of them.
   */
  re: () => RegExp;
  /** The secret is left as it is (not a secret after all). */
  keep?: (secret: string, groups: Record<string, string | undefined>) => boolean;
}

const B = '(?<![A-Za-z0-9_-])';

/**
 * Does the lower-cased text hold one of these? A plain loop: a hook call asks
 * it of every string and key it records, in the interpreter (the compiled
 * hook holds its JIT back), where a callback per substring costs more than
 * the search.
 */
function holdsAny(lower: string, subs: readonly string[]): boolean {
  for (let i = 0; i < subs.length; i++) if (lower.includes(subs[i]!)) return true;
  return false;
}
/** The words a secret's name holds (SECRET_NAME), as a hint. */
const SECRET_WORDS: readonly string[] = ['key', 'token', 'secret', 'passw', 'passphrase', 'credential'];

/** Key names that name a secret: `*_KEY`, `*TOKEN*`, `*SECRET*`, PASSWORD, PASSWD, PASSPHRASE, CREDENTIALS, API keys. */
const SECRET_NAME = '[A-Za-z0-9_-]*?(?:[_-]KEY|APIKEY|ACCESSKEY|SECRETKEY|PRIVATEKEY|TOKEN|SECRET|PASSWORD|PASSWD|PASSPHRASE|CREDENTIALS?)[A-Za-z0-9_-]*';
/** Made at the first name that holds one of SECRET_WORDS. */
const secretNameRe = once(() => new RegExp(`^${SECRET_NAME}$`, 'i'));
/** Names that say where a secret is, how big it is or what it is called: not a secret themselves. */
const NOT_A_SECRET_NAME = /(?:[_-](?:file|path|dir|id|name|type|url|uri|env|length|len|size|count|ttl|expiry|expires|expires[_-]at|header|field|param|limit|stdin|prefix)|tokens|tokenizer|tokenize)$/i;
/** Values that are a type, a flag or nothing: `token: string`, `password_reset: true`. */
const NOT_A_SECRET_VALUE = /^(?:string|number|boolean|bool|any|unknown|object|null|nil|none|undefined|true|false|yes|no|str|int|bytes|optional|required)[;,]?$/i;

/** Does this key (a JSON field, an environment variable) name a secret? */
export function namesSecret(name: string): boolean {
  return !COMMON_NAMES.has(name) && namesSecretByRule(name);
}

/** The rule itself, without the common names' shortcut (what the unit tests hold that shortcut to). */
export function namesSecretByRule(name: string): boolean {
  return holdsAny(name.toLowerCase(), SECRET_WORDS) && secretNameRe().test(name) && !NOT_A_SECRET_NAME.test(name);
}

/**
 * Keys every hook call records (the clients' payload fields and tool inputs),
 * none of which names a secret: answered without a test (a unit test holds
 * each to the rule above).
 */
export const COMMON_NAMES: ReadonlySet<string> = new Set([
  'hook_event_name', 'session_id', 'transcript_path', 'cwd', 'permission_mode', 'tool_name', 'tool_use_id', 'tool_input', 'tool_response',
  'command', 'description', 'file_path', 'content', 'old_string', 'new_string', 'replace_all', 'pattern', 'path', 'prompt', 'timeout', 'run_in_background',
  'stop_hook_active', 'last_assistant_message', 'source', 'model', 'agent_id', 'agent_type', 'stdout', 'stderr', 'interrupted', 'isImage', 'backgroundTaskId',
]);

/** A value made at its first use, then kept. */
function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

/** Built at the first text that holds one of ANY_HINT: most hook calls record none. */
const rules = once((): readonly Rule[] => [
  // A private key block, to its end line (or to the end of a text cut short).
  { kind: 'private-key', hint: ['-----begin'], re: once(() => /(?<s>-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|$))/g) },
  // The providers' token formats.
  { kind: 'anthropic', hint: ['sk-ant-'], re: once(() => new RegExp(`${B}(?<s>sk-ant-[A-Za-z0-9_-]{20,})`, 'g')) },
  { kind: 'openai', hint: ['sk-'], re: once(() => new RegExp(`${B}(?<s>sk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,})`, 'g')) },
  { kind: 'stripe', hint: ['k_live_', 'k_test_'], re: once(() => new RegExp(`${B}(?<s>(?:sk|rk)_(?:live|test)_[0-9A-Za-z]{16,})`, 'g')) },
  { kind: 'github', hint: ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_', 'github_pat_'], re: once(() => new RegExp(`${B}(?<s>gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})`, 'g')) },
  { kind: 'gitlab', hint: ['glpat-'], re: once(() => new RegExp(`${B}(?<s>glpat-[A-Za-z0-9_-]{20,})`, 'g')) },
  { kind: 'slack', hint: ['xox'], re: once(() => new RegExp(`${B}(?<s>xox[abprs]-[A-Za-z0-9-]{10,})`, 'g')) },
  { kind: 'aws', hint: ['akia', 'asia'], re: once(() => /(?<![A-Za-z0-9])(?<s>(?:AKIA|ASIA)[A-Z0-9]{16})(?![A-Za-z0-9])/g) },
  { kind: 'google', hint: ['aiza'], re: once(() => new RegExp(`${B}(?<s>AIza[0-9A-Za-z_-]{35})`, 'g')) },
  { kind: 'npm', hint: ['npm_'], re: once(() => new RegExp(`${B}(?<s>npm_[A-Za-z0-9]{36})`, 'g')) },
  { kind: 'huggingface', hint: ['hf_'], re: once(() => new RegExp(`${B}(?<s>hf_[A-Za-z0-9]{30,})`, 'g')) },
  { kind: 'jwt', hint: ['eyj'], re: once(() => new RegExp(`${B}(?<s>eyJ[A-Za-z0-9_-]{8,}\\.eyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]*)`, 'g')) },
  // An Authorization header's credentials, whatever its scheme (Bearer, Basic, Token, …), in a command, a file or JSON.
  {
    kind: 'authorization',
    hint: ['authorization'],
    re: once(() => /(?<pre>\b(?:Proxy-)?Authorization["']?\s*[:=]\s*["']?(?:(?:Bearer|Basic|Token|Bot|Negotiate|Digest)\s+)?)(?<s>[^\s'"\\]+)/gi),
    keep: isReference,
  },
  // A bearer token outside a header (`--oauth2-bearer`, prose): a long run with a digit in it, not a word.
  { kind: 'bearer', hint: ['bearer'], re: once(() => /(?<pre>\bBearer\s+)(?<s>[A-Za-z0-9._~+/-]{16,}=*)/g), keep: (s) => !/\d/.test(s) },
  // curl's `-u user:password`, `--user`, `--proxy-user`: the password (the user is kept).
  { kind: 'password', hint: ['-u', '--user', '--proxy-user'], re: once(() => /(?<pre>(?:^|[\s"'])(?:-u\s*|--(?:proxy-)?user(?:\s+|=))["']?[^\s:'"]*:)(?<s>[^\s'"]+)/g), keep: isReference },
  // `--password=…`, `--token …`, `--client-secret …` (not `--token-file`, `--password-stdin`).
  {
    kind: 'flag',
    hint: ['pass', 'token', 'secret', 'api-key', 'apikey', 'access-key'],
    also: '--',
    re: once(() => /(?<pre>(?:^|[\s"'])--(?:[A-Za-z0-9]+-)*(?:password|passwd|pass|token|secret|api-key|apikey|access-key|secret-key|client-secret|auth-token)(?:\s+|=)["']?)(?<s>[^\s'"]+)/gi),
    keep: (s) => isReference(s) || s.startsWith('-'),
  },
  // A URL's password: scheme://user:password@host.
  { kind: 'url-password', hint: ['://'], also: '@', re: once(() => /(?<pre>\b[A-Za-z][A-Za-z0-9+.-]*:\/\/[^\s/@:'"[]*:)(?<s>[^\s/@'"]+)(?=@)/g), keep: isReference },
  // KEY=value, KEY: value, "key": "value" whose key names a secret.
  {
    kind: 'secret',
    hint: SECRET_WORDS,
    re: once(() => new RegExp(`(?<pre>(?<![A-Za-z0-9_-]|\\[redacted:)["']?(?<name>${SECRET_NAME})["']?\\s*(?::(?!:)|=(?![=>]))\\s*)(?:"(?<dq>[^"\\n]*)"|'(?<sq>[^'\\n]*)'|(?<s>[^\\s'",;&|)}\\]]+))`, 'gi')),
    keep: (s, g) => NOT_A_SECRET_NAME.test(g.name!) || isReference(s) || NOT_A_SECRET_VALUE.test(s) || s.includes('('),
  },
]);

/** Every credential shape in a text replaced by its marker. */
export function redactText(text: string, key: string): string {
  if (text.length < 4) return text;
  const lower = text.toLowerCase();
  // Most strings hold no hint of any rule nor a patch's header: kept as they are, no expression run.
  if (!holdsAny(lower, ANY_HINT)) return text;
  return redactByRules(text, lower, key);
}

/** The same without the first look for any hint at all (what the unit tests hold that look to). */
export function redactTextByRules(text: string, key: string): string {
  if (text.length < 4) return text;
  return redactByRules(text, text.toLowerCase(), key);
}

function redactByRules(text: string, lower: string, key: string): string {
  if (isMarker(text)) return text;
  let out = redactSecretSections(text, key);
  for (const rule of rules()) {
    if (!holdsAny(lower, rule.hint) || (rule.also !== undefined && !lower.includes(rule.also))) continue;
    const re = rule.re();
    re.lastIndex = 0;
    out = out.replace(re, (match: string, ...args: unknown[]) => {
      const groups = args[args.length - 1] as Record<string, string | undefined>;
      // A quoted value keeps its quotes; the secret is what is between them.
      const quote = groups.dq !== undefined ? '"' : groups.sq !== undefined ? "'" : '';
      const secret = groups.s ?? groups.dq ?? groups.sq ?? '';
      if (secret === '' || (rule.keep && rule.keep(secret, groups))) return match;
      return `${groups.pre ?? ''}${quote}${marker(rule.kind, secret, key)}${quote}`;
    });
  }
  return out;
}

/**
 * A file whose path marks it as holding secrets: kept as a marker whatever
 * its size. Env files (`.env`, `.env.production`, `prod.env`; not the
 * templates `.env.example`, `.env.sample`, `.env.template`, `.env.dist`, which are
 * meant to be shared), keys and certificates' private halves (`*.pem`,
 * `*.key`, `*.p12`, `*.pfx`, `*.jks`, `*.keystore`, `*.ppk`, `id_rsa`,
 * `id_ed25519` and other `id_*` without an extension), and the files that
 * exist to hold credentials (`.npmrc`, `.netrc`, `_netrc`, `.pypirc`,
 * `.git-credentials`, `.pgpass`, `.aws/credentials`).
 */
export function isSecretPath(path: string): boolean {
  const p = path.replace(/\\/g, '/');
  const name = p.slice(p.lastIndexOf('/') + 1).toLowerCase();
  if (name === '.env' || name.endsWith('.env')) return true;
  if (name.startsWith('.env.')) return !/^\.env\.(?:example|sample|template|dist|defaults)$/.test(name);
  if (/\.(?:pem|key|p12|pfx|jks|keystore|ppk)$/.test(name)) return true;
  if (/^id_[a-z0-9_]+$/.test(name)) return true;
  if (['.npmrc', '.netrc', '_netrc', '.pypirc', '.git-credentials', '.pgpass'].includes(name)) return true;
  return name === 'credentials' && p.toLowerCase().endsWith('.aws/credentials');
}

/** A patch's file header: apply_patch's `*** Add File: path`, git's `diff --git a/x b/path`, a unified diff's `+++ b/path`. */
const SECTION_HEADER = /^(?:\*\*\* (?:Add|Update|Delete) File: (?<a>.+)|\*\*\* Move to: (?<m>.+)|diff --git a\/\S+ b\/(?<g>\S+)|\+\+\+ (?:b\/)?(?<u>\S+).*|--- (?:a\/)?(?<o>\S+).*|\*\*\* (?:Begin|End) Patch)$/;

/** What a patch's section header starts with (SECTION_HEADER, redactSecretSections), lower-cased: a text holding none has no section. */
const SECTION_HINTS: readonly string[] = ['*** ', 'diff --git ', '+++ '];

/**
 * Substrings one of which a text must hold for any rule or a patch's section
 * to be redacted in it: each hint of every rule, and SECTION_HINTS, holds one
 * of them (a unit test holds them so). Written out, the shortest, so that a
 * text holding none is known by few searches, with no rule built.
 */
export const ANY_HINT: readonly string[] = [
  'key', 'token', 'secret', 'pass', 'credential', 'authorization', 'bearer', '-u', 'sk-', 'k_live_', 'k_test_', 'ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_', 'github_pat_',
  'glpat-', 'xox', 'akia', 'asia', 'aiza', 'npm_', 'hf_', 'eyj', '-----begin', '://', '*** ', 'diff --git ', '+++ ',
];

/** Every rule's hints and the sections' (what ANY_HINT stands for, for the unit tests). */
export function redactionHints(): string[] {
  const out: string[] = [...SECTION_HINTS];
  for (const rule of rules()) for (const h of rule.hint) out.push(h);
  return out;
}

/** The body of each patch section for a secret file, kept as one marker line. */
function redactSecretSections(text: string, key: string): string {
  if (!/^(?:\*\*\* |diff --git |\+\+\+ )/m.test(text)) return text;
  const lines = text.split('\n');
  const out: string[] = [];
  let secret = false;
  let held: string[] = [];
  const flush = () => {
    if (held.length) out.push(marker('secret-file', held.join('\n'), key));
    held = [];
  };
  for (const line of lines) {
    const h = SECTION_HEADER.exec(line);
    if (h) {
      flush();
      const g = h.groups!;
      const path = g.a ?? g.m ?? g.g ?? g.u ?? g.o;
      // `+++` follows `---` in the same section: either naming a secret file marks it.
      if (g.u !== undefined) secret = secret || isSecretPath(path!);
      else secret = path !== undefined && isSecretPath(path);
      out.push(line);
    } else if (secret) held.push(line);
    else out.push(line);
  }
  flush();
  return out.join('\n');
}

/** Every string in a value (continuity's own records, which may quote the agent) with its credentials redacted. */
export function redactDeep(value: unknown, key: string): unknown {
  if (typeof value === 'string') return redactText(value, key);
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, key));
  const o: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) o[k] = typeof v === 'string' && namesSecret(k) && v !== '' && !isMarker(v) ? marker('secret', v, key) : redactDeep(v, key);
  return o;
}

/** A text column's value with its credentials redacted (null stays null). */
export function redactColumn<T extends string | null | undefined>(text: T, key: string): T {
  return (typeof text === 'string' ? redactText(text, key) : text) as T;
}
