// The throwaway place a demo runs in: a HOME of its own with `continuity` on
// its PATH (as after `npm install -g`), and a git project.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { shellWord } from './claude-process.js';

/** `<home>/bin/continuity` running `self`, a git identity, and a login profile that keeps the shim on PATH (Codex runs commands in a login shell, whose /etc/profile sets PATH anew). */
export function setUpDemoHome(self: readonly string[], home: string): void {
  for (const d of ['bin', 'tmp']) mkdirSync(join(home, d), { recursive: true });
  const shim = join(home, 'bin', 'continuity');
  writeFileSync(shim, `#!/bin/sh\nexec ${self.map(shellWord).join(' ')} "$@"\n`);
  chmodSync(shim, 0o755);
  writeFileSync(join(home, '.gitconfig'), '[user]\n\tname = continuity demo\n\temail = demo@example.invalid\n[init]\n\tdefaultBranch = main\n');
  writeFileSync(join(home, '.profile'), `PATH=${shellWord(join(home, 'bin'))}:${shellWord(join(process.execPath, '..'))}:"$PATH"\nexport PATH\n`);
}

/** A git project (a bare `.git` marker where git is missing: it is all continuity needs to find the root). */
export function gitInit(project: string, home: string): void {
  mkdirSync(project, { recursive: true });
  const git = spawnSync('git', ['init', '-q'], { cwd: project, env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home } });
  if (git.status !== 0) mkdirSync(join(project, '.git'), { recursive: true });
}

/** Where a demo runs: a temp folder holding the project and the home; an interrupt stops what runs, and close() removes it all (or says where it was kept). */
export interface DemoPlace {
  project: string;
  home: string;
  interrupted(): boolean;
  close(keep: boolean, out: (line: string) => void): void;
}

export function openDemoPlace(prefix: string, stopRunning: () => void): DemoPlace {
  const base = mkdtempSync(join(tmpdir(), prefix));
  let interrupted = false;
  const onInterrupt = () => {
    interrupted = true;
    stopRunning();
  };
  process.once('SIGINT', onInterrupt);
  process.once('SIGTERM', onInterrupt);
  return {
    project: join(base, 'project'),
    home: join(base, 'home'),
    interrupted: () => interrupted,
    close(keep, out) {
      process.off('SIGINT', onInterrupt);
      process.off('SIGTERM', onInterrupt);
      stopRunning();
      if (keep) out(`\nThe demo project was kept at ${join(base, 'project')}`);
      else rmSync(base, { recursive: true, force: true });
    },
  };
}
