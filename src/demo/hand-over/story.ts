// The hand-over's story: one seven-task plan, one approval, and seven agent
// clients taking a task each, one after the other, as a person switching
// agents does. Each client's model records its task with `continuity task
// done N` and ends with a waiting_user closure (the person is switching
// agents), which lets its stop through; the last one completes the plan.
import { bash, say as claudeSay, type Turn as ClaudeTurn } from '../real-client/model-server.js';
import { say as codexSay, shell, type Turn as CodexTurn } from '../real-client/responses-server.js';
import { say as geminiSay, shellCall, type Turn as GeminiTurn } from '../real-client/gemini-server.js';
import { say as chatSay, tool, type Turn as ChatTurn } from '../real-client/chat-completions-server.js';

export const PLAN_PATH = 'docs/plans/payments-export.md';

export const PLAN = `# Payments Export Implementation Plan

**Goal:** Export payments as CSV.

### Task 1: CSV writer

- [ ] **Step 1: Implement**

### Task 2: Export endpoint

- [ ] **Step 1: Implement**

### Task 3: Export button

- [ ] **Step 1: Implement**

### Task 4: Export filters

- [ ] **Step 1: Implement**

### Task 5: Export tests

- [ ] **Step 1: Write them**

### Task 6: Export docs

- [ ] **Step 1: Write them**

### Task 7: Release note

- [ ] **Step 1: Write it**
`;

/** The clients the demo can run for real (an executable, a scripted model). */
export type RealClientId = 'claude-code' | 'codex' | 'gemini' | 'pi' | 'copilot' | 'opencode';
/** OpenClaw's part is always played from its recording: its gateway is not run by the demo. */
export type ClientId = RealClientId | 'openclaw';

/** The clients in the order they take over, with the task each does. */
export const CLIENTS: readonly { id: ClientId; name: string; task: number }[] = [
  { id: 'claude-code', name: 'Claude Code', task: 1 },
  { id: 'codex', name: 'Codex', task: 2 },
  { id: 'gemini', name: 'Gemini CLI', task: 3 },
  { id: 'pi', name: 'pi', task: 4 },
  { id: 'copilot', name: 'Copilot CLI', task: 5 },
  { id: 'opencode', name: 'OpenCode', task: 6 },
  { id: 'openclaw', name: 'OpenClaw', task: 7 },
];

/** The person's prompt to each client: the approval phrase to the first, then "go on". */
export const PROMPTS: Readonly<Record<ClientId, string>> = {
  'claude-code': 'approve',
  codex: 'Go on with the plan.',
  gemini: 'Go on with the plan.',
  pi: 'Go on with the plan.',
  copilot: 'Go on with the plan.',
  opencode: 'Go on with the plan.',
  openclaw: 'Go on with the plan.',
};

const CLOSING: Readonly<Record<ClientId, string>> = {
  'claude-code': 'Task 1 is done.\n\ncontinuity-closure: waiting_user — the person is switching to Codex',
  codex: 'Task 2 is done.\n\ncontinuity-closure: waiting_user — the person is switching to Gemini CLI',
  gemini: 'Task 3 is done.\n\ncontinuity-closure: waiting_user — the person is switching to pi',
  pi: 'Task 4 is done.\n\ncontinuity-closure: waiting_user — the person is switching to Copilot CLI',
  copilot: 'Task 5 is done.\n\ncontinuity-closure: waiting_user — the person is switching to OpenCode',
  opencode: 'Task 6 is done.\n\ncontinuity-closure: waiting_user — the person carries on with OpenClaw from a chat channel',
  openclaw: 'Task 7 is done: every task of the plan is complete.',
};

/** What each client's last message says (a recorded Stop carries it as `last_assistant_message`). */
export function closingMessage(client: ClientId): string {
  return CLOSING[client];
}

export const CLAUDE_TURNS: ClaudeTurn[] = [[claudeSay('The plan is approved. Task 1: the CSV writer.'), bash('continuity task done 1', 'Record Task 1 as done')], [claudeSay(CLOSING['claude-code'])]];
export const CODEX_TURNS: CodexTurn[] = [[shell('continuity task done 2')], [codexSay(CLOSING.codex)]];
export const GEMINI_TURNS: GeminiTurn[] = [[shellCall('continuity task done 3')], [geminiSay(CLOSING.gemini)]];
// pi, Copilot CLI and OpenCode all name their shell tool `bash`; the chat-completions server streams the call as given.
export const PI_TURNS: ChatTurn[] = [[tool('bash', { command: 'continuity task done 4' })], [chatSay(CLOSING.pi)]];
export const COPILOT_TURNS: ChatTurn[] = [[tool('bash', { command: 'continuity task done 5', description: 'Record Task 5 as done' })], [chatSay(CLOSING.copilot)]];
export const OPENCODE_TURNS: ChatTurn[] = [[tool('bash', { command: 'continuity task done 6', description: 'Record Task 6 as done' })], [chatSay(CLOSING.opencode)]];
