import { sha256 } from '../util/sha256.js';
import { isMarker, isSecretPath, marker, namesSecret, redactText } from './redact.js';

/**
 * What the audit trail keeps of an event's input: what happened and why,
 * not the content. A string longer than AUDIT_STRING_MAX characters (a
 * file's content, a patch, a long command, a tool's output) is kept as a
 * digest: its sha256, its size and its first AUDIT_HEAD characters. A nested
 * object or list whose JSON is still longer than AUDIT_VALUE_MAX after that
 * (a patch given as hunks of short lines, a tool result of many fields) is
 * kept as one digest of its JSON. The containers the rules read from past
 * events are never digested whole, only their long strings:
 *
 *   - the payload itself, `tool_input` and `tool_response` (tool_name,
 *     tool_use_id, tool_input.run_in_background, tool_response.backgroundTaskId:
 *     src/ledger/tool-calls.ts);
 *   - `background_tasks` and its entries (which shells still run at a Stop).
 *
 * A command is read back only to be shown in a few words, and tool calls
 * without an id are paired by their recorded input, bounded the same way on
 * both sides, so a digest serves them as well as the text did. The same
 * long string a second time in one input (Write's content in tool_input and
 * tool_response) is kept as a pointer to the first (`{"$same": "tool_input.content"}`).
 * The session's own fields are kept once per session, not at every tool
 * call: a payload's session id and event name are the event's own columns,
 * and a tool call's transcript path, working folder and permission mode are
 * those its session's other events (SessionStart, prompts, stops) record.
 * The decision is never bounded:
 * it is continuity's own words. Pure and deterministic: the same input is
 * always kept the same way.
 *
 * Secrets are never kept, short or long (src/ledger/redact.ts): every kept
 * string has its credentials replaced by markers, a digest's head is cut from
 * the redacted text, a field whose name names a secret (`"token": "…"`) is a
 * marker, and the content of a file whose path marks it as secret (`.env`,
 * `*.pem`, `id_ed25519`: Write's content, Edit's strings, a Read's result, a
 * patch's hunks for it) is one marker whatever its size. Redaction is keyed
 * (`key`, the ledger's redaction key) and deterministic, so a call's
 * PreToolUse and PostToolUse, recorded apart, still pair by their input.
 */
export const AUDIT_STRING_MAX = 256;
/** How many characters of a digested string are kept, to say what it was. */
export const AUDIT_HEAD = 32;
/** A nested value whose JSON is longer than this is kept as one digest. */
export const AUDIT_VALUE_MAX = 1024;

/** A string or value kept as its digest. */
export interface Digest {
  $sha256: string;
  bytes: number;
  head: string;
}

/** The same text as an earlier digest of the same input, named by its path there. */
export interface SameAs {
  $same: string;
}

const SESSION_FIELDS = ['transcript_path', 'cwd', 'permission_mode'];

/** The fields that name the file a tool call or its result is about. */
const PATH_KEYS: readonly string[] = ['file_path', 'filePath', 'path', 'file', 'target_file', 'absolute_path', 'filename', 'notebook_path'];
/** The fields that hold a file's content or changes (Claude Code, Codex, Gemini CLI, Cursor, OpenClaw): of a secret file, kept as one marker. */
const CONTENT_KEYS = new Set([
  'content', 'contents', 'file_text', 'text', 'data', 'body',
  'old_string', 'new_string', 'oldString', 'newString', 'old_str', 'new_str', 'oldText', 'newText',
  'edits', 'originalFile', 'structuredPatch', 'patch', 'diff', 'llmContent', 'returnDisplay', 'output', 'stdout',
]);

/**
 * How much of a long string is redacted to cut its digest's head from: a
 * secret starting in the head ends within it (a private key block cut short
 * is redacted to the cut).
 */
const HEAD_REDACT_WINDOW = 512;

interface BoundContext {
  seen: Map<string, string>;
  key: string;
}

/** Does this object name a secret file in one of its path fields? */
function namesSecretFile(o: Record<string, unknown>): boolean {
  // An index loop: each of the payload's objects asks it, in the compiled hook's interpreter.
  for (let i = 0; i < PATH_KEYS.length; i++) {
    const path = o[PATH_KEYS[i]!];
    if (typeof path === 'string' && isSecretPath(path)) return true;
  }
  return false;
}

/**
 * Records of continuity's own making, and the field that holds continuity's
 * own words in them (what it sent the person on the session's channel, or
 * could not; the message a turn it started opened with): kept whole, as a
 * decision is; the rest of their input is bounded as any other.
 */
const OWN_WORDS: ReadonlyMap<string, string> = new Map([
  ['openclaw:PersonWordsSent', 'words'],
  ['openclaw:PersonWordsNotSent', 'words'],
  ['openclaw:ContinuationStarted', 'message'],
]);

export function isDigest(v: unknown): v is Digest {
  return v !== null && typeof v === 'object' && typeof (v as Digest).$sha256 === 'string' && typeof (v as Digest).bytes === 'number';
}

export function isSameAs(v: unknown): v is SameAs {
  return v !== null && typeof v === 'object' && typeof (v as SameAs).$same === 'string' && Object.keys(v).length === 1;
}

/** The keys under which a container is kept open (its entries bounded one by one), by depth from the payload. */
function keptOpen(path: readonly string[]): boolean {
  if (path.length === 0) return true;
  if (path.length === 1) return path[0] === 'tool_input' || path[0] === 'tool_response' || path[0] === 'background_tasks';
  return path.length === 2 && path[0] === 'background_tasks';
}

/**
 * The input as the audit trail keeps it. `columns`: the payload's session
 * id and event name are in the event's own columns, and are left out of the
 * stored input when they say the same.
 */
export function boundForAudit(value: unknown, columns?: { sessionId?: string | null; kind?: string }, key = ''): unknown {
  const ctx: BoundContext = { seen: new Map<string, string>(), key };
  const field = columns?.kind === undefined ? undefined : OWN_WORDS.get(columns.kind);
  const words = field !== undefined && value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[field] : undefined;
  // Continuity's own words are kept whole, not bounded: still without a secret they may quote.
  const out = typeof words === 'string' ? { ...(bound({ ...(value as object), [field!]: '' }, [], ctx, false) as object), [field!]: redactText(words, key) } : bound(value, [], ctx, false);
  if (columns && out !== null && typeof out === 'object' && !Array.isArray(out)) {
    const o = out as Record<string, unknown>;
    if (o.session_id !== undefined && o.session_id === (columns.sessionId ?? null)) delete o.session_id;
    if (o.hook_event_name !== undefined && o.hook_event_name === columns.kind) delete o.hook_event_name;
    if (typeof o.tool_name === 'string') for (const k of SESSION_FIELDS) delete o[k];
  }
  return out;
}

function digestOf(text: string, path: readonly string[], ctx: BoundContext, redacted?: string): Digest | SameAs {
  const hash = sha256(text);
  const first = ctx.seen.get(hash);
  if (first !== undefined) return { $same: first };
  ctx.seen.set(hash, path.join('.'));
  return { $sha256: hash, bytes: Buffer.byteLength(text, 'utf8'), head: cutHead(redacted ?? redactText(text.slice(0, HEAD_REDACT_WINDOW), ctx.key)) };
}

/** The head, cut at a whole character (never half of a surrogate pair). */
function cutHead(text: string): string {
  let head = text.slice(0, AUDIT_HEAD);
  const last = head.charCodeAt(head.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) head = head.slice(0, -1);
  return head;
}

/**
 * `secretFile`: the value is about a file whose path marks it as secret (its
 * own path field, or the tool input's for a tool's result): its content
 * fields are kept as one marker each.
 */
function bound(value: unknown, path: string[], ctx: BoundContext, secretFile: boolean): unknown {
  if (typeof value === 'string') {
    // Far too long to be kept whatever redaction makes of it: only the head is redacted.
    if (value.length > HEAD_REDACT_WINDOW) return digestOf(value, path, ctx);
    // Else decided on the redacted length, so that a string kept once is kept the same way again (the spool's events are bounded twice).
    const redacted = redactText(value, ctx.key);
    return redacted.length > AUDIT_STRING_MAX ? digestOf(value, path, ctx, redacted) : redacted;
  }
  if (value === null || typeof value !== 'object') return value;
  if (isDigest(value) || isSameAs(value)) return value;
  if (!keptOpen(path)) {
    // The outermost large value is digested whole (once), not piece by piece.
    const text = JSON.stringify(value);
    if (text.length > AUDIT_VALUE_MAX || path.length > 20) return digestOf(text, path, ctx);
  }
  if (Array.isArray(value)) return value.map((v, i) => bound(v, [...path, String(i)], ctx, secretFile));
  const o: Record<string, unknown> = {};
  const obj = value as Record<string, unknown>;
  const secret = secretFile || namesSecretFile(obj);
  for (const [k, v] of Object.entries(obj)) {
    if (secret && CONTENT_KEYS.has(k) && v !== null && v !== undefined) o[k] = typeof v === 'string' && isMarker(v) ? v : marker('secret-file', typeof v === 'string' ? v : JSON.stringify(v), ctx.key);
    else if (typeof v === 'string' && namesSecret(k) && v !== '' && !isMarker(v)) o[k] = marker('secret', v, ctx.key);
    else o[k] = bound(v, [...path, k], ctx, secret);
  }
  // A tool's result is about the file its input names.
  if (path.length === 0 && !secretFile && obj.tool_input !== null && typeof obj.tool_input === 'object' && !Array.isArray(obj.tool_input) && namesSecretFile(obj.tool_input as Record<string, unknown>)) {
    if (obj.tool_response !== undefined) o.tool_response = bound(obj.tool_response, ['tool_response'], ctx, true);
  }
  return o;
}

/** What of a stored input was kept as a digest, by path (`log` says so). */
export function digestsIn(value: unknown, path = ''): { path: string; digest: Digest | SameAs }[] {
  if (isDigest(value) || isSameAs(value)) return [{ path: path || '.', digest: value }];
  if (value === null || typeof value !== 'object') return [];
  const out: { path: string; digest: Digest | SameAs }[] = [];
  for (const [k, v] of Object.entries(value)) out.push(...digestsIn(v, Array.isArray(value) ? `${path}[${k}]` : path ? `${path}.${k}` : k));
  return out;
}
