import type { BaseIssue } from 'valibot';

/**
 * Formats the first valibot issue as one line naming the field, e.g.
 * `dispatchReceipt.planId: expected string, received number`.
 */
export function describeIssue(issues: readonly BaseIssue<unknown>[], root = ''): string {
  const issue = issues[0];
  if (!issue) return 'invalid input';
  const path = (issue.path ?? [])
    .map((p) => (typeof p.key === 'number' ? `[${p.key}]` : `.${String(p.key)}`))
    .join('')
    .replace(/^\./, '');
  const where = [root, path].filter(Boolean).join(path.startsWith('[') ? '' : '.') || '(root)';
  // A union reports "expected Object, received Object"; its own first sub-issue says what is wrong.
  if (issue.type === 'union' && issue.issues?.length) return describeIssue(issue.issues, root);
  if (issue.received === 'undefined') return `${where}: missing${issue.expected && !issue.expected.startsWith('"') ? ` (expected ${issue.expected})` : ''}`;
  if (issue.type === 'strict_object' || issue.expected === 'never') return `${where}: unknown key`;
  const expected = issue.expected ? `expected ${issue.expected}` : issue.message;
  const received = issue.received ? `, received ${issue.received}` : '';
  return `${where}: ${expected}${received}`;
}
