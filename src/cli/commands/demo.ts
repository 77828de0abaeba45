import { spawnSync } from 'node:child_process';
import { accessSync, constants, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { codeDir, selfCommand } from '../../util/code-dir.js';
import { parseArgs } from 'node:util';
import * as v from 'valibot';
import { describeIssue } from '../../util/validation.js';
import { CliError, ExitCode } from '../../util/errors.js';
import { recentEvents } from '../../ledger/events.js';
import { Ledger } from '../../ledger/ledger.js';
import { describeDecision } from '../render/decision-words.js';
import { describeHookAnswer, wrapText } from '../render/hook-answer.js';

/**
 * `continuity demo`: with a `claude` executable (`--claude PATH`, or on PATH),
 * a real Claude Code session against a scripted model, offline
 * (src/demo/real-client/real-demo.ts, loaded only then). Otherwise, or with
 * `--replay`: replays a recorded Claude Code session (hook payloads and the
 * developer's commands) through the real CLI, one process per event as Claude
 * Code runs hooks, in a throwaway project, and prints what continuity decided
 * at each step.
 */
const Step = v.union([
  v.object({ note: v.string() }),
  v.object({ cli: v.array(v.string()) }),
  v.object({ hook: v.looseObject({ hook_event_name: v.string() }) }),
  v.object({ write: v.object({ path: v.string(), content: v.string() }) }),
  v.object({ edit: v.object({ path: v.string(), find: v.string(), replace: v.string() }) }),
]);
const Session = v.object({
  title: v.string(),
  sessionId: v.string(),
  /** The demo project's `.continuity/config.json` (a fixture file there would be git-ignored). */
  config: v.optional(v.record(v.string(), v.unknown())),
  scenarios: v.array(v.object({ title: v.string(), steps: v.array(Step) })),
});
type Session = v.InferOutput<typeof Session>;

const USAGE = `usage: continuity demo [--claude PATH | --replay] [--keep]
       continuity demo --hand-over [--claude PATH] [--codex PATH] [--gemini PATH]
                              [--pi PATH] [--copilot PATH] [--opencode PATH] [--replay] [--keep]
  With a claude executable (--claude PATH, or \`claude\` on PATH): a real Claude Code
  session against a scripted model on 127.0.0.1, offline and free.
  --hand-over  one plan of seven tasks handed from Claude Code (Task 1) to Codex,
               Gemini CLI, pi, Copilot CLI, OpenCode and OpenClaw (Task 7); each
               of the first six found (the flag, or on PATH) runs for real
               against a scripted model on 127.0.0.1, the others play their
               recorded hook calls; OpenClaw's are always recorded, played to
               continuity's plugin (the demo runs no OpenClaw gateway)
  --replay     replay the recorded session (or hand-over) through the hooks instead
  --keep       leave the demo project on disk
`;

export async function run(argv: string[]): Promise<number> {
  let values: { keep?: boolean; help?: boolean; replay?: boolean; claude?: string; 'hand-over'?: boolean } & Partial<Record<HandOverFlag, string>>;
  try {
    const clients = Object.fromEntries(HAND_OVER_FLAGS.map((f) => [f, { type: 'string' as const }]));
    ({ values } = parseArgs({ args: argv, options: { keep: { type: 'boolean' }, replay: { type: 'boolean' }, claude: { type: 'string' }, 'hand-over': { type: 'boolean' }, ...clients, help: { type: 'boolean', short: 'h' } }, strict: true }));
  } catch (err) {
    throw new CliError(`demo: ${(err as Error).message}`, ExitCode.invalidInput);
  }
  if (values.help) {
    process.stdout.write(USAGE);
    return ExitCode.ok;
  }
  for (const flag of ['claude', ...HAND_OVER_FLAGS] as const) if (values.replay && values[flag] !== undefined) throw new CliError(`demo: --replay and --${flag} exclude each other`, ExitCode.invalidInput);
  if (values['hand-over']) return handOver(values);
  for (const flag of HAND_OVER_FLAGS) if (values[flag] !== undefined) throw new CliError(`demo: --${flag} goes with --hand-over`, ExitCode.invalidInput);
  const claude = values.replay ? null : values.claude !== undefined ? givenExecutable('claude', values.claude) : onPath('claude');
  if (claude) {
    const { runRealDemo } = await import('../../demo/real-client/real-demo.js');
    const self = selfCommand(import.meta.url, []);
    return runRealDemo({ claude, self: [self.cmd, ...self.args.map((a) => realpathSync(a))], keep: !!values.keep, out: (s) => process.stdout.write(`${s}\n`) });
  }
  return replay(!!values.keep, !values.replay);
}

/** The hand-over's own flags: a client's executable (`--claude` is the plain demo's too). */
const HAND_OVER_FLAGS = ['codex', 'gemini', 'pi', 'copilot', 'opencode'] as const;
type HandOverFlag = (typeof HAND_OVER_FLAGS)[number];

/** `continuity demo --hand-over`: each client run for real where its executable is found, else played from the recording. */
async function handOver(values: { keep?: boolean; replay?: boolean; claude?: string } & Partial<Record<HandOverFlag, string>>): Promise<number> {
  const executables: Record<'claude-code' | HandOverFlag, string | null> = { 'claude-code': null, codex: null, gemini: null, pi: null, copilot: null, opencode: null };
  const recordedWhy: Partial<Record<keyof typeof executables, string>> = {};
  for (const [client, flag] of [['claude-code', 'claude'], ...HAND_OVER_FLAGS.map((f) => [f, f] as const)] as const) {
    const given = values[flag];
    executables[client] = values.replay ? null : given !== undefined ? givenExecutable(flag, given) : onPath(flag);
    if (!executables[client]) recordedWhy[client] = values.replay ? '--replay' : process.platform === 'win32' ? 'a real client needs a POSIX shell' : `no \`${flag}\` on PATH`;
  }
  const { runHandOver } = await import('../../demo/hand-over/hand-over.js');
  const self = selfCommand(import.meta.url, []);
  return runHandOver({ executables, recordedWhy, self: [self.cmd, ...self.args.map((a) => realpathSync(a))], recording: join(packageRoot(), 'fixtures', 'demo', 'hand-over.json'), keep: !!values.keep, out: (s) => process.stdout.write(`${s}\n`) });
}

/** `--claude PATH` (`--codex PATH`, `--gemini PATH`): it must be an executable file. */
function givenExecutable(flag: string, path: string): string {
  if (process.platform === 'win32') throw new CliError(`demo: a real client needs a POSIX shell; \`continuity demo --replay\` replays a recorded one`, ExitCode.invalidInput);
  const abs = resolve(path);
  if (!existsSync(abs)) throw new CliError(`demo: --${flag} ${path}: no such file`, ExitCode.invalidInput);
  if (!isExecutable(abs)) throw new CliError(`demo: --${flag} ${path}: not an executable file`, ExitCode.invalidInput);
  return abs;
}

/** The first executable `name` on PATH, or null. A real client runs POSIX shell commands: none is looked for on Windows. */
function onPath(name: string): string | null {
  if (process.platform === 'win32') return null;
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const candidate = join(dir, name);
    if (dir && isExecutable(candidate)) return candidate;
  }
  return null;
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The recorded session, replayed through the hooks. */
async function replay(keep: boolean, noClaudeFound: boolean): Promise<number> {
  const fixtures = join(packageRoot(), 'fixtures', 'demo');
  const session = loadSession(join(fixtures, 'session.json'));
  const project = mkdtempSync(join(tmpdir(), 'continuity-demo-'));
  cpSync(join(fixtures, 'project'), project, { recursive: true });
  if (session.config) {
    mkdirSync(join(project, '.continuity'), { recursive: true });
    writeFileSync(join(project, '.continuity', 'config.json'), `${JSON.stringify(session.config, null, 2)}\n`);
  }
  const out = (s: string) => process.stdout.write(`${s}\n`);

  out(`continuity demo — ${session.title}`);
  if (noClaudeFound) out('No `claude` executable on PATH: this replays recorded hook payloads. `continuity demo --claude PATH` runs a real Claude Code session, offline.');
  out(`Each hook event runs \`continuity hook claude-code\` in its own process, as Claude Code does.`);
  out(`Project: ${project}\n`);
  let n = 0;
  try {
    for (const [i, scenario] of session.scenarios.entries()) {
      out(`── ${i + 1}. ${scenario.title}`);
      for (const step of scenario.steps) {
        if ('note' in step) {
          out(`       ${step.note}`);
          continue;
        }
        const num = String(++n).padStart(3);
        if ('cli' in step) runCli(project, session.sessionId, step.cli, num, out);
        else if ('write' in step) {
          mkdirSync(dirname(join(project, step.write.path)), { recursive: true });
          writeFileSync(join(project, step.write.path), step.write.content);
          out(`  ${num}  (file written: ${step.write.path})`);
        } else if ('edit' in step) {
          const file = join(project, step.edit.path);
          writeFileSync(file, readFileSync(file, 'utf8').replace(step.edit.find, step.edit.replace));
          out(`  ${num}  (the plan is revised: ${step.edit.path})`);
        } else await runHook(project, session.sessionId, step.hook, num, out);
      }
      out('');
    }
    out('── Final status (continuity status)');
    const status = spawnSelf(['status'], { cwd: project, encoding: 'utf8', env: demoEnv(project) });
    out(status.stdout.trimEnd().split('\n').map((l) => `  ${l}`).join('\n'));
  } finally {
    if (keep) out(`\nThe demo project was kept at ${project}`);
    else rmSync(project, { recursive: true, force: true });
  }
  return ExitCode.ok;
}

// Each step runs this same CLI again, in a process of its own, as an agent would.
function spawnSelf(args: string[], opts: Parameters<typeof spawnSync>[2] & { encoding: 'utf8' }) {
  const c = selfCommand(import.meta.url, args);
  return spawnSync(c.cmd, c.args, opts);
}

function runCli(project: string, sessionId: string, args: string[], num: string, out: (s: string) => void): void {
  out(`  ${num}  $ continuity ${args.join(' ')}`);
  const r = spawnSelf([...args], { cwd: project, encoding: 'utf8', env: { ...demoEnv(project), CLAUDE_CODE_SESSION_ID: sessionId } });
  const text = `${r.stdout}${r.stderr}`.trimEnd();
  for (const line of text.split('\n')) for (const wrapped of wrapText(line, 70)) if (wrapped) out(`         ${wrapped}`);
}

async function runHook(project: string, sessionId: string, hook: Record<string, unknown>, num: string, out: (s: string) => void): Promise<void> {
  const payload = {
    session_id: sessionId,
    transcript_path: join(project, '.claude-transcript.jsonl'),
    cwd: project,
    permission_mode: 'default',
    ...hook,
  };
  const r = spawnSelf(['hook', 'claude-code'], {
    cwd: project,
    input: JSON.stringify(payload),
    encoding: 'utf8',
    env: demoEnv(project),
  });
  const answer = describeHookAnswer(payload, { stdout: r.stdout, stderr: r.stderr, exitCode: r.status ?? 1 });
  const decided = r.status === 0 ? await lastDecision(project) : null;
  out(`  ${num}  ${answer.event.padEnd(44)} → ${decided ?? answer.verdict}`);
  for (const line of answer.details) out(`         │ ${line}`);
}

// What continuity decided, read back from the ledger's audit record of the call.
async function lastDecision(project: string): Promise<string | null> {
  const ledger = await Ledger.open(project);
  try {
    const [e] = recentEvents(ledger.db, { limit: 1 });
    return e ? describeDecision(e.kind, e.decision) : null;
  } finally {
    ledger.close();
  }
}

function demoEnv(project: string): NodeJS.ProcessEnv {
  return { ...process.env, CLAUDE_PROJECT_DIR: project };
}

function loadSession(path: string): Session {
  const result = v.safeParse(Session, JSON.parse(readFileSync(path, 'utf8')));
  if (!result.success) throw new CliError(`demo fixture ${path}: ${describeIssue(result.issues)}`, ExitCode.internal);
  return result.output;
}

// The code lives in dist/ (dist/chunks/, dist/bin/); the fixtures ship beside it in the package.
function packageRoot(): string {
  let dir = codeDir(import.meta.url);
  while (!existsSync(join(dir, 'package.json')) || !existsSync(join(dir, 'fixtures', 'demo'))) {
    const up = dirname(dir);
    if (up === dir) throw new CliError('demo: the demo fixtures are missing from this installation', ExitCode.internal);
    dir = up;
  }
  return dir;
}
