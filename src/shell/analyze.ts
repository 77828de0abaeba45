// analyzeCommand: could this Bash command write (create, modify, delete,
// rename onto) a protected path? The cheap pre-check rules most commands out
// without loading the parser; the rest are parsed with a real bash parser and
// walked (walker.ts). Paths are compared as written after `..`/`.`/`~`
// normalisation; symbolic links are out of scope (the after-the-fact revert
// catches writes through them).
import { posix } from 'node:path';
import type { Scope } from './expand.js';
import type { ShNode } from 'mvdan-sh';
import { findMentions, OBFUSCATION, type Mention } from './mentions.js';
import { loadShellParser, PLAIN_PARSER, type ShellParser } from './parser.js';
import { NeedsFullParser, readPlainCommand } from './plain-reader.js';
import { mightTouchProtected } from './precheck.js';
import { buildModel, type ProtectedModel } from './protected-model.js';
import type { AnalyzeOptions, ProtectedWrite, WriteAnalysis } from './types.js';
import { AnalysisBudgetExceeded, NO_STDIN, Walker } from './walker.js';

/**
 * The analysis budget: a hook must answer well within the client's timeout,
 * and a command it cannot finish judging is denied (the worse branch), never
 * let through. Past MAX_COMMAND_CHARS the command is not read at all.
 */
export const MAX_COMMAND_CHARS = 256 * 1024;
export const ANALYSIS_BUDGET_MS = 1500;

export async function analyzeCommand(command: string, opts: AnalyzeOptions): Promise<WriteAnalysis> {
  if (!mightTouchProtected(command, opts.protectedNames)) {
    return { verdict: 'allow', writes: [], reason: 'the command names no protected path and has no construct that could reach one' };
  }
  return analyzeParsed(command, opts);
}

/** The full analysis, without the pre-check (exported for tests that check the two agree). */
export async function analyzeParsed(command: string, opts: AnalyzeOptions, readers: { plain?: boolean } = {}): Promise<WriteAnalysis> {
  const home = opts.home ?? process.env.HOME ?? '/';
  const root = posix.resolve(opts.projectRoot);
  const cwd = posix.resolve(root, opts.cwd);
  const model = buildModel(root, home, opts.isProtected, opts.protectedNames);
  if (command.length > MAX_COMMAND_CHARS) {
    return deny([{ path: posix.resolve(cwd, opts.protectedNames[0] ?? '.continuity'), via: 'command too long to analyse' }], `the command is ${command.length} characters, over the analysis budget of ${MAX_COMMAND_CHARS}: denied to be safe`);
  }
  const mentions = findMentions(command, opts.protectedNames);
  const context = { command, cwd, model, mentions, protectedNames: opts.protectedNames, deadline: Date.now() + (opts.budgetMs ?? ANALYSIS_BUDGET_MS) };

  // A plain command (no expansions, no compound syntax) is read without loading mvdan-sh.
  const plain = readers.plain === false ? null : readPlainCommand(command);
  if (plain) {
    const analysis = walk(PLAIN_PARSER, plain, context);
    if (analysis) return analysis;
  }

  const parser = await loadShellParser();
  let file;
  try {
    file = parser.parse(command);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (mentions.length === 0) return { verdict: 'allow', writes: [], reason: `unparseable (${message}), and it mentions no protected name` };
    const writes = mentions.map((m) => ({ path: posix.resolve(cwd, m.token), via: 'unparseable command' }));
    return deny(writes, `unparseable (${message}) and it mentions a protected name: denied to be safe`);
  }
  return walk(parser, file, context)!;
}

interface WalkInput {
  deadline: number;
  command: string;
  cwd: string;
  model: ProtectedModel;
  mentions: Mention[];
  protectedNames: readonly string[];
}

/** Walks a parsed command; null when the plain reader met nested code it does not read. */
function walk(parser: ShellParser, file: ShNode, { command, cwd, model, mentions, protectedNames, deadline }: WalkInput): WriteAnalysis | null {
  const walker = new Walker({ parser, model, protectedNames, suspicious: mentions.length > 0 || OBFUSCATION.test(command), mentions }, deadline);
  walker.source = command;
  const scope: Scope = { cwd: { path: cwd, known: true }, vars: new Map(), funcs: new Map(), aliases: new Map(), dirStack: [] };
  try {
    walker.stmts(file.Stmts, scope, NO_STDIN);
  } catch (err) {
    if (err instanceof NeedsFullParser) return null;
    if (err instanceof AnalysisBudgetExceeded) {
      const writes = [...walker.writes, { path: posix.resolve(cwd, mentions[0]?.token ?? protectedNames[0] ?? '.continuity'), via: 'analysis budget exhausted' }];
      return deny(writes, `the analysis ran out of its budget (${err.message}) before it could rule out a write to a protected path: denied to be safe`);
    }
    // A construct the walker does not expect: judged like an unparseable command.
    const message = err instanceof Error ? err.message : String(err);
    if (mentions.length === 0 && walker.writes.length === 0) return { verdict: 'allow', writes: [], reason: `not analysable (${message}), and it mentions no protected name` };
    const writes = [...walker.writes, ...mentions.map((m) => ({ path: posix.resolve(cwd, m.token), via: 'unanalysable command' }))];
    return deny(writes, `not analysable (${message}) and it mentions a protected name: denied to be safe`);
  }
  if (walker.writes.length === 0) return { verdict: 'allow', writes: [], reason: 'no write reaches a protected path' };
  return deny(walker.writes, '');
}

function deny(writes: ProtectedWrite[], why: string): WriteAnalysis {
  const first = writes[0]!;
  const more = writes.length > 1 ? ` (and ${writes.length - 1} more)` : '';
  return { verdict: 'deny', writes, reason: why || `could write the protected path ${first.path} via ${first.via}${more}` };
}
