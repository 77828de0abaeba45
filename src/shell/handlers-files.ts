// Coreutils-style commands that create, change, move or delete files.
import { hasOption, optionValues, parseArgs, type ArgSpec } from './args.js';
import type { HandlerTable, Invocation } from './handlers.js';
import type { WriteKind } from './targets.js';
import { basenameWord, dyn, joinWord, lit, staticText, type Word } from './word.js';

/** Every operand is written. */
function operandsWritten(spec: ArgSpec, kind: (inv: Invocation, recursive: boolean) => WriteKind = () => 'file', recursiveFlags: string[] = []) {
  return (inv: Invocation) => {
    const p = parseArgs(inv.args, spec);
    const k = kind(inv, hasOption(p, ...recursiveFlags));
    for (const w of p.operands) inv.write(w, inv.name, k);
  };
}

/**
 * cp, mv, install, ln: the destination, and `DEST/<name of each source>` in
 * case the destination is a directory (which cannot be known without looking).
 */
function copyLike(inv: Invocation, spec: ArgSpec, opts: { recursive: boolean; sourcesRemoved: boolean }): void {
  const p = parseArgs(inv.args, spec);
  const targetDirs = optionValues(p, '-t', '--target-directory');
  const noTargetDir = hasOption(p, '-T', '--no-target-directory');
  let sources = p.operands;
  let dests: Word[] = targetDirs;
  if (dests.length === 0) {
    if (inv.name === 'ln' && sources.length === 1) dests = [[lit('.')]];
    else {
      dests = sources.slice(-1);
      sources = sources.slice(0, -1);
    }
  }
  const kind: WriteKind = opts.recursive ? 'tree' : 'file';
  for (const dest of dests) {
    if (targetDirs.length === 0) inv.write(dest, inv.name, kind);
    if (!noTargetDir) for (const src of sources) inv.write(joinWord(dest, basenameWord(src)), inv.name, kind);
  }
  if (opts.sourcesRemoved) for (const src of sources) inv.write(src, inv.name, 'tree');
}

const CP_SPEC: ArgSpec = { short: 'tS', long: ['target-directory', 'suffix'] };

/** chmod MODE FILE…: a mode may look like an option (`chmod -w f`). */
function metadata(inv: Invocation): void {
  const modeLike = /^[-+=][rwxXstugoa]*$|^[-+=][aAcCdDeFijmPsStTux]+$/;
  const args = inv.args.map((w) => {
    const t = staticText(w);
    return t !== null && modeLike.test(t) && !/^-[Rcfv]+$/.test(t) ? [lit(`MODE:${t}`)] : w;
  });
  const p = parseArgs(args, { long: ['reference', 'from'] });
  const recursive = hasOption(p, '-R', '--recursive');
  const targets = hasOption(p, '--reference') ? p.operands : p.operands.slice(1);
  for (const w of targets) inv.write(w, inv.name, recursive ? 'tree' : 'file');
}

export const fileHandlers: HandlerTable = {
  tee: operandsWritten({ long: [] }),
  sponge: operandsWritten({}),
  dd: (inv) => {
    for (const w of inv.args) {
      const first = w[0];
      if (first?.kind === 'lit' && first.text.startsWith('of=')) inv.write([lit(first.text.slice(3)), ...w.slice(1)], 'dd of=');
    }
  },
  cp: (inv) => {
    const p = parseArgs(inv.args, CP_SPEC);
    copyLike(inv, CP_SPEC, { recursive: hasOption(p, '-r', '-R', '-a', '--recursive', '--archive'), sourcesRemoved: false });
  },
  mv: (inv) => copyLike(inv, CP_SPEC, { recursive: false, sourcesRemoved: true }),
  install: (inv) => {
    const spec: ArgSpec = { short: 'mogSt', long: ['mode', 'owner', 'group', 'suffix', 'target-directory', 'strip-program'] };
    const p = parseArgs(inv.args, spec);
    if (hasOption(p, '-d', '--directory')) for (const w of p.operands) inv.write(w, 'install');
    else copyLike(inv, spec, { recursive: false, sourcesRemoved: false });
  },
  ln: (inv) => copyLike(inv, CP_SPEC, { recursive: false, sourcesRemoved: false }),
  rm: operandsWritten({}, (_inv, r) => (r ? 'tree' : 'file'), ['-r', '-R', '--recursive']),
  rmdir: operandsWritten({}, () => 'tree'),
  // Node's recursive removers, usually run through npx: every operand with what it holds.
  rimraf: operandsWritten({}, () => 'tree'),
  'del-cli': operandsWritten({}, () => 'tree'),
  trash: operandsWritten({}, () => 'tree'),
  unlink: operandsWritten({}),
  truncate: operandsWritten({ short: 'sr', long: ['size', 'reference'] }),
  touch: operandsWritten({ short: 'drt', long: ['date', 'reference', 'time'] }),
  shred: operandsWritten({ short: 'ns', long: ['iterations', 'size', 'random-source'] }),
  mkdir: operandsWritten({ short: 'm', long: ['mode', 'context'] }),
  mkfifo: operandsWritten({ short: 'm', long: ['mode', 'context'] }),
  fallocate: operandsWritten({ short: 'loz', long: ['length', 'offset'] }),
  mktemp: (inv) => {
    const p = parseArgs(inv.args, { short: 'p', long: ['tmpdir', 'suffix'] });
    const dir = optionValues(p, '-p', '--tmpdir')[0];
    const template = p.operands[0];
    const name = template ? [...template.map((part) => (part.kind === 'lit' ? lit(part.text.replace(/X{3,}$/, '')) : part)), dyn('XXXXXX')] : [lit('tmp.'), dyn('XXXXXX')];
    if (dir) inv.write(joinWord(dir, name), 'mktemp');
    else if (template && staticText(template)?.includes('/')) inv.write(name, 'mktemp');
  },
  chmod: metadata,
  chown: metadata,
  chgrp: metadata,
  chattr: metadata,
  setfacl: operandsWritten({ short: 'mMxX', long: ['modify', 'modify-file', 'remove', 'remove-file', 'set', 'set-file'] }, (_i, r) => (r ? 'tree' : 'file'), ['-R', '--recursive']),
  sort: (inv) => {
    const p = parseArgs(inv.args, { short: 'kotST', long: ['key', 'output', 'field-separator', 'buffer-size', 'temporary-directory', 'parallel', 'files0-from', 'batch-size', 'compress-program', 'random-source', 'sort'] });
    for (const w of optionValues(p, '-o', '--output')) inv.write(w, 'sort -o');
  },
  uniq: (inv) => {
    const p = parseArgs(inv.args, { short: 'fsw', long: ['skip-fields', 'skip-chars', 'check-chars', 'group', 'all-repeated'] });
    const out = p.operands[1];
    if (out) inv.write(out, 'uniq');
  },
};
