/**
 * SubagentStart, SubagentStop and PostToolUseFailure (of Agent|Task): the
 * child's own receipts. They answer nothing; a SubagentStop's answer would go
 * to the subagent, not to the main conversation the result is due in.
 */
import { runByChild } from '../../ledger/runs.js';
import type { PayloadOf } from '../payload.js';
import { agentOfSource } from '../source.js';
import type { Handler } from '../types.js';
import { readAgentInput, recordAgentToolFailure, recordChildStart, recordChildStop } from './record.js';
import { AGENT_TOOLS, fromSubagent } from './tool-names.js';

export const handleSubagentStart: Handler<PayloadOf<'SubagentStart'>> = ({ payload, ledger, config, now, source }) => {
  const agentId = payload.agent_id ?? null;
  if (!agentId) return { output: null, decision: { action: 'none', why: 'no agent_id' } };
  const known = runByChild(ledger.db, agentId);
  return {
    output: null,
    decision: { action: 'child_started', agentId, agentType: payload.agent_type ?? null, runId: known?.runId ?? null },
    persist: (db) => void recordChildStart(db, { sessionId: payload.session_id, now, config, agent: agentOfSource(source), agentId, agentType: payload.agent_type ?? null }),
  };
};

export const handleSubagentStop: Handler<PayloadOf<'SubagentStop'>> = ({ payload, ledger, config, now, source }) => {
  const agentId = payload.agent_id ?? null;
  if (!agentId) return { output: null, decision: { action: 'none', why: 'no agent_id' } };
  const result = payload.last_assistant_message ?? null;
  const known = runByChild(ledger.db, agentId);
  return {
    output: null,
    decision: { action: 'child_done', agentId, agentType: payload.agent_type ?? null, runId: known?.runId ?? null, capturedChars: result ? result.length : 0 },
    persist: (db) =>
      void recordChildStop(db, {
        sessionId: payload.session_id,
        now,
        config,
        agent: agentOfSource(source),
        agentId,
        agentType: payload.agent_type ?? null,
        result,
        transcriptPath: payload.agent_transcript_path ?? null,
        stopHookActive: payload.stop_hook_active,
      }),
  };
};

export const handleToolFailure: Handler<PayloadOf<'PostToolUseFailure'>> = ({ payload, config, now, source }) => {
  if (!AGENT_TOOLS.has(payload.tool_name) || fromSubagent(payload)) return { output: null, decision: { action: 'none' } };
  const toolUseId = payload.tool_use_id ?? null;
  return {
    output: null,
    decision: { action: 'dispatch_failed', toolUseId, agentType: readAgentInput(payload.tool_input).agentType },
    persist: (db) => void recordAgentToolFailure(db, { sessionId: payload.session_id, now, config, agent: agentOfSource(source), toolUseId }),
  };
};
