/**
 * Codex, Gemini CLI and Cursor take a hook as one command string that they
 * run through a shell, not as a program and its arguments. These turn a
 * HookCommand into such a string with POSIX shell quoting, and read one
 * back. Pure.
 */
import type { HookCommand } from '../hook-target.js';

const SAFE = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** One word, quoted only when the shell would otherwise split or expand it. */
export function shellQuote(word: string): string {
  if (word !== '' && SAFE.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

export function commandLine(hook: HookCommand): string {
  return [hook.command, ...hook.args].map(shellQuote).join(' ');
}

/**
 * The words of a simple command line (quotes and backslashes as a POSIX
 * shell reads them), or null when it is more than one simple command
 * (operators, substitutions, variables), which continuity never writes.
 */
export function splitCommandLine(line: string): string[] | null {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) return null;
      word += line.slice(i + 1, end);
      inWord = true;
      i = end;
    } else if (c === '"') {
      let j = i + 1;
      for (; j < line.length && line[j] !== '"'; j++) {
        if (line[j] === '$' || line[j] === '`') return null;
        if (line[j] === '\\' && j + 1 < line.length && '"\\$`'.includes(line[j + 1]!)) j++;
        word += line[j];
      }
      if (j >= line.length) return null;
      inWord = true;
      i = j;
    } else if (c === '\\') {
      if (i + 1 >= line.length) return null;
      word += line[++i];
      inWord = true;
    } else if (c === ' ' || c === '\t') {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else if (';&|<>()$`\n'.includes(c) || (c === '#' && !inWord)) {
      return null;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (inWord) words.push(word);
  return words.length ? words : null;
}

/**
 * The hook command for an agent: its arguments end with `hook <agent>`.
 * A command given without them (the bare `continuity`) gets them added.
 */
export function agentHookCommand(hook: HookCommand, agent: string): HookCommand {
  const n = hook.args.length;
  if (n >= 2 && hook.args[n - 2] === 'hook' && hook.args[n - 1] === agent) return hook;
  return { command: hook.command, args: [...hook.args, 'hook', agent] };
}

/**
 * Is this command line a continuity hook for this agent? It ends with
 * `<continuity> hook <agent>`, where <continuity> is the `continuity` bin or
 * the package's dist/cli.cjs (or an older dist/cli.mjs), run directly or by a JavaScript runtime or
 * package runner, or the package's launcher run by sh (so `echo continuity hook codex` is not one).
 */
export function continuityHookOf(line: unknown, agent: string): HookCommand | null {
  if (typeof line !== 'string') return null;
  const words = splitCommandLine(line);
  if (!words || words.length < 3) return null;
  const n = words.length;
  if (words[n - 2] !== 'hook' || words[n - 1] !== agent) return null;
  if (!CONTINUITY.test(words[n - 3]!)) return null;
  if (n > 3 && !LAUNCHER.test(words[0]!) && !(n === 4 && words[0] === 'sh' && PACKAGE_LAUNCHER.test(words[1]!))) return null;
  return { command: words[0]!, args: words.slice(1) };
}

/** An installed package's hook launcher (dist/launcher/continuity, run by sh). */
const PACKAGE_LAUNCHER = /[\\/]dist[\\/]launcher[\\/]continuity$/;

const CONTINUITY = /(^|[\\/])(continuity(\.cmd|\.exe)?|cli\.[cm]?js)$/i;
const LAUNCHER = /(^|[\\/])(node|nodejs|bun|deno|npx|bunx|pnpx|npm|pnpm|yarn)(\.cmd|\.exe)?$/i;
