/**
 * `continuity demo --hand-over`: one throwaway project, one plan, played
 * across seven agent clients one after the other, as a person switching
 * agents does: Claude Code approves and does Task 1, Codex Task 2, Gemini CLI
 * Task 3, pi Task 4, Copilot CLI Task 5, OpenCode Task 6, OpenClaw Task 7. A client whose executable is given or on PATH runs
 * for real, offline (real-parts.ts); the others play their part from a
 * recording through the real hook entry point (recorded-part.ts), OpenClaw's
 * through continuity's plugin, as its gateway runs it (openclaw-part.ts). At
 * each hand-over the narration says what continuity told the next client
 * first, and who the ledger says completed each task.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describeDecision } from '../../cli/render/decision-words.js';
import { shortSession } from '../../cli/render/status-view.js';
import { wrapText } from '../../cli/render/hook-answer.js';
import { recentEvents } from '../../ledger/events.js';
import { Ledger } from '../../ledger/ledger.js';
import { CliError, ExitCode } from '../../util/errors.js';
import { clientEnv, killRunningClients } from '../real-client/bounded-process.js';
import { claudeVersion, killRunning } from '../real-client/claude-process.js';
import { codexVersion } from '../real-client/codex-process.js';
import { gitInit, openDemoPlace, setUpDemoHome } from '../real-client/demo-home.js';
import { geminiVersion } from '../real-client/gemini-process.js';
import { copilotVersion } from '../real-client/copilot-process.js';
import { openCodeVersion } from '../real-client/opencode-process.js';
import { piVersion } from '../real-client/pi-process.js';
import { ledgerParagraph, partFacts, type LedgerEvent } from './ledger-words.js';
import { playOpenClawPart } from './openclaw-part.js';
import { runRealPart } from './real-parts.js';
import { FIRST_HOOK, loadRecording, playRecordedPart } from './recorded-part.js';
import { CLIENTS, PLAN, PLAN_PATH, PROMPTS, type ClientId, type RealClientId } from './story.js';

export interface HandOverOptions {
  /** Each client's executable, or null: its part is played from the recording. OpenClaw's always is. */
  executables: Readonly<Record<RealClientId, string | null>>;
  /** Why a client is played from the recording (`no \`codex\` on PATH`), by client. */
  recordedWhy: Readonly<Partial<Record<RealClientId, string>>>;
  /** The command that runs this continuity (node dist/cli.cjs, or the compiled executable). */
  self: string[];
  /** fixtures/demo/hand-over.json. */
  recording: string;
  keep: boolean;
  out: (line: string) => void;
}

const WIDTH = 72;

/** Why OpenClaw's part is always the recording's. */
const OPENCLAW_WHY = "the demo runs no OpenClaw gateway";

/** The client's executable, or null (OpenClaw's part is never run for real here). */
const executableOf = (o: HandOverOptions, client: ClientId): string | null => (client === 'openclaw' ? null : o.executables[client]);

export async function runHandOver(o: HandOverOptions): Promise<number> {
  const recording = loadRecording(o.recording);
  const place = openDemoPlace('continuity-hand-over-', () => {
    killRunning();
    killRunningClients();
  });
  const { project, home } = place;
  const out = o.out;
  const say = (label: string, text: string) => {
    const lines = wrapText(text, WIDTH);
    out(`  ${label.padEnd(7)}${lines[0] ?? ''}`);
    for (const l of lines.slice(1)) out(`  ${' '.repeat(7)}${l}`);
  };
  try {
    setUpDemoHome(o.self, home);
    gitInit(project, home);
    mkdirSync(dirname(join(project, PLAN_PATH)), { recursive: true });
    writeFileSync(join(project, PLAN_PATH), PLAN);
    const personEnv = clientEnv(home);
    const versions = Object.fromEntries(CLIENTS.map((c) => [c.id, (c.id === 'openclaw' ? null : clientVersion(c.id, o.executables[c.id], home, personEnv)) ?? recording.parts[c.id].version])) as Record<ClientId, string>;
    const real = CLIENTS.filter((c) => executableOf(o, c.id));
    const recorded = CLIENTS.filter((c) => !executableOf(o, c.id));
    const replayed = recorded.filter((c) => c.id !== 'openclaw');

    out(`continuity demo --hand-over — one plan, ${count(CLIENTS.length)} agents, one ledger`);
    if (real.length) out(`Real: ${real.map((c) => `${c.name} ${versions[c.id]}`).join(', ')}, offline: each talks only to a scripted model on 127.0.0.1.`);
    if (replayed.length) out(`Recorded: ${replayed.map((c) => `${c.name} ${versions[c.id]} (${o.recordedWhy[c.id as RealClientId] ?? 'replayed'})`).join(', ')}: hook calls replayed through \`continuity hook <client>\`.`);
    out(`Recorded: OpenClaw ${versions.openclaw} (${OPENCLAW_WHY}): its hook calls played to continuity's OpenClaw plugin, registered with a stand-in of the gateway's plugin API, as the gateway runs it.`);
    out(`Project: ${project}`);
    out('');

    const person = (args: string[]) => continuity(o.self, project, personEnv, args);
    out('── 1. The person wires the clients and registers the plan');
    out(`  $ continuity init --agent ${AGENTS}`);
    person(['init', '--agent', AGENTS, '--no-gitignore']);
    say('', "OpenClaw's entries go in its gateway's config (in the demo's HOME); `openclaw plugins install` is OpenClaw's own step, left out with its gateway.");
    out(`  $ continuity plan import ${PLAN_PATH}`);
    for (const l of person(['plan', 'import', PLAN_PATH]).trim().split('\n')) say('', l);
    out('');

    const titles = new Map<string, string>((JSON.parse(person(['status', '--json'])).plan.tasks as { id: string; title: string }[]).map((t) => [t.id, t.title]));
    const approvals: { planId: string; client: ClientId }[] = [];
    const doneBy = new Map<string, string>();
    const toldLater: (string | null)[] = [];
    for (const [i, c] of CLIENTS.entries()) {
      const bin = executableOf(o, c.id);
      out(`── ${i + 2}. ${c.name} takes over (${bin ? `real: ${c.name} ${versions[c.id]}` : `recorded: ${c.name} ${versions[c.id]}'s hook calls`})`);
      const mark = await lastEventId(project);
      let told: string | null;
      if (c.id === 'openclaw') {
        say('', `Recorded, as ${OPENCLAW_WHY}: a real OpenClaw runs continuity as a plugin in its gateway (Node ≥ 24.16, the plugin installed with \`openclaw plugins install\`); here the plugin is registered with a stand-in of the gateway's plugin API and its hooks are called as the gateway calls them.`);
        const r = await playOpenClawPart({ part: recording.parts.openclaw, project, home, env: personEnv });
        if (r.failed.length) throw new CliError(`demo: a recorded OpenClaw hook call failed (${r.failed[0]})`, ExitCode.internal);
        told = ledgerParagraph(r.firstContext);
        say('told', `continuity's answer to OpenClaw's before_prompt_build (the context put before its first prompt): ${told ?? '(nothing)'}`);
      } else if (bin) {
        const r = await runRealPart(c.id, { bin, project, home });
        if (place.interrupted()) throw new CliError('demo: interrupted; the client and its scripted model were stopped', ExitCode.failure);
        if (r.failure) throw new CliError(`demo: ${r.failure}; \`continuity demo --hand-over --replay\` plays the recorded hand-over instead`, ExitCode.failure);
        told = ledgerParagraph(r.firstRequest);
        say('told', `${c.name}'s first request to its model carried: ${told ?? '(no words from continuity)'}`);
      } else {
        const env = c.id === 'claude-code' ? { ...personEnv, CLAUDE_PROJECT_DIR: project } : personEnv;
        const r = playRecordedPart({ client: c.id, part: recording.parts[c.id], self: o.self, project, home, env });
        if (r.failed.length) throw new CliError(`demo: a recorded hook call failed (${r.failed[0]})`, ExitCode.internal);
        told = ledgerParagraph(r.firstAnswer);
        say('told', `continuity's answer to ${c.name}'s ${FIRST_HOOK[c.id]}: ${told ?? '(nothing)'}`);
      }
      if (i > 0) toldLater.push(told);
      say('person', `${PROMPTS[c.id]}`);
      const events = await eventsSince(project, mark);
      const facts = partFacts(events);
      for (const planId of facts.approvals) {
        approvals.push({ planId, client: c.id });
        say('', `→ plan ${planId} approved by the person's prompt`);
      }
      for (const d of facts.done) {
        doneBy.set(d.taskId, d.client);
        say('done', `Task ${d.taskId} "${titles.get(d.taskId) ?? '?'}": the ledger records it for ${d.client}${d.sessionId ? ` (session ${shortSession(d.sessionId)})` : ''}`);
      }
      const stop = [...events].sort((a, b) => b.id - a.id).find((e) => e.kind === 'Stop' || /:(Stop|AfterAgent)$/.test(e.kind));
      if (stop) say('stop', describeDecision('Stop', stop.decision));
      out('');
    }

    out(`── ${CLIENTS.length + 2}. What the ledger holds ($ continuity status, its first lines)`);
    for (const l of statusHead(person(['status']))) out(`  ${l}`);
    out('');
    const status = JSON.parse(person(['status', '--json'])) as { plan: { id: string; state: string; approval?: { via?: string } | null } | null };
    out('── In short');
    const bullet = (text: string) => wrapText(text, WIDTH).forEach((l, n) => out(`  ${n ? ' ' : '·'} ${l}`));
    const first = approvals[0];
    if (approvals.length === 1 && first) bullet(`One approval, given once in ${CLIENTS.find((c) => c.id === first.client)!.name} (via ${status.plan?.approval?.via ?? '?'}), held for all ${count(CLIENTS.length)} clients: none asked for another.`);
    if (toldLater.every((t) => t && /is approved/.test(t) && /Last completed: Task/.test(t) && /The next task of the plan is Task/.test(t))) bullet(`${listed(CLIENTS.slice(1).map((c) => c.name))} were told first, from the ledger: the plan approved, the last task complete, the next task.`);
    bullet(`Done by, as the ledger recorded it (not the agents' word): ${[...doneBy].map(([t, client]) => `Task ${t} ${client}`).join(', ')}. Plan ${status.plan?.id} is ${status.plan?.state}.`);
    const runnable = replayed.length ? `${replayed.map((c) => c.name).join(', ')} (${replayed.map((c) => flagOf(c.id as RealClientId)).join(', ')} run ${replayed.length === 1 ? 'it' : 'them'} for real), ` : '';
    bullet(`Real: ${real.map((c) => c.name).join(', ') || 'none'}. Recorded: ${runnable}OpenClaw (${OPENCLAW_WHY}).`);
    return ExitCode.ok;
  } finally {
    place.close(o.keep, out);
  }
}

/** `continuity status` down to its Pending line: the plan, its approval, the tasks, who did each, the sessions by client. */
function statusHead(text: string): string[] {
  const lines = text.trimEnd().split('\n');
  const end = lines.findIndex((l) => /^Pending\b/.test(l));
  return lines.slice(0, end < 0 ? lines.length : end);
}

const count = (n: number): string => ['one', 'two', 'three', 'four', 'five', 'six', 'seven'][n - 1] ?? String(n);

/** `a, b and c`. */
function listed(names: readonly string[]): string {
  return names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

function flagOf(client: RealClientId): string {
  return client === 'claude-code' ? '--claude PATH' : `--${client} PATH`;
}

/** `continuity init --agent …`: every client of the story, as the person wires them. */
const AGENTS = CLIENTS.map((c) => c.id).join(',');

const VERSION_OF: Readonly<Record<RealClientId, (bin: string, home: string, env: NodeJS.ProcessEnv) => string | null>> = {
  'claude-code': (bin, home) => claudeVersion(bin, home),
  codex: (bin, _home, env) => codexVersion(bin, env),
  gemini: (bin, _home, env) => geminiVersion(bin, env),
  pi: (bin, _home, env) => piVersion(bin, env),
  copilot: (bin, _home, env) => copilotVersion(bin, env),
  opencode: (bin, _home, env) => openCodeVersion(bin, env),
};

function clientVersion(client: RealClientId, bin: string | null, home: string, env: NodeJS.ProcessEnv): string | null {
  if (!bin) return null;
  const version = VERSION_OF[client](bin, home, env);
  if (version === null) throw new CliError(`demo: ${bin} does not answer \`--version\` as ${CLIENTS.find((c) => c.id === client)!.name} does`, ExitCode.invalidInput);
  return version;
}

/** The continuity CLI as the person runs it from a terminal: a clean environment, so no agent's markers leak in. */
function continuity(self: string[], project: string, env: NodeJS.ProcessEnv, args: string[]): string {
  const r = spawnSync(self[0]!, [...self.slice(1), ...args], { cwd: project, encoding: 'utf8', env });
  if (r.status !== 0) throw new CliError(`demo: continuity ${args.join(' ')} failed: ${(r.stderr || r.error?.message || '').trim()}`, ExitCode.internal);
  return r.stdout;
}

async function withLedger<T>(project: string, fn: (l: Ledger) => T): Promise<T> {
  const ledger = await Ledger.open(project);
  try {
    // Calls decided from the hot state are spooled: take them in first.
    ledger.takeSpooled();
    return fn(ledger);
  } finally {
    ledger.close();
  }
}

function lastEventId(project: string): Promise<number> {
  return withLedger(project, (l) => recentEvents(l.db, { limit: 1 })[0]?.id ?? 0);
}

function eventsSince(project: string, mark: number): Promise<LedgerEvent[]> {
  return withLedger(project, (l) =>
    recentEvents(l.db, { limit: 500 })
      .filter((e) => e.id > mark)
      .map((e) => ({ id: e.id, kind: e.kind, client: e.client, sessionId: e.sessionId, decision: (e.decision ?? null) as Record<string, unknown> | null })),
  );
}
