/**
 * The layer that guards continuity for each agent client wired in the
 * project, one per client, so that no line speaks for a client it does not
 * cover: Claude Code's and Codex's own sandboxes as continuity set them up,
 * continuity's own wall around Gemini CLI's and OpenClaw's shell commands,
 * and the hooks alone where continuity can put no wall (Cursor).
 */
import type { Config } from '../config/schema.js';
import type { ClientGuard } from '../domain/client-guard.js';
import { describeOwnWall, wallVerdict, type WallProbe } from '../wall/verdict.js';
import { codexWallStatus } from './codex-wall-status.js';
import { gatherCodexWallFacts, gatherWallFacts } from './wall-facts.js';
import { wallStatus } from './wall-status.js';

export type { ClientGuard };

export const CLIENT_LABEL: Readonly<Record<string, string>> = { 'claude-code': 'Claude Code', codex: 'Codex', gemini: 'Gemini CLI', cursor: 'Cursor', openclaw: 'OpenClaw', pi: 'pi', copilot: 'Copilot CLI', opencode: 'OpenCode' };

export function labelOf(agent: string): string {
  return CLIENT_LABEL[agent] ?? agent;
}

/** The clients continuity wraps in its own wall (their input rewrite carries it). */
const OWN_WALL = new Set(['gemini', 'openclaw', 'pi', 'copilot', 'opencode']);

export async function clientGuard(agent: string, o: { root: string; config: Config; home: string; probe: () => WallProbe }): Promise<ClientGuard> {
  const label = labelOf(agent);
  if (agent === 'claude-code') {
    const { level, summary, gaps } = wallStatus(await gatherWallFacts(o.root, o.config, { home: o.home }));
    return { agent, label, level, summary, gaps };
  }
  if (agent === 'codex') {
    const { level, summary, gaps } = codexWallStatus(await gatherCodexWallFacts(o.root, o.config, { home: o.home }));
    return { agent, label, level, summary, gaps };
  }
  if (OWN_WALL.has(agent)) {
    const v = wallVerdict(o.config.sandbox.mode, o.probe);
    const said = describeOwnWall(label, v);
    if (v.kind === 'wrap') return { agent, label, level: 'structural', summary: `structural: ${said}`, gaps: [] };
    if (v.kind === 'deny') return { agent, label, level: 'refusing', summary: `refusing: ${said}`, gaps: [] };
    return { agent, label, level: 'hooks-only', summary: said.replace(`hooks only for ${label}, because `, 'hooks only: '), gaps: [] };
  }
  return { agent, label, level: 'hooks-only', summary: `hooks only: ${label} has no sandbox continuity can set up, and continuity does not wrap its commands`, gaps: [] };
}
