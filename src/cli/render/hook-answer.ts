/**
 * Reads a hook's answer back into words for the demo timeline and the log:
 * what Claude Code will do with it (block a stop, deny a tool, add context).
 */
export interface HookAnswerView {
  event: string;
  verdict: string;
  details: string[];
}

export function describeHookAnswer(
  payload: Record<string, unknown>,
  result: { stdout: string; stderr: string; exitCode: number },
): HookAnswerView {
  const event = describeEvent(payload);
  if (result.exitCode !== 0) return { event, verdict: `error (exit ${result.exitCode})`, details: [result.stderr.trim()] };
  const text = result.stdout.trim();
  if (!text) return { event, verdict: 'nothing to say (recorded)', details: [] };
  let out: Record<string, unknown>;
  try {
    out = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return { event, verdict: 'unreadable answer', details: [text] };
  }
  const details: string[] = [];
  let verdict = 'answered';
  const specific = (out.hookSpecificOutput ?? {}) as Record<string, unknown>;
  if (out.decision === 'block') {
    verdict = 'BLOCKED';
    details.push(...wrapText(String(out.reason ?? '')));
  } else if (specific.permissionDecision === 'deny') {
    verdict = 'DENIED';
    details.push(...wrapText(String(specific.permissionDecisionReason ?? '')));
  } else if (typeof specific.additionalContext === 'string') {
    verdict = 'context added';
    details.push(...wrapText(specific.additionalContext));
  }
  if (typeof out.systemMessage === 'string') details.push(...wrapText(`to the user: ${out.systemMessage}`));
  return { event, verdict, details };
}

function describeEvent(p: Record<string, unknown>): string {
  const name = String(p.hook_event_name);
  const input = (p.tool_input ?? {}) as Record<string, unknown>;
  if (typeof p.tool_name === 'string') {
    const detail = typeof input.command === 'string' ? input.command : typeof input.file_path === 'string' ? input.file_path : typeof input.description === 'string' ? input.description : '';
    return `${name} ${p.tool_name}${detail ? ` ${clip(detail, 26)}` : ''}`;
  }
  if (name === 'UserPromptSubmit') return `${name} "${clip(String(p.prompt ?? ''), 20)}"`;
  if (name === 'SessionStart') return `${name} (${String(p.source ?? 'startup')})`;
  return name;
}

function clip(s: string, n: number): string {
  return s.length <= n ? s : `${s.slice(0, n - 1)}…`;
}

export function wrapText(text: string, width = 66): string[] {
  const lines: string[] = [];
  for (const para of text.split('\n')) {
    let line = '';
    for (const word of para.split(' ')) {
      if (line && line.length + word.length + 1 > width) {
        lines.push(line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    lines.push(line);
  }
  return lines.filter((l, i) => l || i < lines.length - 1);
}
