/**
 * The loop of `status --watch`, apart from where its frames come from and
 * where they go, so that its terminal behaviour is tested with a fake
 * terminal: on a terminal the picture is redrawn in place (cursor hidden
 * while watching, shown again however the loop ends); into a pipe or a file
 * a frame is printed only when it differs from the last one printed (its
 * first line, which carries the time, aside), frames apart by a blank line,
 * with no escape sequence at all.
 */

export const ESC = {
  hideCursor: '\u001b[?25l',
  showCursor: '\u001b[?25h',
  /** Clear the screen and home the cursor (the first frame, and after a resize). */
  clear: '\u001b[2J\u001b[H',
  home: '\u001b[H',
  /** Erase to the end of the line: a shorter line leaves nothing of the longer one below it. */
  eraseLine: '\u001b[K',
  /** Erase from the cursor to the end of the screen: a shorter frame leaves nothing below it. */
  eraseBelow: '\u001b[J',
} as const;

/** Why a wait ended. */
export type Wake = 'tick' | 'resize' | 'stop';

export interface WatchLoop {
  /** Redraw in place (a terminal), or print changed frames (anything else). */
  tty: boolean;
  /** Stop after this many frames shown (null: until stopped). */
  frames: number | null;
  intervalMs: number;
  /** One frame, read fresh: its lines, without line ends. */
  draw(): Promise<string[]>;
  /** False when the output is gone (a closed pipe): the loop ends. */
  write(text: string): boolean;
  /** Waits `ms`, or less when the terminal is resized or the watch is stopped. */
  wait(ms: number): Promise<Wake>;
}

/** Runs frames until stopped, the frame limit is reached or the output is gone. Returns how many frames were shown. */
export async function runWatchLoop(loop: WatchLoop): Promise<number> {
  let shown = 0;
  let last: string | null = null;
  let clear = true;
  if (loop.tty && !loop.write(ESC.hideCursor)) return 0;
  try {
    for (;;) {
      const lines = await loop.draw();
      if (loop.tty) {
        const text = `${clear ? ESC.clear : ESC.home}${lines.map((l) => `${l}${ESC.eraseLine}`).join('\n')}\n${ESC.eraseBelow}`;
        clear = false;
        if (!loop.write(text)) break;
        shown++;
      } else {
        const body = lines.slice(1).join('\n');
        if (body !== last) {
          if (!loop.write(`${shown ? '\n' : ''}${lines.join('\n')}\n`)) break;
          last = body;
          shown++;
        }
      }
      if (loop.frames !== null && shown >= loop.frames) break;
      const wake = await loop.wait(loop.intervalMs);
      if (wake === 'stop') break;
      if (wake === 'resize') clear = true;
    }
  } finally {
    if (loop.tty) loop.write(ESC.showCursor);
  }
  return shown;
}
