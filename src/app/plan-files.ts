import { readFileSync, statSync } from 'node:fs';
import { basename, extname, isAbsolute, relative, resolve, sep } from 'node:path';
import { CliError, ExitCode, ioError } from '../util/errors.js';
import { sha256 } from '../util/sha256.js';
import type { DialectName, ParsedPlan } from '../formats/plan/model.js';

export interface PlanFile {
  /** Absolute path. */
  absPath: string;
  /** Path relative to the project root, '/' separated (what the ledger stores). */
  relPath: string;
  text: string;
  size: number;
  mtimeMs: number;
  contentHash: string;
}

export function readPlanFile(root: string, file: string): PlanFile {
  const absPath = isAbsolute(file) ? file : resolve(file);
  let text: string;
  let size: number;
  let mtimeMs: number;
  try {
    const st = statSync(absPath);
    if (st.isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
    // A FIFO or device would block the reader (a hook among them) or never end.
    if (!st.isFile()) throw new Error('not a regular file');
    text = readFileSync(absPath, 'utf8');
    size = st.size;
    mtimeMs = st.mtimeMs;
  } catch (err) {
    throw ioError(file, err);
  }
  const relPath = toProjectPath(root, absPath);
  // The path is said in the agent's context at every prompt: a newline or an escape in it would be text the plan's author never wrote.
  if (UNSAYABLE.test(relPath)) throw new CliError(`plan path ${JSON.stringify(relPath)} contains control or bidirectional characters; rename the file to register it`, ExitCode.invalidInput);
  return { absPath, relPath, text, size, mtimeMs, contentHash: sha256(text) };
}

/** C0 and C1 controls, DEL, and the bidirectional overrides and isolates. */
const UNSAYABLE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

export function toProjectPath(root: string, absPath: string): string {
  const rel = relative(root, absPath);
  return (rel.startsWith('..') || isAbsolute(rel) ? absPath : rel).split(sep).join('/');
}

/** Plan ids come from the file name (the superpowers SDD ledger is keyed the same way). */
export function planIdFor(relPath: string): string {
  const name = basename(relPath);
  if (name === '.tdd-progress.md') return 'tdd-progress';
  return name.slice(0, name.length - extname(name).length).replace(/^\.+/, '') || name;
}

/** Parses a plan file, loading the parsers (and markdown-it) only now. */
export async function parsePlanFile(file: PlanFile, opts: { dialect?: DialectName; highRiskTaskIds?: readonly string[] } = {}): Promise<ParsedPlan> {
  const { parsePlan, PlanFormatError } = await import('../formats/plan/index.js');
  try {
    return parsePlan(file.text, { path: file.relPath, ...opts });
  } catch (err: unknown) {
    if (err instanceof PlanFormatError) {
      const message = err.message.includes(file.relPath) ? err.message : `${file.relPath}: ${err.message}`;
      throw new CliError(message, ExitCode.invalidInput);
    }
    throw err;
  }
}

export { sha256 };
