/**
 * OpenClaw's own record of its children's delivery, read for one requester
 * session before continuity's watchdog looks for lost results: the ledger's
 * facts of each child's run, OpenClaw's task registry (`deliveryStatus`), and
 * whether OpenClaw put the result in the requester's runtime context (the
 * plugin's memory), decided by the pure rule of src/domain/client-delivery.ts.
 * The answer is payloads for the hook events the rules read: the decision
 * recorded, and a delivery recorded as OpenClaw's where it made one.
 */
import type { AsyncResource } from 'node:async_hooks';
import * as v from 'valibot';
import { decideDelivery, openClawDeliveryRecord } from '../../domain/client-delivery.js';
import { ledgerDirExists } from '../../ledger/ledger-dir.js';
import { Ledger } from '../../ledger/ledger.js';
import type { LedgerConnections } from '../../ledger/ledger-connections.js';
import { findProjectRoot } from '../../ledger/project-root.js';
import { runByChild } from '../../ledger/runs.js';
import { describeIssue } from '../../util/validation.js';
import { stage } from '../../util/stage-clock.js';
import { projectEnv } from '../bridge/run.js';
import type { OpenClawApi } from './plugin.js';
import { capped, type SessionMemory } from './session-memory.js';
import { deliveredPayload, recordedPayload, type Where } from './to-claude.js';

/** The registry's task records as the plugin reads them (`TaskRunView`, 2026.9.6, either reading): loose, only these two fields checked. */
const TaskList = v.array(v.looseObject({ childSessionKey: v.optional(v.string()), deliveryStatus: v.optional(v.string()) }));

export interface DeliveryReaderOptions {
  api: OpenClawApi;
  env: NodeJS.ProcessEnv;
  /** The gateway's kept ledger connections (src/ledger/ledger-connections.ts). */
  ledgers?: LedgerConnections;
  memory: SessionMemory;
  /** The scope gateway methods are called from (not a finished run's). */
  scope: AsyncResource;
  warn: (message: string) => void;
}

export function openClawDeliveryReader(o: DeliveryReaderOptions) {
  /** Children whose delivery is on record (in this process): no ledger is opened for them again. */
  const settled = new Set<string>();

  /** The registry's answer as the plugin reads it: each child's delivery status, or null (warned) when its shape is not the one read. */
  function statusesOf(answer: unknown): Map<string, string> | null {
    const list = v.safeParse(TaskList, answer);
    if (!list.success) {
      o.warn(`OpenClaw's task registry answered in a shape the plugin does not read: ${describeIssue(list.issues)}`);
      return null;
    }
    const out = new Map<string, string>();
    for (const task of list.output) if (task.childSessionKey && task.deliveryStatus) out.set(task.childSessionKey, task.deliveryStatus);
    return out;
  }

  /**
   * OpenClaw's task registry for a requester: each child's delivery status, or null when the registry cannot be read here.
   *
   * The gateway's own registry first (`runtime.tasks.runs`, read in its memory, where OpenClaw records each announce as it
   * goes): the awaited reading (`runtime.tasks.async.runs`) is a round trip to OpenClaw's database worker, and it cost more
   * of the gateway's CPU than all the rest of a delivery check. OpenClaw 2026.9.6 keeps the in-memory reading supported,
   * though it calls it deprecated; the awaited one is read where the gateway offers no other, or where the in-memory one
   * cannot answer (its registry being restored from the database), so that the answer is the same either way.
   */
  async function registryOf(requester: string): Promise<Map<string, string> | null> {
    const inMemory = o.api.runtime?.tasks?.runs?.bindSession;
    if (inMemory) {
      let answer: { list: unknown } | null;
      try {
        answer = { list: o.scope.runInAsyncScope(() => inMemory({ sessionKey: requester }).list()) };
      } catch {
        // Not readable in memory now (OpenClaw throws while it restores the registry): the database worker's reading below.
        answer = null;
      }
      if (answer) return statusesOf(answer.list);
    }
    const bind = o.api.runtime?.tasks?.async?.runs?.bindSession;
    if (!bind) {
      if (inMemory) o.warn("OpenClaw's task registry could not be read: its in-memory registry did not answer and the gateway offers no other");
      return null;
    }
    try {
      return statusesOf(await o.scope.runInAsyncScope(() => bind({ sessionKey: requester }).list()));
    } catch (err) {
      o.warn(`OpenClaw's task registry could not be read: ${err instanceof Error ? err.message : String(err)}`);
      return null;
    }
  }

  /** The ledger's facts of each child's run: delivered already, child done. */
  async function ledgerFacts(cwd: string, children: readonly string[]): Promise<Map<string, { delivered: boolean; childDone: boolean }>> {
    const out = new Map<string, { delivered: boolean; childDone: boolean }>();
    const root = findProjectRoot(cwd, projectEnv(o.env, cwd));
    if (!ledgerDirExists(root)) return out;
    const ledger = await Ledger.open(root, { create: false, env: projectEnv(o.env, cwd), connections: o.ledgers });
    try {
      for (const child of children) {
        const row = runByChild(ledger.db, child);
        if (row) out.set(child, { delivered: row.forwardedToMain === true || row.closedAs === 'completed' || row.closedAs === 'recovered', childDone: row.childDone || row.completionReceivedAt !== null });
      }
    } finally {
      ledger.close();
    }
    return out;
  }

  /** What the requester's turn being admitted showed of its children (its runtime context), by requester. */
  const omitted = new Map<string, Set<string>>();

  /**
   * Before the requester's prompt, tool call or stop is judged: each of its
   * children's delivery, as OpenClaw recorded it, decided by the pure rule.
   * What OpenClaw delivered is recorded as its delivery. What it keeps and
   * will show at the requester's next turn is held from continuity's
   * recovery (`held`, handed to the watchdog with the hook call), at every
   * point, and nothing is recorded as delivered until OpenClaw shows it; at
   * the stop those children are named (`retained`) so that the plugin makes
   * that turn come. The rest is left to the watchdog's recovery, except at
   * the prompt: before_agent_run cannot add to the model's prompt, so a
   * recovery there would be recorded and never seen; this turn's tool calls
   * and stop recover it instead.
   *
   * `context`, at the prompt only: the children OpenClaw's runtime context
   * of this turn lists (with a result awaiting delivery, or still running),
   * or null when it had no subagent section to read or the turn is an
   * announce's.
   */
  async function openClawDeliveries(where: Where, at: 'prompt' | 'tool' | 'stop', context: ReadonlySet<string> | null = null): Promise<{ payloads: Record<string, unknown>[]; retained: string[]; held: string[] }> {
    const mine = [...o.memory.children].filter(([child, requester]) => requester === where.sessionId && !settled.has(child)).map(([child]) => child);
    if (!mine.length) return { payloads: [], retained: [], held: [] };
    stage('delivery: children');
    const facts = await ledgerFacts(where.cwd, mine);
    stage('delivery: ledger facts');
    for (const c of mine) if (facts.get(c)?.delivered) capped(settled).add(c);
    const open = mine.filter((c) => facts.has(c) && !facts.get(c)!.delivered);
    if (!open.length) return { payloads: [], retained: [], held: [] };
    // A turn built after the child ended without its result: OpenClaw no longer lists it (kept for the turn's tool calls and stop).
    if (at === 'prompt' && context) {
      const left = open.filter((c) => facts.get(c)!.childDone && !context.has(c) && !o.memory.shown.has(c));
      if (left.length) capped(omitted).set(where.sessionId, new Set(left));
      else omitted.delete(where.sessionId);
    }
    const notListed = omitted.get(where.sessionId) ?? new Set<string>();
    stage('delivery: context');
    const registry = await registryOf(where.sessionId);
    // Its CPU time is OpenClaw's answer; read through the worker (awaited), whatever else the gateway ran meanwhile too.
    stage("delivery: OpenClaw's task registry");
    const payloads: Record<string, unknown>[] = [];
    const retained: string[] = [];
    const held: string[] = [];
    for (const child of open) {
      const f = facts.get(child)!;
      const record = registry ? openClawDeliveryRecord(registry.get(child)) : 'unknown';
      const d = decideDelivery({ deliveredInLedger: f.delivered, childDone: f.childDone, record, shownInContext: o.memory.shown.has(child), omittedFromContext: notListed.has(child) });
      // Before the stop, only what OpenClaw has delivered or given up is recorded: whether a kept result needs a turn is the stop's to say.
      if (at === 'stop' || d.action === 'record_client_delivery' || (d.action === 'recover' && d.why === 'client_omitted')) {
        payloads.push(recordedPayload(where, 'DeliveryDecision', { at, child, record, registry_status: registry?.get(child) ?? null, shown_in_context: o.memory.shown.get(child) ?? null, omitted_from_context: notListed.has(child), decision: d }));
      }
      if (d.action === 'record_client_delivery') {
        payloads.push(deliveredPayload(where, child, true, d.via === 'announce' ? 'openclaw_announce' : 'openclaw_context'));
        capped(settled).add(child);
      }
      if (d.action === 'await_client') {
        held.push(child);
        if (at === 'stop') retained.push(child);
      }
      if (d.action === 'recover' && at === 'prompt') held.push(child);
    }
    stage('delivery: decisions');
    return { payloads, retained, held };
  }

  return { read: openClawDeliveries, settled };
}
