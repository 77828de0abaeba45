// Command names that can write a file by themselves (the pre-check's list).
// Kept apart from the handlers so the pre-check loads no analysis code; a unit
// test checks that every handler is either listed here or in NOT_WRITERS.

export const WRITER_NAMES: readonly string[] = [
  // files
  'tee', 'sponge', 'dd', 'cp', 'mv', 'install', 'ln', 'rm', 'rmdir', 'rimraf', 'del-cli', 'trash', 'unlink', 'truncate', 'touch', 'shred', 'mkdir', 'mkfifo', 'fallocate', 'mktemp',
  'chmod', 'chown', 'chgrp', 'chattr', 'setfacl', 'uniq',
  // editing
  'sed', 'gsed', 'perl', 'ruby', 'awk', 'gawk', 'mawk', 'nawk', 'ex', 'vi', 'vim', 'nvim', 'gvim', 'view', 'ed', 'red', 'emacs', 'nano', 'pico', 'micro', 'kak', 'hx', 'helix', 'joe', 'vis',
  'prettier', 'mdformat', 'markdownlint', 'markdownlint-cli2', 'dprint', 'dos2unix', 'unix2dos', 'eslint', 'black', 'ruff', 'gofmt', 'goimports', 'rustfmt', 'clang-format', 'shfmt', 'biome', 'yq', 'patch', 'sqlite3', 'sqlite',
  // archives, network
  'tar', 'gtar', 'bsdtar', 'unzip', '7z', '7za', 'zip', 'gzip', 'gunzip', 'bzip2', 'bunzip2', 'xz', 'unxz', 'lzma', 'unlzma', 'rsync', 'curl', 'wget',
  // code runners
  'bash', 'sh', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'fish', 'eval', 'python', 'python2', 'python3', 'pypy', 'pypy3', 'node', 'nodejs', 'deno', 'bun', 'php', 'perl6', 'lua', 'luajit', 'Rscript', 'osascript', 'pwsh', 'powershell', 'tclsh',
  'sudo', 'sudoedit', 'su', 'runuser', 'script', 'watch', 'flock', 'xargs', 'find',
  // package managers (node_modules)
  'npm', 'pnpm', 'yarn',
];

/** Handlers that write nothing themselves: they run a command named in the text, or change the shell's state. */
export const NOT_WRITERS: readonly string[] = [
  'git', // judged by its subcommand (GIT_WRITES in precheck.ts)
  'exec', 'command', 'builtin', 'nice', 'nohup', 'setsid', 'unbuffer', 'stdbuf', 'ionice', 'taskset', 'chrt', 'caffeinate', 'time', 'strace', 'ltrace', 'xvfb-run', 'timeout', 'gtimeout', 'env', 'doas', 'npx', 'bunx', 'pnpx', 'uvx', 'busybox',
  'cd', 'pushd', 'popd', 'read', 'mapfile', 'readarray', 'printf', 'sort', 'alias', 'shopt',
  // a script file is out of scope; code from a pipe (`source <(…)`) is flagged by ALWAYS in precheck.ts
  'source', '.',
  // writes no file it is not told to: its signatures in continuity's namespace are flagged by ALWAYS in precheck.ts
  'ssh-keygen',
];

/** Words after which the next word is a command (for spotting `sudo $CMD`). */
export const COMMAND_PREFIXES: readonly string[] = ['then', 'do', 'else', 'elif', 'exec', 'command', 'builtin', 'nice', 'nohup', 'setsid', 'time', 'timeout', 'env', 'sudo', 'doas', 'xargs', 'npx', 'bunx', 'busybox', 'stdbuf', 'unbuffer', '!'];
