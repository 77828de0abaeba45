/**
 * The files an `apply_patch` envelope changes (Codex's format, which
 * OpenClaw's apply_patch tool takes too), read from its headers:
 *
 *   *** Begin Patch
 *   *** Add File: path        (every following line is `+text`)
 *   *** Update File: path     (optionally `*** Move to: new`, then hunks of ` `, `-`, `+` lines)
 *   *** Delete File: path
 *   *** End Patch
 *
 * Pure. Lines outside a file section are ignored; a patch with no headers
 * changes no file.
 */
export type PatchOp =
  | { kind: 'add'; path: string; content: string }
  | { kind: 'update'; path: string; moveTo: string | null; removed: string; added: string }
  | { kind: 'delete'; path: string };

// Headers may be indented: the clients trim a line before they read it as one (OpenClaw's parser does).
const HEADER = /^\s*\*\*\* (Add File|Update File|Delete File|Move to): (.+)$/;

export function patchOps(text: string): PatchOp[] {
  const ops: PatchOp[] = [];
  let current: { kind: 'add' | 'update'; path: string; moveTo: string | null; removed: string[]; added: string[] } | null = null;
  const close = () => {
    if (!current) return;
    if (current.kind === 'add') ops.push({ kind: 'add', path: current.path, content: lines(current.added) });
    else ops.push({ kind: 'update', path: current.path, moveTo: current.moveTo, removed: lines(current.removed), added: lines(current.added) });
    current = null;
  };
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const header = HEADER.exec(line);
    if (header) {
      const [, what, rawPath] = header;
      const path = rawPath!.trim();
      if (what === 'Move to') {
        if (current?.kind === 'update') current.moveTo = path;
        continue;
      }
      close();
      if (what === 'Delete File') ops.push({ kind: 'delete', path });
      else current = { kind: what === 'Add File' ? 'add' : 'update', path, moveTo: null, removed: [], added: [] };
      continue;
    }
    if (line.trimStart().startsWith('*** ')) {
      // *** End Patch, *** End of File: no file content.
      if (/^\s*\*\*\* End Patch/.test(line)) close();
      continue;
    }
    if (!current) continue;
    if (line.startsWith('+')) current.added.push(line.slice(1));
    else if (line.startsWith('-')) current.removed.push(line.slice(1));
  }
  close();
  return ops;
}

function lines(list: string[]): string {
  return list.length ? `${list.join('\n')}\n` : '';
}

/** One patch operation as the Claude Code file tools that do the same. */
export function patchPayloads(op: PatchOp): { tool_name: string; tool_input: Record<string, unknown> }[] {
  switch (op.kind) {
    case 'add':
      return [{ tool_name: 'Write', tool_input: { file_path: op.path, content: op.content } }];
    case 'delete':
      // Claude Code has no delete tool; emptying the file is what a guard has to judge.
      return [{ tool_name: 'Write', tool_input: { file_path: op.path, content: '', patch_op: 'delete' } }];
    case 'update': {
      const edit = { tool_name: 'Edit', tool_input: { file_path: op.path, old_string: op.removed, new_string: op.added } };
      if (!op.moveTo) return [edit];
      return [
        { tool_name: 'Edit', tool_input: { ...edit.tool_input, patch_op: 'move-from' } },
        { tool_name: 'Write', tool_input: { file_path: op.moveTo, content: op.added, patch_op: 'move-to' } },
      ];
    }
  }
}
