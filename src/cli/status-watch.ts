/**
 * `continuity status --watch`: the status picture, redrawn every interval
 * from the ledger as it is now.
 *
 * What a frame does to the ledger, and what it never does:
 * - the ledger is opened once (migrations and the spool's events are taken
 *   in then, as any command does) and kept open; each frame brings it up to
 *   date with the files it watches (the plan, the SDD ledger, summaries:
 *   short write transactions, only when a file changed, as the hooks do) and
 *   reads the picture in one read transaction that ends before the frame is
 *   drawn. Between frames no transaction is open, so the hooks never wait
 *   on a watch; in WAL mode a reader never blocks a writer anyway.
 * - frames take no edit of a guarded file as the person's own and never
 *   rewrite the hooks' state file: a watch runs for hours beside an agent,
 *   and anything it adopted could be the agent's write. (One-shot `status`
 *   keeps doing both, as every other command run by a person does.)
 * - events the hooks spool later are counted, not moved into the table (a
 *   move would be a ledger write every frame); the next command moves them.
 *   The violations they carry (writes denied from the hook's hot state) are
 *   shown at once, read from the spool.
 * - closing the ledger (at the end, or when its file was replaced) may
 *   checkpoint its WAL; the hooks' state file then takes the new stamp of the
 *   ledger files, nothing else (Ledger.close).
 * Frames follow a timer rather than the ledger's modification time: the
 * picture changes without any write (run ages, a run passing its deadline),
 * and what it reads is spread over several files (the ledger, its WAL, the
 * spool, the plan and its progress files).
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { loadPlanState } from '../app/plan-state.js';
import { takeSnapshot } from '../app/snapshot.js';
import { loadConfig } from '../config/load.js';
import { Ledger, LEDGER_DIR, LEDGER_FILE, ledgerDirExists } from '../ledger/ledger.js';
import { ledgerAccess } from '../ledger/ledger-dir.js';
import { layersOf, notEnabled } from './commands/status.js';
import { ExitCode } from '../util/errors.js';
import { projectRoot } from './project.js';
import { renderLine } from './render/style.js';
import { renderStatus } from './render/status-view.js';
import { localTimeZone, terminalOptions } from './render/terminal.js';
import { runWatchLoop, type Wake } from './watch-loop.js';

export async function watchStatus(opts: { intervalSeconds: number; frames: number | null }): Promise<number> {
  const out = process.stdout;
  const tty = !!out.isTTY;
  const source = new LedgerFrames(projectRoot());
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('SIGHUP', onSignal);
  // A closed pipe (`status --watch | head`) ends the watch quietly.
  let gone = false;
  const onError = () => {
    gone = true;
    stop.abort();
  };
  out.on('error', onError);
  const timeZone = localTimeZone();
  try {
    await runWatchLoop({
      tty,
      frames: opts.frames,
      intervalMs: Math.round(opts.intervalSeconds * 1000),
      draw: async () => {
        const now = new Date().toISOString();
        const term = terminalOptions(out, process.env);
        const frame = await source.frame(now);
        if (typeof frame === 'string') {
          return [renderLine([frame], term.width, false), renderLine([`(looked again every ${opts.intervalSeconds} s; Ctrl-C stops)`], term.width, false)];
        }
        const text = renderStatus(frame, { ...term, now, timeZone, watch: { intervalSeconds: opts.intervalSeconds }, ...(tty && out.rows ? { height: out.rows - 1 } : {}) });
        return text.replace(/\n$/, '').split('\n');
      },
      write: (text) => {
        if (gone) return false;
        out.write(text);
        return !gone;
      },
      wait: (ms) => wait(ms, stop.signal, tty ? out : null),
    });
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    process.off('SIGHUP', onSignal);
    source.close();
    out.off('error', onError);
  }
  return ExitCode.ok;
}

function wait(ms: number, signal: AbortSignal, terminal: NodeJS.WriteStream | null): Promise<Wake> {
  if (signal.aborted) return Promise.resolve('stop');
  return new Promise((resolve) => {
    const done = (why: Wake) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      terminal?.off('resize', onResize);
      resolve(why);
    };
    const onAbort = () => done('stop');
    const onResize = () => done('resize');
    const timer = setTimeout(() => done('tick'), ms);
    signal.addEventListener('abort', onAbort);
    terminal?.on('resize', onResize);
  });
}

/**
 * Where the frames come from: the project's ledger, kept open across frames
 * and opened again when it was replaced or a frame failed. A frame is a
 * snapshot, or a line saying why there is none (shown, and tried again at
 * the next frame: the watch outlives a ledger that is being set up or fixed).
 */
class LedgerFrames {
  private ledger: Ledger | null = null;
  private identity: string | null = null;

  constructor(private readonly root: string) {}

  async frame(now: string): Promise<Awaited<ReturnType<typeof takeSnapshot>> | string> {
    try {
      if (!ledgerDirExists(this.root)) {
        this.close();
        return notEnabled(this.root);
      }
      const config = await loadConfig(this.root);
      if (ledgerAccess(this.root) === 'read-only') {
        // Inside the agent's sandbox: a fresh private copy for each frame.
        this.close();
        const copy = await Ledger.open(this.root, { copy: true });
        try {
          await loadPlanState(copy, { now, config, source: 'cli' });
          return { ...takeSnapshot(copy, { now, config }), ...(await layersOf(this.root, config)) };
        } finally {
          copy.close();
        }
      }
      if (this.ledger && this.identity !== fileIdentity(join(this.root, LEDGER_DIR, LEDGER_FILE))) this.close();
      if (!this.ledger) {
        this.ledger = await Ledger.open(this.root, { create: true });
        this.identity = fileIdentity(this.ledger.path);
      }
      await loadPlanState(this.ledger, { now, config, source: 'cli' });
      return { ...takeSnapshot(this.ledger, { now, config }), ...(await layersOf(this.root, config)) };
    } catch (err) {
      this.close();
      return `continuity: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`;
    }
  }

  close(): void {
    try {
      this.ledger?.close();
    } catch {
      // Already unusable; nothing left to release.
    }
    this.ledger = null;
    this.identity = null;
  }
}

/** Device and inode: a ledger file deleted and created again is a different file. */
function fileIdentity(path: string): string | null {
  try {
    const st = statSync(path);
    return `${st.dev}:${st.ino}`;
  } catch {
    return null;
  }
}
