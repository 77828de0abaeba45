// A throwaway project for running a real agent client (Codex CLI, Gemini CLI)
// with continuity's hooks, as a new user would set it up: a git project with
// the plan, `continuity plan import`, `continuity init --agent <agent>`, and a
// home of its own. The client runs bounded, in a process group of its own.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { newPlace } from './places.js';
import { dirname, join, relative, resolve } from 'node:path';
import { after } from 'node:test';
import { shellWord as sh } from '../../src/demo/real-client/claude-process.js';
import { PLAN, PLAN_PATH } from '../../src/demo/real-client/story.js';
import { clientEnv } from '../../src/demo/real-client/bounded-process.js';

export { runProcess, type ProcessResult } from '../../src/demo/real-client/bounded-process.js';

export { PLAN, PLAN_PATH };
export const REPO_ROOT = resolve(dirname(new URL(import.meta.url).pathname), '..', '..');
export const CLI = resolve(process.env.CONTINUITY_REAL_CLIENT_CLI ?? join(REPO_ROOT, 'dist', 'cli.cjs'));
export const NODE = process.env.CONTINUITY_TEST_NODE ?? process.execPath;

const bins = new Map<string, string>();
/** The pinned client's binary, installed on first use by scripts/install-agent-clients.mjs; a failed install fails the test. */
export function clientBinary(name: 'codex' | 'gemini' | 'pi' | 'copilot' | 'opencode', version?: string): string {
  const key = version ? `${name}@${version}` : name;
  const known = bins.get(key);
  if (known) return known;
  // pi's pass on the newest (scripts/test-real-client.mjs): the version the runner found, in CONTINUITY_PI_NEWEST.
  // CONTINUITY_COPILOT_VERSION: the Copilot CLI version of this pass (the runner runs the pinned one and the newest).
  const asked = version ? ['--version', version]
    : name === 'pi' && process.env.CONTINUITY_REAL_CLIENT_PI === 'newest' && process.env.CONTINUITY_PI_NEWEST ? ['--version', process.env.CONTINUITY_PI_NEWEST]
    : name === 'copilot' && process.env.CONTINUITY_COPILOT_VERSION ? ['--version', process.env.CONTINUITY_COPILOT_VERSION] : [];
  const r = spawnSync(process.execPath, [join(REPO_ROOT, 'scripts', 'install-agent-clients.mjs'), '--print-path', name, ...asked], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${name} could not be installed: ${(r.stderr || r.error?.message || '').trim()}`);
  const bin = r.stdout.trim().split('\n').pop()!;
  bins.set(key, bin);
  return bin;
}

/** Where a project lives: its folder, and the isolated home its clients run with. */
export interface ProjectPlace {
  readonly base: string;
  readonly dir: string;
  readonly home: string;
}

export interface ProjectOptions {
  /** Work in this existing project (another client's, as a person switching agents does) instead of a new one. */
  join?: ProjectPlace;
  plan?: { path: string; content: string } | null;
  files?: Record<string, string>;
  config?: unknown;
  /** The folder the project and its home are made in (default: the temporary folder; a client whose wall leaves the temporary folder writable needs its home elsewhere). */
  parent?: string;
}

/** One hook call as the ledger recorded it (`continuity log --json`). */
export interface LoggedEvent {
  kind: string;
  source: string;
  sessionId: string | null;
  input: any;
  decision: any;
}

export class AgentProject {
  readonly base: string;
  readonly dir: string;
  readonly home: string;

  constructor(
    readonly agent: 'codex' | 'gemini' | 'openclaw' | 'pi' | 'copilot' | 'opencode',
    opts: ProjectOptions = {},
  ) {
    // Joining another client's project: the same folder and home; the person wires this client in it too, and goes on.
    this.base = opts.join?.base ?? (opts.parent ? mkdtempSync(join(opts.parent, `continuity-${agent}-`)) : newPlace(`${agent}-`));
    this.dir = opts.join?.dir ?? join(this.base, 'project');
    this.home = opts.join?.home ?? join(this.base, 'home');
    mkdirSync(this.dir, { recursive: true });
    mkdirSync(join(this.home, 'bin'), { recursive: true });
    mkdirSync(join(this.home, 'tmp'), { recursive: true });
    // `continuity` on the agent's PATH, as after `npm install -g`.
    const shim = join(this.home, 'bin', 'continuity');
    writeFileSync(shim, `#!/bin/sh\nexec ${sh(NODE)} ${sh(CLI)} "$@"\n`);
    chmodSync(shim, 0o755);
    // Codex runs its shell commands in a login shell, whose /etc/profile sets PATH anew: the user's profile puts the shim back.
    writeFileSync(join(this.home, '.profile'), `PATH=${sh(join(this.home, 'bin'))}:${sh(dirname(NODE))}:"$PATH"\nexport PATH\n`);
    writeFileSync(join(this.home, '.gitconfig'), '[user]\n\tname = Real Client Test\n\temail = test@example.invalid\n[init]\n\tdefaultBranch = main\n');
    if (opts.join) {
      if (agent !== 'openclaw') this.continuity(['init', '--agent', agent]);
      return;
    }
    spawnSync('git', ['init', '-q'], { cwd: this.dir, env: { PATH: process.env.PATH ?? '', HOME: this.home } });
    const plan = opts.plan === undefined ? { path: PLAN_PATH, content: PLAN } : opts.plan;
    for (const [path, content] of Object.entries({ ...(plan ? { [plan.path]: plan.content } : {}), ...opts.files })) this.writeFile(path, content);
    if (opts.config !== undefined) this.writeFile('.continuity/config.json', JSON.stringify(opts.config, null, 2) + '\n');
    if (plan) this.continuity(['plan', 'import', plan.path]);
    // As a user would: the hooks from `continuity init`, run by the Node on PATH (OpenClaw's plugin is wired in its own config instead).
    if (agent !== 'openclaw') this.continuity(['init', '--agent', agent]);
    const capture = process.env.CONTINUITY_REAL_CLIENT_CAPTURE;
    if (capture && (agent === 'codex' || agent === 'gemini')) this.captureHooks(resolve(capture));
    after(() => {
      if (process.env.CONTINUITY_REAL_CLIENT_KEEP) process.stderr.write(`kept ${this.base}\n`);
      else this.remove();
    });
  }

  /** The environment every process of the client gets: nothing inherited but PATH and locale. */
  baseEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
    return clientEnv(this.home, extra, NODE);
  }

  writeFile(path: string, content: string): void {
    mkdirSync(dirname(join(this.dir, path)), { recursive: true });
    writeFileSync(join(this.dir, path), content);
  }

  readFile(path: string): string {
    return readFileSync(join(this.dir, path), 'utf8');
  }

  /** The continuity CLI run in the project by the person at a terminal (not inside an agent). */
  continuity(args: string[], extraEnv: NodeJS.ProcessEnv = {}): { stdout: string; stderr: string } {
    const r = spawnSync(NODE, [CLI, ...args], { cwd: this.dir, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, env: { PATH: `${dirname(NODE)}:${process.env.PATH ?? ''}`, HOME: this.home, ...extraEnv } });
    if (r.error) throw r.error;
    if (r.status !== 0) throw new Error(`continuity ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
    return { stdout: r.stdout, stderr: r.stderr };
  }

  status(): any {
    return JSON.parse(this.continuity(['status', '--json']).stdout);
  }

  /** Every event the ledger holds, oldest first. */
  events(): LoggedEvent[] {
    return this.continuity(['log', '--json', '--limit', '10000'])
      .stdout.split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as LoggedEvent);
  }

  files(): Record<string, string> {
    const out: Record<string, string> = {};
    const walk = (dir: string): void => {
      for (const name of readdirSync(dir)) {
        const abs = join(dir, name);
        const rel = relative(this.dir, abs);
        if (rel === '.git' || rel === '.continuity') continue;
        const st = statSync(abs);
        if (st.isDirectory()) walk(abs);
        else if (st.isFile() && st.size < 1_000_000) out[rel] = readFileSync(abs, 'utf8');
      }
    };
    walk(this.dir);
    return out;
  }

  /**
   * CONTINUITY_REAL_CLIENT_CAPTURE=DIR: every payload the client sends a hook
   * is also written to DIR (`<agent>-<time>-<event>.json`), for the unit
   * tests' fixtures. The hook wiring runs a wrapper that saves stdin first.
   */
  private captureHooks(dir: string): void {
    mkdirSync(dir, { recursive: true });
    const wrapper = join(this.home, 'bin', 'capture-hook');
    writeFileSync(
      wrapper,
      `#!/bin/sh\nf=${sh(dir)}/${this.agent}-$(date +%s%N).json\ncat > "$f"\nexec "$@" < "$f"\n`,
    );
    chmodSync(wrapper, 0o755);
    if (this.agent === 'pi') return this.capturePi(wrapper);
    const file = this.agent === 'codex' ? '.codex/hooks.json' : '.gemini/settings.json';
    const text = this.readFile(file);
    const settings = JSON.parse(text);
    for (const groups of Object.values(settings.hooks as Record<string, { hooks: { command: string }[] }[]>)) {
      if (!Array.isArray(groups)) continue;
      for (const g of groups) for (const h of g.hooks) h.command = `${sh(wrapper)} ${h.command}`;
    }
    this.writeFile(file, JSON.stringify(settings, null, 2) + '\n');
    // The wiring is guarded: the person accepts the edit, at a terminal (`script` gives it one).
    const r = spawnSync('script', ['-qec', `${sh(NODE)} ${sh(CLI)} config accept`, '/dev/null'], { cwd: this.dir, encoding: 'utf8', env: { PATH: `${dirname(NODE)}:${process.env.PATH ?? ''}`, HOME: this.home, TERM: 'dumb' } });
    if (r.status !== 0) throw new Error(`continuity config accept (for the capture wrapper) exited ${r.status}: ${r.stdout}${r.stderr}`);
  }

  /** pi's extension names its hook command on one line: the wrapper goes in front of it. */
  private capturePi(wrapper: string): void {
    const file = '.pi/extensions/continuity.ts';
    this.writeFile(file, this.readFile(file).replace(/^(const HOOK: string\[\] = \[)/m, `$1${JSON.stringify(wrapper)}, `));
    const r = spawnSync('script', ['-qec', `${sh(NODE)} ${sh(CLI)} config accept`, '/dev/null'], { cwd: this.dir, encoding: 'utf8', env: { PATH: `${dirname(NODE)}:${process.env.PATH ?? ''}`, HOME: this.home, TERM: 'dumb' } });
    if (r.status !== 0) throw new Error(`continuity config accept (for the capture wrapper) exited ${r.status}: ${r.stdout}${r.stderr}`);
  }

  remove(): void {
    rmSync(this.base, { recursive: true, force: true });
  }
}
