// What each command writes. A handler receives one simple command, already
// expanded, and reports the words it writes (Invocation.write) or the code it
// runs (shell / inline). Commands not listed here write nothing, except
// through a generic `-o FILE` / `--output FILE` option.
import type { Scope } from './expand.js';
import { archiveAndNetworkHandlers } from './handlers-archive.js';
import { editingHandlers } from './handlers-edit.js';
import { execHandlers } from './handlers-exec.js';
import { fileHandlers } from './handlers-files.js';
import { gitHandlers } from './handlers-git.js';
import { packageManagerHandlers } from './handlers-packages.js';
import { signingHandlers } from './handlers-sign.js';
import type { ProtectedModel } from './protected-model.js';
import type { Cwd, WriteKind } from './targets.js';
import { lit, staticText, type Word } from './word.js';

/** What a command reads on stdin: the text when known (a here-doc, `echo … |`), and the source that feeds it. */
export interface Stdin {
  text: string | null;
  source: string;
}

export interface Invocation {
  /** Normalised command name (`rm` for `/bin/rm` or `\rm`). */
  name: string;
  argv0: string;
  args: Word[];
  scope: Scope;
  stdin: Stdin;
  model: ProtectedModel;
  /** Reports the word if it could name a protected path. */
  write(word: Word, via: string, kind?: WriteKind, cwd?: Cwd): void;
  /** Runs another simple command (wrappers: `sudo`, `env`, `xargs`, `find -exec`). */
  run(words: Word[], opts?: { stdin?: Stdin; cwd?: Cwd; via?: string }): void;
  /** Nested shell code (`bash -c`, `eval`). */
  shell(code: Word | string, via: string, opts?: { stdin?: Stdin; scope?: Scope }): void;
  /** Inline code of another language; null when it cannot be known. */
  inline(code: Word | string | null, via: string): void;
  unknownCode(via: string): void;
  setCwd(cwd: Cwd): void;
  pushDir(cwd: Cwd): void;
  popDir(): void;
  report(path: string, via: string): void;
}

export type Handler = (inv: Invocation) => void;
export type HandlerTable = Record<string, Handler>;

/** Commands known not to write files, so the generic `-o FILE` rule does not misread their options (`grep -o`, `set -o`). */
const READ_ONLY = new Set(
  'grep egrep fgrep rg ag ack ls cat head tail less more wc diff cmp comm file stat echo printf test [ [[ which type whereis command -v jq tree du df ps pwd true false : set shopt sleep date basename dirname realpath readlink id whoami uname hostname nproc free git-status node-version continuity npx tsc make'.split(' '),
);

const OUTPUT_OPTIONS = new Set(['-o', '--output', '--output-file', '--outfile', '--out', '-out', '--log-file']);

/** Any other command: `-o FILE`, `--output FILE`, `--output=FILE` name a file it writes. */
const generic: Handler = (inv) => {
  for (let i = 0; i < inv.args.length; i++) {
    const text = staticText(inv.args[i]!);
    if (text === null) continue;
    if (OUTPUT_OPTIONS.has(text) && inv.args[i + 1]) inv.write(inv.args[++i]!, `${inv.name} ${text}`);
    else {
      const m = /^(--output|--output-file|--outfile|--out|-out|--log-file)=(.*)$/.exec(text);
      if (m) inv.write([lit(m[2]!)], `${inv.name} ${m[1]}`);
    }
  }
};

const table: HandlerTable = {
  ...fileHandlers,
  ...editingHandlers,
  ...archiveAndNetworkHandlers,
  ...gitHandlers,
  ...execHandlers,
  ...packageManagerHandlers,
  ...signingHandlers,
};

export function handlerFor(name: string): Handler | null {
  const own = Object.prototype.hasOwnProperty.call(table, name) ? table[name] : undefined;
  if (own) return own;
  return READ_ONLY.has(name) ? null : generic;
}

/** Every command name with a handler of its own (the pre-check keys on these). */
export function knownWriterNames(): string[] {
  return Object.keys(table);
}
