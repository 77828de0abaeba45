// Archives, compressors, rsync and downloads.
import { posix } from 'node:path';
import { hasOption, optionValues, parseArgs } from './args.js';
import type { Handler, HandlerTable } from './handlers.js';
import { joinWord, lit, staticText, type Word } from './word.js';

const here: Word = [lit('.')];

/**
 * tar: extracting writes anywhere below the destination (`-C DIR`, else the
 * working directory), so it is denied when that directory could contain a
 * protected path; creating or updating writes the archive named by `-f`.
 */
const tar: Handler = (inv) => {
  let args = inv.args;
  const first = staticText(args[0] ?? []);
  if (first && /^[A-Za-z]+$/.test(first)) args = [[lit(`-${first}`)], ...args.slice(1)]; // old style: `tar xzf a.tgz`
  const p = parseArgs(args, { short: 'fCbTXgIKLNVH', long: ['file', 'directory', 'files-from', 'exclude-from', 'listed-incremental', 'use-compress-program', 'starting-file', 'tape-length', 'newer', 'label', 'format', 'owner', 'group', 'mode', 'mtime', 'transform', 'exclude', 'blocking-factor', 'record-size'] });
  const extract = hasOption(p, '-x', '--extract', '--get');
  const create = hasOption(p, '-c', '--create', '-r', '--append', '-u', '--update', '-A', '--catenate', '--concatenate', '--delete');
  if (extract && !hasOption(p, '--to-stdout', '-O')) {
    const dirs = optionValues(p, '-C', '--directory');
    inv.write(dirs[dirs.length - 1] ?? here, 'tar -x', 'tree');
  }
  if (create) for (const f of optionValues(p, '-f', '--file')) inv.write(f, 'tar -c');
};

const unzip: Handler = (inv) => {
  const p = parseArgs(inv.args, { short: 'dxP' });
  if (hasOption(p, '-l', '-t', '-v', '-p', '-c', '-z', '-Z')) return;
  const dir = optionValues(p, '-d')[0];
  inv.write(dir ?? here, 'unzip', 'tree');
};

const sevenZip: Handler = (inv) => {
  const [sub, ...rest] = inv.args;
  const mode = staticText(sub ?? []);
  if (mode === 'x' || mode === 'e') {
    const out = rest.map((w) => staticText(w)).find((t) => t?.startsWith('-o'));
    inv.write(out ? [lit(out.slice(2))] : here, '7z x', 'tree');
  } else if (mode && /^[aud]$/.test(mode)) {
    const archive = rest.find((w) => !staticText(w)?.startsWith('-'));
    if (archive) inv.write(archive, `7z ${mode}`);
  }
};

const zip: Handler = (inv) => {
  const p = parseArgs(inv.args, { short: 'bnPtx', long: ['temp-path', 'suffixes', 'password', 'from-date'] });
  const archive = p.operands[0];
  if (archive) inv.write(archive, 'zip');
};

/** gzip and kin replace FILE by FILE.gz (removing FILE), or FILE.gz by FILE, unless told to keep or to write to stdout. */
function compressor(decompressByDefault: boolean, suffixes: string[]): Handler {
  return (inv) => {
    const p = parseArgs(inv.args, { short: 'S', long: ['suffix'] });
    if (hasOption(p, '-c', '--stdout', '--to-stdout', '-t', '--test', '-l', '--list')) return;
    const decompress = decompressByDefault || hasOption(p, '-d', '--decompress', '--uncompress');
    const keep = hasOption(p, '-k', '--keep');
    for (const f of p.operands) {
      if (!keep) inv.write(f, inv.name);
      if (decompress) {
        const t = staticText(f);
        const suffix = t ? suffixes.find((s) => t.endsWith(s)) : undefined;
        if (t && suffix) inv.write([lit(t.slice(0, -suffix.length))], inv.name);
      }
    }
  };
}

const GZ = ['.gz', '.z', '.tgz', '.bz2', '.xz', '.lzma', '.zst', '.lz4'];

/** rsync SRC… DEST writes below DEST (and deletes there with --delete); --remove-source-files deletes the sources. */
const rsync: Handler = (inv) => {
  const p = parseArgs(inv.args, {
    short: 'efBTM',
    long: ['rsh', 'exclude', 'include', 'filter', 'exclude-from', 'include-from', 'files-from', 'backup-dir', 'suffix', 'chmod', 'log-file', 'partial-dir', 'temp-dir', 'compare-dest', 'link-dest', 'copy-dest', 'out-format', 'password-file', 'port', 'timeout', 'remote-option', 'max-size', 'min-size', 'bwlimit', 'info', 'debug', 'usermap', 'groupmap', 'chown', 'rsync-path', 'log-file-format', 'modify-window', 'max-delete', 'block-size', 'checksum-choice', 'compress-choice', 'compress-level'],
  });
  for (const f of optionValues(p, '--log-file')) inv.write(f, 'rsync --log-file');
  if (hasOption(p, '-n', '--dry-run', '--list-only') || p.operands.length < 2) return;
  const dest = p.operands[p.operands.length - 1]!;
  const remote = (w: Word) => /^[^/]*:/.test(staticText(w) ?? '');
  if (!remote(dest)) inv.write(dest, 'rsync', 'tree');
  if (hasOption(p, '--remove-source-files')) for (const s of p.operands.slice(0, -1)) if (!remote(s)) inv.write(s, 'rsync --remove-source-files', 'tree');
};

function urlBasename(w: Word): string | null {
  const t = staticText(w);
  if (!t || !/^[a-z][a-z0-9+.-]*:\/\//i.test(t)) return null;
  try {
    const base = posix.basename(new URL(t).pathname);
    return base || 'index.html';
  } catch {
    return null;
  }
}

const curl: Handler = (inv) => {
  const args = inv.args;
  let remoteName = false;
  let outDir: Word | null = null;
  for (let i = 0; i < args.length; i++) {
    const t = staticText(args[i]!);
    if (t === null) continue;
    if (['-o', '--output', '-D', '--dump-header', '-c', '--cookie-jar', '--trace', '--trace-ascii', '--stderr', '--etag-save', '--hsts', '--alt-svc'].includes(t) && args[i + 1]) inv.write(args[++i]!, `curl ${t}`);
    else if (/^--(output|dump-header|cookie-jar)=/.test(t)) inv.write([lit(t.slice(t.indexOf('=') + 1))], `curl ${t.slice(0, t.indexOf('='))}`);
    else if (/^-[a-zA-Z]*o$/.test(t) && args[i + 1]) inv.write(args[++i]!, 'curl -o');
    else if (/^-o./.test(t)) inv.write([lit(t.slice(2))], 'curl -o');
    else if (t === '--output-dir' && args[i + 1]) outDir = args[++i]!;
    else if (t === '-O' || t === '--remote-name' || t === '--remote-name-all' || /^-[a-zA-Z]*O[a-zA-Z]*$/.test(t)) remoteName = true;
  }
  if (remoteName) for (const w of args) {
    const base = urlBasename(w);
    if (base) inv.write(outDir ? joinWord(outDir, [lit(base)]) : [lit(base)], 'curl -O');
  }
};

const wget: Handler = (inv) => {
  const p = parseArgs(inv.args, { short: 'OoaPtTwUeiBQ', long: ['output-document', 'output-file', 'append-output', 'directory-prefix', 'tries', 'timeout', 'wait', 'user-agent', 'execute', 'input-file', 'base', 'quota', 'header', 'user', 'password', 'post-data', 'post-file', 'load-cookies', 'save-cookies', 'referer'] });
  for (const f of optionValues(p, '-o', '--output-file', '-a', '--append-output', '--save-cookies')) inv.write(f, 'wget -o');
  const documents = optionValues(p, '-O', '--output-document');
  for (const f of documents) if (staticText(f) !== '-') inv.write(f, 'wget -O');
  if (documents.length || hasOption(p, '--spider')) return;
  const prefix = optionValues(p, '-P', '--directory-prefix')[0];
  for (const w of p.operands) {
    const base = urlBasename(w);
    if (base) inv.write(prefix ? joinWord(prefix, [lit(base)]) : [lit(base)], 'wget');
  }
};

export const archiveAndNetworkHandlers: HandlerTable = {
  tar,
  gtar: tar,
  bsdtar: tar,
  unzip,
  '7z': sevenZip,
  '7za': sevenZip,
  zip,
  gzip: compressor(false, GZ),
  gunzip: compressor(true, GZ),
  bzip2: compressor(false, GZ),
  bunzip2: compressor(true, GZ),
  xz: compressor(false, GZ),
  unxz: compressor(true, GZ),
  lzma: compressor(false, GZ),
  unlzma: compressor(true, GZ),
  rsync,
  curl,
  wget,
};

