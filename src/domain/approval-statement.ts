/**
 * What a person signs when they approve a plan or take an approval back: the
 * repository, the plan's path, the structure the approval is bound to, the
 * action and its time, as one canonical text. Every machine that shares the
 * plan checks the signature over these exact bytes against the repository's
 * allowed signers (src/app/approval-signature.ts), so a row written into a
 * shared ledger by anyone else is not believed.
 *
 * The text is hand-written rather than JSON: JSON has several spellings of
 * one value (key order, escapes, spaces), and the signed bytes must have one.
 * One field a line, each under a fixed name in a fixed order, a versioned
 * first line; a field that could break a line (or hide a character) is
 * refused, never escaped, so two statements never share a text.
 */

export interface ApprovalStatement {
  action: 'approve' | 'revoke';
  /** The repository's identity: the id of its first root commit (repoIdentityOf). */
  repo: string;
  /** The plan's path, relative to the repository's root, '/' separated. */
  planPath: string;
  /** The structure hash the approval is bound to (for a revocation: the one it takes back). */
  structureHash: string;
  /** When the person signed, ISO 8601 in UTC. */
  at: string;
}

/** The first line: the format's name and version. A later format gets a new line, never a changed meaning. */
export const STATEMENT_HEADER = 'continuity approval statement v1';

/** The SSH signature namespace (`ssh-keygen -Y sign -n`): a signature made for anything else is not an approval. */
export const APPROVAL_NAMESPACE = 'continuity-approval';

/**
 * Where a repository lists who may sign its approvals, in git's
 * `gpg.ssh.allowedSignersFile` format: committed, so that a change arrives
 * on every machine through the team's review, and guarded against the
 * agent like the hook wiring (an agent adding its own key there would sign
 * for the person).
 */
export const SIGNERS_FILE = '.continuity-signers';

const FIELDS = ['action', 'repo', 'plan', 'structure', 'at'] as const;

const HEX_ID = /^[0-9a-f]{40}$|^[0-9a-f]{64}$/;
const STRUCTURE = /^[0-9a-f]{64}$/;
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?Z$/;
// Control characters (line breaks among them), and the ones that change how a line reads without being seen.
const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]/;

/** Why this statement cannot be signed as it is, or null when it can. */
export function statementProblem(s: ApprovalStatement): string | null {
  if (s.action !== 'approve' && s.action !== 'revoke') return `action must be approve or revoke, not ${JSON.stringify(s.action)}`;
  if (typeof s.repo !== 'string' || !HEX_ID.test(s.repo)) return 'repo must be a commit id (40 or 64 lowercase hex digits)';
  if (typeof s.planPath !== 'string' || s.planPath === '') return 'planPath must not be empty';
  if (HIDDEN.test(s.planPath)) return 'planPath must not hold a line break, a control character or an invisible one';
  if (s.planPath !== s.planPath.trim()) return 'planPath must not start or end with a space';
  if (s.planPath.includes('\\')) return "planPath must be '/' separated";
  if (typeof s.structureHash !== 'string' || !STRUCTURE.test(s.structureHash)) return 'structureHash must be 64 lowercase hex digits';
  if (typeof s.at !== 'string' || !ISO_UTC.test(s.at) || Number.isNaN(Date.parse(s.at))) return 'at must be an ISO 8601 time in UTC (…Z)';
  return null;
}

/**
 * The canonical bytes a person signs for this statement. Throws on a
 * statement statementProblem refuses: a text that could be read two ways is
 * never produced.
 */
export function statementText(s: ApprovalStatement): string {
  const problem = statementProblem(s);
  if (problem) throw new Error(`approval statement: ${problem}`);
  const values = [s.action, s.repo, s.planPath, s.structureHash, s.at];
  return `${STATEMENT_HEADER}\n${FIELDS.map((f, i) => `${f}: ${values[i]}\n`).join('')}`;
}

/** The statement a canonical text holds, or null when the text is not exactly one statementText would write. */
export function parseStatementText(text: string): ApprovalStatement | null {
  const lines = text.split('\n');
  if (lines.length !== FIELDS.length + 2 || lines[0] !== STATEMENT_HEADER || lines[lines.length - 1] !== '') return null;
  const values: string[] = [];
  for (let i = 0; i < FIELDS.length; i++) {
    const prefix = `${FIELDS[i]}: `;
    const line = lines[i + 1]!;
    if (!line.startsWith(prefix)) return null;
    values.push(line.slice(prefix.length));
  }
  const s = { action: values[0], repo: values[1], planPath: values[2], structureHash: values[3], at: values[4] } as ApprovalStatement;
  return statementProblem(s) === null && statementText(s) === text ? s : null;
}

/**
 * The repository's identity from `git rev-list --first-parent
 * --max-parents=0 HEAD`: the root commit reached by following first parents
 * from HEAD (a history merged in later has its own root, not on that line),
 * the same on every clone. Null when there is none: a repository without a
 * commit has no identity yet, and nothing can be signed for it.
 */
export function repoIdentityOf(revListOutput: string): string | null {
  const ids = revListOutput.split('\n').map((l) => l.trim()).filter((l) => l !== '');
  const last = ids[ids.length - 1];
  return last && HEX_ID.test(last) ? last : null;
}
