/**
 * `continuity demo` with a real Claude Code: the story of story.ts played by
 * the real CLI, offline and free. A throwaway git project in a temp dir whose
 * .claude/settings.json wires every hook event to this continuity, a HOME of
 * its own, and the scripted model on 127.0.0.1 (a free port, closed when the
 * session ends and after a bounded lifetime whatever happens). The session is
 * narrated as it happens (narrator.ts), then the ledger's account is printed.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { recentEvents } from '../../ledger/events.js';
import { Ledger } from '../../ledger/ledger.js';
import { describeDecision } from '../../cli/render/decision-words.js';
import { CliError, ExitCode } from '../../util/errors.js';
import { claudeEnv, claudeVersion, hookSettings, killRunning, runClaude, shellWord } from './claude-process.js';
import { gitInit, openDemoPlace, setUpDemoHome } from './demo-home.js';
import { startModelServer } from './model-server.js';
import { Narrator, type SessionFacts } from './narrator.js';
import { AFTER_LAST, PLAN, PLAN_PATH, PROMPT, TURNS } from './story.js';

/** Claude Code is killed after this long; the server closes 10 s later at the latest. */
const SESSION_TIMEOUT_MS = 90_000;

export interface RealDemoOptions {
  /** The `claude` executable. */
  claude: string;
  /** The command that runs this continuity (node dist/cli.cjs, or the compiled executable), for the hooks and the person. */
  self: string[];
  keep: boolean;
  out: (line: string) => void;
}

export async function runRealDemo(o: RealDemoOptions): Promise<number> {
  const place = openDemoPlace('continuity-demo-', killRunning);
  const { project, home } = place;
  try {
    setUpDemoHome(o.self, home);
    gitInit(project, home);
    const version = claudeVersion(o.claude, home);
    if (version === null) throw new CliError(`demo: ${o.claude} does not answer \`--version\` as Claude Code does`, ExitCode.invalidInput);
    setUpProject(o.self, project);

    const out = o.out;
    out('continuity demo — a real Claude Code session against a scripted model');
    out(`Claude Code ${version}: ${o.claude}`);
    out('Offline: Claude Code talks only to a scripted stand-in for the Messages API on');
    out('127.0.0.1, served by this process. Nothing leaves the machine; nothing is billed.');
    out(`Project: ${project}`);
    out(`  its .claude/settings.json runs \`continuity hook claude-code\` for every hook event;`);
    out(`  Claude Code runs with HOME=${home}`);
    out('');

    out('── 1. The plan is registered: a draft until the person approves it');
    out(`  $ continuity plan import ${PLAN_PATH}`);
    for (const l of continuity(o.self, project, home, ['plan', 'import', PLAN_PATH]).split('\n')) if (l) out(`         ${l}`);
    out('');

    const ledger = await Ledger.open(project);
    let facts: SessionFacts;
    let run: Awaited<ReturnType<typeof runClaude>>;
    try {
      const seen = new Set<number>();
      const narrator = new Narrator({ out, prompt: PROMPT, decisionOf: (event, toolUseId) => decisionFor(ledger, event, toolUseId, seen) });
      out(`── 2. $ claude -p ${shellWord(PROMPT)}   (the person's prompt; the model's answers are scripted)`);
      const server = await startModelServer({ turns: TURNS, afterLast: AFTER_LAST }, { lifetimeMs: SESSION_TIMEOUT_MS + 10_000, onRequest: (rec) => (rec.kind === 'scenario' || rec.kind === 'after-last' ? narrator.onRequest(rec) : undefined) });
      try {
        run = await runClaude({ bin: o.claude, cwd: project, env: claudeEnv(home, server.url), prompt: PROMPT, timeoutMs: SESSION_TIMEOUT_MS, onEvent: (e) => narrator.onStream(e) });
      } finally {
        await server.close();
      }
      facts = narrator.facts;
    } finally {
      ledger.close();
    }
    if (place.interrupted()) throw new CliError('demo: interrupted; Claude Code and the scripted model were stopped', ExitCode.failure);
    const seconds = (run.durationMs / 1000).toFixed(1);
    if (run.timedOut) out(`  end    Claude Code was stopped after ${SESSION_TIMEOUT_MS / 1000} s without ending by itself`);
    else out(`  end    Claude Code ended the session by itself: exit ${run.exitCode ?? run.signal}, ${seconds} s, ${facts.modelRequests} model requests`);
    out('');

    out('── 3. What the ledger holds ($ continuity status)');
    for (const l of continuity(o.self, project, home, ['status']).trimEnd().split('\n')) out(`  ${l}`);
    out('');
    const status = JSON.parse(continuity(o.self, project, home, ['status', '--json'])) as StatusView;
    out('── In short');
    for (const l of summary(facts, status, run.exitCode === 0 && !run.timedOut)) out(`  · ${l}`);
    if (run.exitCode !== 0 || run.timedOut) {
      const why = run.stderr.trim().split('\n').pop() ?? '';
      throw new CliError(`demo: the Claude Code session did not end normally (${run.timedOut ? 'timed out' : `exit ${run.exitCode ?? run.signal}`})${why ? `: ${why}` : ''}; \`continuity demo --replay\` replays a recorded session instead`, ExitCode.failure);
    }
    return ExitCode.ok;
  } finally {
    place.close(o.keep, o.out);
  }
}

/** The plan and the hook wiring in the project. */
function setUpProject(self: string[], project: string): void {
  const write = (path: string, content: string) => {
    mkdirSync(dirname(join(project, path)), { recursive: true });
    writeFileSync(join(project, path), content);
  };
  write(PLAN_PATH, PLAN);
  write('.claude/settings.json', `${JSON.stringify(hookSettings(`${self.map(shellWord).join(' ')} hook claude-code`), null, 2)}\n`);
}

/** The continuity CLI as the person runs it from a terminal: a clean environment, so no agent's markers leak in. */
function continuity(self: string[], project: string, home: string, args: string[]): string {
  const r = spawnSync(self[0]!, [...self.slice(1), ...args], { cwd: project, encoding: 'utf8', env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, CLAUDE_PROJECT_DIR: project } });
  if (r.status !== 0) throw new CliError(`demo: continuity ${args.join(' ')} failed: ${(r.stderr || r.error?.message || '').trim()}`, ExitCode.internal);
  return r.stdout;
}

/** What continuity recorded for a hook call: the one of this tool call, else the oldest of the event not narrated yet. */
function decisionFor(ledger: Ledger, kind: string, toolUseId: string | null, seen: Set<number>): string | null {
  // Calls decided from the hot state are spooled: take them in first.
  ledger.takeSpooled();
  const unseen = recentEvents(ledger.db, { kind, limit: 50 })
    .filter((x) => !seen.has(x.id))
    .sort((a, b) => a.id - b.id);
  const e = toolUseId ? unseen.find((x) => (x.input as { tool_use_id?: unknown } | null)?.tool_use_id === toolUseId) : unseen[0];
  if (!e) return null;
  seen.add(e.id);
  return describeDecision(e.kind, e.decision);
}

function count(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

interface StatusView {
  plan: { id: string; state: string; approval?: { via?: string } | null; tasks: { state: string }[] } | null;
  recentViolations: { kind: string }[];
  recentEvents: { kind: string; decision: { action?: string; closure?: { state?: string } | null } | null }[];
}

/** The session in a few sentences, from what was narrated and what the ledger holds. */
function summary(f: SessionFacts, s: StatusView, ended: boolean): string[] {
  const lines: string[] = [];
  const plan = s.plan;
  if (plan?.approval?.via === 'user-prompt') lines.push(`continuity approved plan ${plan.id} on the person's prompt \`${PROMPT}\`; the model was told so.`);
  if (f.stopBlocks) lines.push(`It blocked ${count(f.stopBlocks, 'stop')} at a task boundary; Claude Code gave the model the reason (${count(f.stopFeedback, 'time')}) and the model went on.`);
  if (f.denied) lines.push(`It denied ${count(f.denied, 'tool call')} writing a guarded file before it ran; Claude Code returned the reason as the tool's error (${count(f.deniedReturned, 'time')}).`);
  if (f.reverted) lines.push(`It put back the guarded files ${count(f.reverted, 'tool call')} changed.`);
  const lastStop = s.recentEvents.find((e) => e.kind === 'Stop');
  const closure = lastStop?.decision?.closure?.state;
  if (ended) lines.push(`${closure ? `The closure ${closure} let the last stop through and` : 'At the last stop'} Claude Code ended the session (${f.modelRequests} model requests, ${f.hooks} hook calls).`);
  if (plan) lines.push(`Plan ${plan.id}: ${plan.tasks.filter((t) => t.state === 'complete').length} of ${plan.tasks.length} tasks complete; it is ${plan.state}. Violations on record: ${s.recentViolations.map((v) => v.kind).join(', ') || 'none'}.`);
  return lines;
}
