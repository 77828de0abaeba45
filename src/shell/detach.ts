// findDetached: does this Bash command start a process meant to outlive it?
// Such a process runs on after the tool call's last hook, where no hook can
// see what it does (docs/security.md, "What no hook can stop"). The command
// is read by the same parser and walker as the write analysis (analyze.ts),
// so `sh -c '… &'`, functions, subshells, `eval`, wrappers (`sudo nohup …`)
// and `find -exec` are followed; only the constructs are collected.
import { posix } from 'node:path';
import type { ShNode } from 'mvdan-sh';
import type { Scope } from './expand.js';
import { mightDetach } from './detaching-commands.js';
import { loadShellParser, PLAIN_PARSER, type ShellParser } from './parser.js';
import { NeedsFullParser, readPlainCommand } from './plain-reader.js';
import { buildModel } from './protected-model.js';
import { AnalysisBudgetExceeded, NO_STDIN, Walker } from './walker.js';
import { ANALYSIS_BUDGET_MS, MAX_COMMAND_CHARS } from './analyze.js';

export interface DetachAnalysis {
  /** The constructs found, each as the walk names it (`nohup`, `&`, `bash -c: setsid`), in order; empty: none. */
  detached: string[];
  /** Why, when the command could not be read and is taken as detaching (the worse branch). */
  unread?: string;
}

export { mightDetach };

export async function findDetached(command: string, opts: { cwd: string; projectRoot: string; home?: string }): Promise<DetachAnalysis> {
  if (!mightDetach(command)) return { detached: [] };
  if (command.length > MAX_COMMAND_CHARS) return { detached: ['(not read)'], unread: `the command is ${command.length} characters, over the analysis budget` };
  const plain = readPlainCommand(command);
  if (plain) {
    const found = walk(PLAIN_PARSER, plain, command, opts);
    if (found) return found;
  }
  const parser = await loadShellParser();
  let file: ShNode;
  try {
    file = parser.parse(command);
  } catch (err) {
    // Not bash: the shell will refuse it too, and start nothing.
    return { detached: [], unread: `unparseable (${err instanceof Error ? err.message : String(err)})` };
  }
  return walk(parser, file, command, opts)!;
}

function walk(parser: ShellParser, file: ShNode, command: string, opts: { cwd: string; projectRoot: string; home?: string }): DetachAnalysis | null {
  const root = posix.resolve(opts.projectRoot);
  const cwd = posix.resolve(root, opts.cwd);
  const detached: string[] = [];
  const model = buildModel(root, opts.home ?? process.env.HOME ?? '/', () => false, []);
  const walker = new Walker({ parser, model, protectedNames: [], suspicious: false, mentions: [], detach: (via) => detached.push(via) }, Date.now() + ANALYSIS_BUDGET_MS);
  walker.source = command;
  const scope: Scope = { cwd: { path: cwd, known: true }, vars: new Map(), funcs: new Map(), aliases: new Map(), dirStack: [] };
  try {
    walker.inShell(() => walker.stmts(file.Stmts, scope, NO_STDIN));
  } catch (err) {
    if (err instanceof NeedsFullParser) return null;
    const why = err instanceof AnalysisBudgetExceeded ? `the analysis ran out of its budget (${err.message})` : `not analysable (${err instanceof Error ? err.message : String(err)})`;
    return { detached: [...new Set([...detached, '(not read to the end)'])], unread: why };
  }
  // Nesting past the walker's limit is reported as a write: what was not read is taken as detaching.
  if (walker.writes.length) detached.push(...walker.writes.map((w) => w.via));
  return { detached: [...new Set(detached)] };
}
