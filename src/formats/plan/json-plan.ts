/**
 * Dialect `json`: a machine-written plan,
 * `{ "title"?, "tasks": [{ "id", "title", "body"?, "status"?, "highRiskStop"? }] }`.
 */
import * as v from 'valibot';
import { parseTree, type Node as JsonNode } from 'jsonc-parser';
import { PlanFormatError, type PlanTask } from './model.js';
import type { PlanDraft } from './draft.js';
import { textHasHighRiskMarker } from './markdown.js';

const TASK_STATES = ['pending', 'in_progress', 'complete', 'blocked'] as const;

const JsonTaskSchema = v.object(
  {
    id: v.union(
      [v.pipe(v.string(), v.trim(), v.nonEmpty('expected non-empty string or number')), v.number()],
      'expected non-empty string or number',
    ),
    title: v.pipe(v.string('expected string'), v.trim(), v.nonEmpty('expected non-empty string')),
    body: v.optional(v.string('expected string')),
    status: v.optional(v.picklist(TASK_STATES, `expected one of ${TASK_STATES.join(', ')}`)),
    highRiskStop: v.optional(v.boolean('expected boolean')),
  },
  'expected object',
);

const JsonPlanSchema = v.object(
  {
    title: v.optional(v.string('expected string')),
    tasks: v.array(JsonTaskSchema, 'expected array'),
  },
  'expected object',
);

export function parseJsonPlan(text: string, path: string): PlanDraft {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new PlanFormatError(`invalid JSON in ${path}: ${reason.split('\n')[0]}`);
  }

  // valibot's object schema accepts arrays; a top-level array is a plan without its wrapper.
  if (Array.isArray(data)) throw new PlanFormatError(`invalid JSON plan ${path}: (document): expected object`);
  const result = v.safeParse(JsonPlanSchema, data);
  if (!result.success) {
    throw new PlanFormatError(`invalid JSON plan ${path}: ${describeIssue(result.issues[0])}`);
  }

  const taskLines = taskStartLines(text);
  const tasks: PlanTask[] = result.output.tasks.map((task, index) => {
    const body = (task.body ?? '').replace(/\r\n?/g, '\n');
    return {
      id: String(task.id),
      title: task.title,
      body,
      fileState: task.status ?? 'pending',
      highRiskStop: task.highRiskStop === true || textHasHighRiskMarker(body),
      group: null,
      steps: [],
      line: taskLines[index] ?? 1,
    };
  });
  return { title: result.output.title ?? null, approvedMarker: null, tasks };
}

type Issue = v.InferIssue<typeof JsonPlanSchema>;

/** `tasks[2].title: expected string` */
function describeIssue(issue: Issue): string {
  const segments = issue.path ?? [];
  let where = '';
  for (const segment of segments) {
    const key: unknown = segment.key;
    where += typeof key === 'number' ? `[${key}]` : `${where === '' ? '' : '.'}${String(key)}`;
  }
  // valibot reports a missing key as an object-level issue whose path already ends at that key.
  const missingKey = issue.kind === 'schema' && issue.type === 'object' && issue.input === undefined && segments.length > 0;
  const problem = missingKey ? 'required' : issue.message;
  return `${where === '' ? '(document)' : where}: ${problem}`;
}

/** 1-based line of each element of the top-level `tasks` array, so reports can point into the file. */
function taskStartLines(text: string): number[] {
  const root = parseTree(text);
  // JSON.parse keeps the last of duplicate keys; so must we.
  const tasksProperty = root?.children?.findLast(
    (property: JsonNode) => property.type === 'property' && property.children?.[0]?.value === 'tasks',
  );
  const offsets = (tasksProperty?.children?.[1]?.children ?? []).map((element: JsonNode) => element.offset);
  return linesAtOffsets(text, offsets);
}

/** Line numbers for ascending offsets in one scan of the text. */
function linesAtOffsets(text: string, ascendingOffsets: readonly number[]): number[] {
  const lines: number[] = [];
  let line = 1;
  let newline = text.indexOf('\n');
  for (const offset of ascendingOffsets) {
    while (newline !== -1 && newline < offset) {
      line++;
      newline = text.indexOf('\n', newline + 1);
    }
    lines.push(line);
  }
  return lines;
}
