// Commands whose purpose is a process that outlives the command that starts
// it: no hook of the agent's client sees what such a process does later.
import { staticText, type Word } from './word.js';

/** Always detaching, whatever their arguments. */
const ALWAYS = new Set(['nohup', 'setsid', 'disown', 'daemonize', 'daemon', 'at', 'batch', 'systemd-run', 'dtach', 'abduco']);

/** tmux commands that start a session, a window or a pane, or run a command in one. */
const TMUX_STARTS = new Set(['new', 'new-session', 'neww', 'new-window', 'splitw', 'split-window', 'send', 'send-keys', 'run', 'run-shell', 'respawnp', 'respawn-pane', 'respawnw', 'respawn-window', 'pipe-pane', 'pipep']);

const SYSTEMCTL_STARTS = new Set(['start', 'restart', 'reload-or-restart', 'try-restart', 'enable', 'link', 'reenable', 'set-environment', 'import-environment']);
const LAUNCHCTL_STARTS = new Set(['load', 'bootstrap', 'submit', 'kickstart', 'start', 'enable']);

/**
 * Is this command (its name normalised, its arguments expanded) one that
 * starts a process meant to outlive it? Returns the words to name it by, or
 * null. `crontab -l` lists, `tmux ls` lists, `screen -ls` lists: those are not.
 */
export function detachingCommand(name: string, args: readonly Word[]): string | null {
  if (ALWAYS.has(name)) return name;
  const text = args.map((a) => staticText(a));
  const flags = text.filter((t): t is string => t !== null && t.startsWith('-'));
  const operands = text.filter((t) => t === null || !t.startsWith('-'));
  switch (name) {
    case 'crontab':
      // Listing is reading; anything else installs or replaces a table (a file operand, stdin, `-e`, `-r`).
      return flags.length > 0 && flags.every((f) => f === '-l' || f === '-u') && operands.length <= 1 ? null : 'crontab';
    case 'tmux': {
      const sub = tmuxSubcommand(text);
      return sub === undefined || sub === null || TMUX_STARTS.has(sub) ? `tmux ${sub ?? 'new-session'}`.trim() : null;
    }
    case 'screen':
      // `-d -m`, `-dm`, `-D -m`, `-X stuff`: a detached session or a command sent to one. `-ls`/`-list` only list.
      return flags.some((f) => /^-[A-Za-z]*[dDmX]/.test(f) && !/^-(?:ls|list)$/.test(f)) || (flags.length === 0 && operands.length > 0) ? 'screen' : null;
    case 'start-stop-daemon':
      return flags.some((f) => f === '-S' || f === '--start' || f === '-b' || f === '--background' || /^-[A-Za-z]*[Sb]/.test(f)) ? 'start-stop-daemon --start' : null;
    case 'systemctl': {
      const verb = operands.find((o) => o !== null);
      return verb === null || verb === undefined ? null : SYSTEMCTL_STARTS.has(verb) ? `systemctl ${verb}` : null;
    }
    case 'loginctl':
      return operands.includes('enable-linger') ? 'loginctl enable-linger' : null;
    case 'launchctl': {
      const verb = operands.find((o) => o !== null);
      return verb && LAUNCHCTL_STARTS.has(verb) ? `launchctl ${verb}` : null;
    }
    default:
      return null;
  }
}

/** tmux's subcommand: skips its global options (`-L name`, `-S path`, `-f file`, `-2`…); undefined when there is none (`tmux` alone starts a session); null when it cannot be known. */
function tmuxSubcommand(text: readonly (string | null)[]): string | null | undefined {
  for (let i = 0; i < text.length; i++) {
    const t = text[i];
    if (t === null || t === undefined) return null;
    if (/^-[LSfcT]$/.test(t)) {
      i++;
      continue;
    }
    if (t.startsWith('-')) continue;
    return t;
  }
  return undefined;
}

/**
 * Inline code of another language that starts a process meant to outlive
 * it: a new session, a fork, a detached child, a daemon, a shell snippet
 * ending in `&` (`os.system('sleep 9 &')`).
 */
export const INLINE_DETACH =
  /(?<![&>|<])&(?![&>])\s*['"`]\s*[),;]|\bstart_new_session\s*=\s*True\b|\bos\.(?:fork|forkpty|setsid|daemon)\b|\bsetsid\b|\bdetached\s*:\s*true\b|\.unref\s*\(\s*\)|\bProcess\.(?:detach|daemon)\b|\bfork\s*\(|\bnohup\b|\bdisown\b|\bcreationflags\s*=.*DETACHED_PROCESS|\bdaemon(?:ize)?\s*\(/;

/**
 * The cheap pre-check: false only when the full detach analysis would find
 * nothing. A lone `&` (not `&&`, `>&`, `&>`, `|&`, `<&`), or one of the
 * commands above named anywhere, or inline code that forks.
 */
export function mightDetach(command: string): boolean {
  // The two expressions run only on a command holding a word they cannot match without: the same answer, and a command
  // without one (most) does not pay for compiling them at the start of each hook process.
  return (holdsOne(command, DETACH_WORD_NEEDLES) && DETACH_WORDS.test(command)) || (command.includes('&') && LONE_AMPERSAND.test(command)) || (holdsOne(command, INLINE_DETACH_NEEDLES) && INLINE_DETACH.test(command));
}

function holdsOne(text: string, needles: readonly string[]): boolean {
  for (const n of needles) if (text.includes(n)) return true;
  return false;
}

/** Every word of DETACH_WORDS holds one of these (`batch` holds `at`, `daemonize` and `start-stop-daemon` hold `daemon`; test/unit/shell-detach.test.ts holds the two together). */
export const DETACH_WORD_NEEDLES: readonly string[] = ['nohup', 'setsid', 'disown', 'daemon', 'at', 'systemd-run', 'dtach', 'abduco', 'crontab', 'tmux', 'screen', 'systemctl', 'loginctl', 'launchctl', 'coproc'];

/** Every alternative of INLINE_DETACH holds one of these (test/unit/shell-detach.test.ts holds the two together). */
export const INLINE_DETACH_NEEDLES: readonly string[] = ['&', 'start_new_session', 'os.', 'setsid', 'detached', '.unref', 'Process.', 'fork', 'nohup', 'disown', 'creationflags', 'daemon'];

const LONE_AMPERSAND = /(?<![&>|<])&(?![&>])/;
export const DETACH_WORDS = /\b(?:nohup|setsid|disown|daemonize|daemon|at|batch|systemd-run|dtach|abduco|crontab|tmux|screen|start-stop-daemon|systemctl|loginctl|launchctl|coproc)\b/;
