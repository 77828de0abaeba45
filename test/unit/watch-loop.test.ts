import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ESC, runWatchLoop, type Wake } from '../../src/cli/watch-loop.js';

/** A loop over scripted frames and wake-ups, writing into a string. */
function scripted(opts: { tty: boolean; frames: string[][]; wakes: Wake[]; limit?: number | null; closeAfterWrites?: number }) {
  let out = '';
  let writes = 0;
  let drawn = 0;
  const waits: number[] = [];
  const loop = {
    tty: opts.tty,
    frames: opts.limit ?? null,
    intervalMs: 250,
    draw: async () => opts.frames[Math.min(drawn++, opts.frames.length - 1)]!,
    write: (text: string) => {
      if (opts.closeAfterWrites !== undefined && writes >= opts.closeAfterWrites) return false;
      writes++;
      out += text;
      return true;
    },
    wait: async (ms: number) => {
      waits.push(ms);
      return opts.wakes.shift() ?? 'stop';
    },
  };
  return { loop, result: () => ({ out, drawn, waits }) };
}

test('on a terminal: cursor hidden, screen cleared once, then each frame drawn in place; the cursor comes back when stopped', async () => {
  const s = scripted({ tty: true, frames: [['frame one', 'a long second line'], ['frame two', 'short']], wakes: ['tick', 'stop'] });
  const shown = await runWatchLoop(s.loop);
  const { out, waits } = s.result();
  assert.equal(shown, 2);
  assert.deepEqual(waits, [250, 250]);
  assert.equal(
    out,
    `${ESC.hideCursor}${ESC.clear}frame one${ESC.eraseLine}\na long second line${ESC.eraseLine}\n${ESC.eraseBelow}` +
      `${ESC.home}frame two${ESC.eraseLine}\nshort${ESC.eraseLine}\n${ESC.eraseBelow}${ESC.showCursor}`,
  );
});

test('on a terminal, a resize clears the screen before the next frame', async () => {
  const s = scripted({ tty: true, frames: [['one'], ['two']], wakes: ['resize', 'stop'] });
  await runWatchLoop(s.loop);
  assert.equal(s.result().out.split(ESC.clear).length - 1, 2);
});

test('into a pipe: no escape sequence; a frame is printed only when it changed (its first line, the time, aside), apart by a blank line', async () => {
  const s = scripted({
    tty: false,
    frames: [
      ['continuity · 10:00:00', 'Tasks 0/3'],
      ['continuity · 10:00:01', 'Tasks 0/3'],
      ['continuity · 10:00:02', 'Tasks 1/3'],
    ],
    wakes: ['tick', 'tick', 'tick', 'stop'],
  });
  const shown = await runWatchLoop(s.loop);
  const { out, drawn } = s.result();
  assert.equal(drawn, 4);
  assert.equal(shown, 2);
  assert.equal(out, 'continuity · 10:00:00\nTasks 0/3\n\ncontinuity · 10:00:02\nTasks 1/3\n');
  assert.doesNotMatch(out, /\u001b/);
});

test('a frame limit ends the loop by itself', async () => {
  const s = scripted({ tty: false, frames: [['h', 'a'], ['h', 'b'], ['h', 'c']], wakes: ['tick', 'tick', 'tick'], limit: 2 });
  assert.equal(await runWatchLoop(s.loop), 2);
  assert.equal(s.result().out, 'h\na\n\nh\nb\n');
});

test('output that is gone (a closed pipe) ends the loop; on a terminal the cursor is still shown again', async () => {
  const s = scripted({ tty: true, frames: [['one']], wakes: ['tick', 'tick'], closeAfterWrites: 2 });
  const shown = await runWatchLoop(s.loop);
  assert.equal(shown, 1);
  assert.ok(s.result().drawn >= 1);
  const failing = scripted({ tty: true, frames: [['one']], wakes: [] });
  const draw = failing.loop.draw;
  let calls = 0;
  failing.loop.draw = async () => {
    if (calls++) throw new Error('ledger gone');
    return draw();
  };
  failing.loop.wait = async () => 'tick';
  await assert.rejects(runWatchLoop(failing.loop), /ledger gone/);
  assert.ok(failing.result().out.endsWith(ESC.showCursor));
});
